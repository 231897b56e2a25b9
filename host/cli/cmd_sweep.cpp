// `aotbench --board B --model M`: sweep variants on a board, measure, select, report.
#include <stdexcept>

#include "cli/commands.hpp"

namespace aotbench::cli {

void add_sweep(CLI::App& app) {
  struct Options {
    std::string board;
    std::string model;
  };
  static Options opts;
  app.add_option("--board", opts.board, "board profile name or alias (see `aotbench boards`)");
  app.add_option("--model", opts.model, "zoo model name (mnv2, vww, kws, ic, ad) or a .tflite path");
  app.callback([&app] {
    if (!app.get_subcommands().empty()) return;
    if (opts.board.empty() || opts.model.empty())
      throw std::runtime_error("give --board and --model (see --help), or a command");
    throw std::runtime_error("the sweep is not built yet (issue 4)");
  });
}

}  // namespace aotbench::cli
