// aotbench-boardgen: writes the generated firmware files of every board profile (or of the
// boards named) into OUT/<board>/. The CMake firmware build runs it before cross-compiling.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "host/board/board_files.hpp"
#include "host/board/registry.hpp"

int main(int argc, char** argv) {
  CLI::App app{"aotbench-boardgen: startup code, linker script and board config from board profiles"};
  std::string boards_dir, out;
  std::vector<std::string> only;
  app.add_option("--boards-dir", boards_dir, "folder of board profiles")->required();
  app.add_option("--out", out, "output folder (one subfolder per board)")->required();
  app.add_option("--board", only, "only these boards (default: all)");
  CLI11_PARSE(app, argc, argv);
  try {
    aotbench::board::Registry reg(boards_dir);
    std::vector<std::string> names = only.empty() ? reg.names() : only;
    for (auto& name : names) {
      const auto& p = reg.get(reg.resolve(name, {}), {});
      aotbench::board::write_board_files(p, std::filesystem::path(out) / p.name);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "aotbench-boardgen: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
