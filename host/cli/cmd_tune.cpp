// `aotbench tune --export FILE | --import FILE`: move the tuning log (what each layer cost under
// each kernel schedule, per board, core, compiler and build) between machines as JSON lines.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <stdexcept>

#include "host/cli/commands.hpp"
#include "results/tuning_log.hpp"

namespace aotbench::cli {

void add_tune(CLI::App& app) {
  struct Options {
    std::string export_to, import_from, history = "aotbench-results/history.sqlite";
    bool json = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "tune", "the tuning log: per-layer measurements a sweep remembers (board, core, compiler, build, layer "
              "signature, schedule); export it to a file or import one, one JSON object per line");
  auto* ex = cmd->add_option("--export", o.export_to, "write every entry to FILE");
  auto* im = cmd->add_option("--import", o.import_from, "add FILE's entries (an entry replaces one with its key)")
                 ->check(CLI::ExistingFile);
  ex->excludes(im);
  cmd->add_option("--history", o.history, "the history database that holds the log")->capture_default_str();
  cmd->add_flag("--json", o.json, "print what was done as JSON");
  cmd->callback([] {
    if (o.export_to.empty() && o.import_from.empty())
      throw std::runtime_error("give --export FILE or --import FILE (see aotbench tune --help)");
    if (!o.import_from.empty() || std::filesystem::exists(o.history)) {
      results::TuningLog log(o.history);
      const std::size_t n = o.export_to.empty() ? log.import_jsonl(o.import_from) : log.export_jsonl(o.export_to);
      const std::string file = o.export_to.empty() ? o.import_from : o.export_to;
      if (o.json) {
        fmt::print("{}\n", nlohmann::json{{o.export_to.empty() ? "imported" : "exported", n}, {"file", file},
                                           {"history", o.history}, {"entries", log.size()}}
                               .dump(2));
      } else {
        fmt::print("{} {} entries {} {} ({} in {})\n", o.export_to.empty() ? "imported" : "exported", n,
                   o.export_to.empty() ? "from" : "to", file, log.size(), o.history);
      }
      return;
    }
    throw std::runtime_error(fmt::format("no history database {}: nothing to export (give --history)", o.history));
  });
}

}  // namespace aotbench::cli
