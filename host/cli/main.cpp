// aotbench: find the best way to compile a quantized network ahead of time for a microcontroller.
#include <exception>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "base/usage_error.hpp"
#include "host/cli/commands.hpp"
#include "host/sweep/build_commit.hpp"
#include "codegen/reader/reader.hpp"
#include "results/text.hpp"

namespace {

// Every operator the model needs and aotbench lacks, as text on stderr and, under --json, as
// data on stdout; exit code 4 whatever the command.
int refuse(const aotbench::codegen::UnsupportedModel& e, int argc, char** argv) {
  fmt::print(stderr, "aotbench: error: {}\n", e.what());
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--json") continue;
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (const auto& p : e.problems()) ops.push_back({{"index", p.index}, {"operator", p.op}, {"message", p.message}});
    nlohmann::ordered_json j{{"error", "unsupported_model"}, {"message", e.what()}, {"operators", ops},
                             {"supported", aotbench::codegen::supported_operators()}};
    fmt::print("{}\n", j.dump(2));
    break;
  }
  return aotbench::cli::kExitUnsupportedModel;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"aotbench: generate AOT C variants of an int8 model, measure them on a board, pick the best",
               "aotbench"};
  app.set_version_flag("--version", std::string("aotbench " AOTBENCH_VERSION " (commit ") + aotbench::sweep::build_commit() + ")");
  aotbench::cli::add_boards(app);
  aotbench::cli::add_device(app);
  aotbench::cli::add_doctor(app);
  aotbench::cli::add_report(app);
  aotbench::cli::add_codegen(app);
  aotbench::cli::add_variants(app);
  aotbench::cli::add_ops(app);
  aotbench::cli::add_infer(app);
  aotbench::cli::add_tune(app);
  aotbench::cli::add_cache(app);
  aotbench::cli::add_farm(app);
  // Last: its help footer must not be copied into the subcommands created before it.
  aotbench::cli::add_sweep(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {  // a command's own exit code (3, 130, ...)
    return app.exit(e);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {  // every mistake CLI11 finds: one exit code
    app.exit(e);
    return aotbench::cli::kExitUsage;
  } catch (const aotbench::UsageError& e) {
    fmt::print(stderr, "aotbench: error: {}\nRun with --help for more information.\n",
               aotbench::results::terminal_text(e.what()));
    return aotbench::cli::kExitUsage;
  } catch (const aotbench::codegen::UnsupportedModel& e) {
    return refuse(e, argc, argv);
  } catch (const std::exception& e) {  // its message may quote a file name or a results file's text
    fmt::print(stderr, "aotbench: error: {}\n", aotbench::results::terminal_text(e.what()));
    return 1;
  }
  return 0;
}
