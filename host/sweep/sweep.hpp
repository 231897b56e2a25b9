#pragma once
// `aotbench --board B --model M`: measure every variant of the sweep space on the board, pick
// the best under the board's limits, and write the results. Each finished variant is saved at
// once (results.json and the history database), so Ctrl-C or even SIGKILL loses nothing that
// was measured, and --resume measures only what is missing.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/whole_range.hpp"
#include "host/choice/select.hpp"
#include "host/measure/measure.hpp"
#include "results/record.hpp"
#include "transport/rpc/messages.hpp"

namespace aotbench::sweep {

// Bounds of the numeric options (the CLI checks them while parsing; run_sweep again, first, for the
// library's other callers).
inline constexpr int kMaxRepeat = static_cast<int>(transport::kMaxIterations);  // one Run's counts
inline constexpr int kMaxWarmup = 100;  // warm-ups per variant (the firmware takes up to 1000 per Run)
inline constexpr int kMaxJobs = 16;     // each worker runs a compiler or an emulator

// --repeat's and --warmup's ranges, in the words both checks give.
inline const base::WholeRange& repeat_range() {
  static const base::WholeRange range{
      1, kMaxRepeat, fmt::format("timed runs per variant; one device Run reports at most {}", kMaxRepeat)};
  return range;
}
inline const base::WholeRange& warmup_range() {
  static const base::WholeRange range{0, kMaxWarmup, "untimed runs before the timed ones"};
  return range;
}

// Workers for `asked` (0: one per core): at most the host's cores and kMaxJobs. `note` tells
// when the request was capped.
int worker_count(int asked, std::string* note);

enum class PerOp { none, best, all };
enum class Emulators { per_worker, per_variant };

struct SweepOptions {
  std::string board;                    // profile name or alias
  std::string model;                    // zoo spec or .tflite path
  std::string variants;                 // --variants spec (empty: the default space)
  choice::Objective objective = choice::Objective::cycles;  // what the winner minimizes
  std::optional<uint64_t> max_flash, max_ram, max_stack;
  int jobs = 0;                         // parallel workers (builds, and emulators); 0: core count
  std::optional<int> repeat, warmup;    // default: 1 and 0 under QEMU (exact counts), 5 and 1 on hardware
  PerOp per_op = PerOp::none;           // also measure with profile=ops: the winner, or every variant
  std::string tune = "layers";          // the tuner after the space (search/registry.hpp), or "off"
  std::filesystem::path out_dir;        // empty: <results_root>/<date>_<board>_<model>
  std::filesystem::path results_root = "aotbench-results";
  std::filesystem::path history;        // empty: default_history()
  bool resume = false;
  bool quiet = false;
  std::vector<std::filesystem::path> inputs;  // one raw file per graph input (default: seeded random)
  flash::BoardAccess access;           // tool, serial port, probe, GDB server, QEMU load, link faults
  // What the counts count on an emulated board: "instructions" (exact, -icount) or "cycles" (the
  // timing model's estimate; needs the board's [timing] table); "": cycles where the board has one.
  std::string counter;
  Emulators emulators = Emulators::per_worker;  // gdb loads: one QEMU per worker kept up, or one per variant
  // Boards on the network (labgrid places) to share the variants out over, instead of the above.
  std::vector<flash::RemoteBoard> remote_boards;
  std::string command_line;
  // Board-specific options given on the command line (e.g. "--emulators"), even at their default
  // values: each must apply to the board (options_apply.hpp).
  std::set<std::string> given;
};

// The history database a sweep records into: --history; else, with --out DIR, DIR/history.sqlite
// (everything a run writes stays under the folder it was given); else <results_root>/history.sqlite.
std::filesystem::path default_history(const SweepOptions& o);

struct SweepOutcome {
  results::Run run;
  std::filesystem::path out_dir;
  std::vector<std::filesystem::path> files;  // what was written
  std::optional<std::size_t> winner;
  bool interrupted = false;
  // Files of the build aotbench came from that changed while it ran (the sweep then stopped, its
  // results so far kept), one line each: what, and how.
  std::vector<std::string> rebuilt;
  measure::StageTimes times;
  transport::LinkReport link;  // summed over every device session
  double wall_seconds = 0;
  std::size_t measured_now = 0, resumed = 0;
  int emulators_started = 0;  // QEMU processes started for the measurements
  std::vector<std::pair<std::string, std::string>> retired_boards;  // remote boards that went away, and why
  // What failed twice for a cause that may pass (a full disk, the link, the flasher, a lost
  // emulator), and why: the results are incomplete; --resume measures these again.
  std::vector<std::pair<std::string, std::string>> retryable;
};

// Throws for unusable input (unknown board, bad model, bad --variants, ...) before measuring;
// UsageError for an option that does not apply to the board or a value it cannot take.
SweepOutcome run_sweep(const SweepOptions& options);

}  // namespace aotbench::sweep
