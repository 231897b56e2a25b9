// aotbench: find the best way to compile a quantized network ahead of time for a microcontroller.
#include <exception>
#include <fmt/core.h>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"aotbench: generate AOT C variants of an int8 model, measure them on a board, pick the best",
               "aotbench"};
  app.set_version_flag("--version", "aotbench 0.1.0");
  aotbench::cli::add_boards(app);
  aotbench::cli::add_device(app);
  aotbench::cli::add_doctor(app);
  aotbench::cli::add_report(app);
  aotbench::cli::add_codegen(app);
  aotbench::cli::add_variants(app);
  aotbench::cli::add_infer(app);
  aotbench::cli::add_tune(app);
  aotbench::cli::add_farm(app);
  // Last: its help footer must not be copied into the subcommands created before it.
  aotbench::cli::add_sweep(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    fmt::print(stderr, "aotbench: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
