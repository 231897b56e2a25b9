// `aotbench --board B --model M [options]`: the main job. Sweeps the variants on the board,
// measures each, picks the best under the board's limits and writes the results.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <unistd.h>
#include <map>

#include "base/usage_error.hpp"
#include "host/choice/fit_check.hpp"
#include "host/choice/select.hpp"
#include "host/cli/board_access_options.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"
#include "host/farm/board_spec.hpp"
#include "host/farm/farm_boards.hpp"
#include "results/pareto.hpp"
#include "results/summary.hpp"
#include "host/search/registry.hpp"
#include "host/sweep/space.hpp"
#include "host/sweep/sweep.hpp"

namespace aotbench::cli {
namespace {

void print_pareto(const results::Run& run) {
  fmt::print("Pareto front ({}, flash, stack):\n", results::unit(run.info.counter));
  for (const auto& v : run.variants) {
    if (!v.pareto) continue;
    fmt::print("  {} {:>12} {:>9} B {:>7} B  {}\n", v.selected ? "*" : " ", v.counts ? v.counts->median : 0,
               v.flash ? v.flash->total() : 0, v.stack_bytes.value_or(0), v.key);
  }
}

// --board labgrid:...: takes the places and turns the sweep onto their boards.
farm::FarmBoards take_places(sweep::SweepOptions& o, const std::string& coordinator, int places) {
  if (!o.access.gdb.empty() || !o.access.serial.empty())
    throw UsageError(fmt::format("--board {}: the places say where their GDB server and serial port are; leave out --gdb "
                                 "and --serial",
                                 o.board));
  const farm::FarmSpec spec = farm::parse_board_spec(o.board);
  const farm::Client client(coordinator);
  farm::ReserveOptions ro;
  ro.progress = [&](const farm::ReserveProgress& p) {
    if (!o.quiet) fmt::print(stderr, "aotbench: {}\n", farm::describe(p));
  };
  if (!o.quiet) fmt::print(stderr, "aotbench: taking {} at the labgrid coordinator {} ...\n", spec.str(), client.coordinator());
  farm::FarmBoards taken = farm::take_farm_boards(client, spec, places, ro, [&](const std::string& note) {
    if (!o.quiet) fmt::print(stderr, "aotbench: {}\n", note);
  });
  std::vector<std::string> names;
  for (const auto& b : taken.boards) names.push_back(fmt::format("{} (exporter {})", b.name, b.host));
  if (!o.quiet)
    fmt::print(stderr, "aotbench: board {} on {} place(s): {}\n", taken.board, names.size(), fmt::join(names, ", "));
  o.board = taken.board;
  o.remote_boards = taken.boards;
  return taken;
}

void report(const sweep::SweepOutcome& r, bool quiet, bool json) {
  if (json) {
    auto j = nlohmann::ordered_json::parse(results::run_summary_json(r.run));
    j["run_folder"] = std::filesystem::absolute(r.out_dir).lexically_normal().string();
    auto files = nlohmann::ordered_json::array();
    for (const auto& f : r.files) files.push_back(std::filesystem::absolute(f).lexically_normal().string());
    j["files"] = files;
    j["stages"] = {{"variants_measured", r.measured_now}, {"variants_resumed", r.resumed},
                   {"firmware_builds", r.times.builds}, {"boots", r.times.boots},
                   {"emulators_started", r.emulators_started},
                   {"tuning_images", r.run.tuning ? r.run.tuning->images : 0},
                   {"seconds", {{"wall", r.wall_seconds}, {"generate", r.times.generate}, {"build", r.times.build},
                                {"flash", r.times.flash}, {"run", r.times.run}}}};
    const auto& l = r.link;
    const auto faults = [](const transport::FaultCounts& f) {
      return nlohmann::ordered_json{
          {"frames", f.frames}, {"dropped", f.dropped}, {"corrupted", f.corrupted}, {"duplicated", f.duplicated}};
    };
    j["link"] = {{"requests", l.rpc.requests}, {"attempts", l.rpc.attempts}, {"silences", l.rpc.timeouts},
                 {"crc_errors", l.rpc.crc_errors}, {"nacks", l.rpc.nacks}, {"progress_frames", l.rpc.progress_frames},
                 {"faults_injected", {{"up", faults(l.up)}, {"down", faults(l.down)}}}};
    // A sweep over a farm's places: each one's share, and those taken out of service.
    std::map<std::string, std::pair<std::string, int>> share;
    for (const auto& v : r.run.variants)
      if (v.measured_on) {
        auto& [host, count] = share[v.measured_on->place];
        host = v.measured_on->host;
        ++count;
      }
    if (!share.empty() || !r.retired_boards.empty()) {
      auto places = nlohmann::ordered_json::array();
      for (const auto& [place, hc] : share) places.push_back({{"place", place}, {"host", hc.first}, {"variants", hc.second}});
      auto retired = nlohmann::ordered_json::array();
      for (const auto& [place, why] : r.retired_boards) retired.push_back({{"place", place}, {"why", why}});
      j["places"] = {{"measured_on", places}, {"retired", retired}};
    }
    auto retryable = nlohmann::ordered_json::array();
    for (const auto& [what, why] : r.retryable) retryable.push_back({{"what", what}, {"why", why}});
    j["retryable"] = retryable;
    j["rebuilt"] = r.rebuilt;  // files of aotbench's build that changed under the sweep: it stopped
    fmt::print("{}\n", j.dump(2));
  } else if (quiet) {
    if (r.winner) fmt::print("{}\n", r.run.variants[*r.winner].key);
  } else {
    fmt::print("{}\n", results::run_table(r.run));
    print_pareto(r.run);
    fmt::print("\nmeasured {} variants now{}, in {:.0f} s; {} firmware image(s) built{}; stage time summed over "
               "workers: generate {:.1f} s, build {:.1f} s, flash/boot {:.1f} s, run {:.1f} s\n",
               r.measured_now, r.resumed ? fmt::format(" ({} from before)", r.resumed) : "", r.wall_seconds,
               r.times.builds, r.run.tuning ? fmt::format(" ({} to measure layers)", r.run.tuning->images) : "",
               r.times.generate, r.times.build, r.times.flash, r.times.run);
    for (const auto& f : r.files) fmt::print("wrote {}\n", f.string());
    for (const auto& f : r.files)
      if (f.filename() == "best.toml")
        fmt::print("\nthe winner as a C library for your firmware: aotbench codegen --config {} --out DIR\n", f.string());
  }
  std::fflush(stdout);
  // Damaged frames, for lab diagnosis (and always under --link-faults). Silences alone are usual:
  // a booting firmware misses the first GetInfo.
  const auto& l = r.link.rpc;
  if (!json && (l.crc_errors || l.nacks || r.link.up.frames + r.link.down.frames))
    fmt::print(stderr, "aotbench: link: {}\n", r.link.summary());
  if (r.interrupted) {
    fmt::print(stderr, "aotbench: interrupted; {} results kept in {}; run the same command with --resume to finish\n",
               r.run.variants.size(), r.out_dir.string());
  }
}

}  // namespace

void add_sweep(CLI::App& app) {
  static sweep::SweepOptions o;
  static bool json = false;
  static std::string per_op, qemu_load = "gdb", emulators = "per-worker", objective = "cycles";
  static std::vector<std::string> inputs;
  static BoardAccessOptions access;
  static std::string coordinator;
  static int places = 0;
  app.add_option("--board", o.board,
                 "board profile name or alias (see `aotbench boards`), or a labgrid farm's: labgrid:PLACE, or "
                 "labgrid:TAG=VALUE[,TAG=VALUE] for every free place with those tags (waits its turn)");
  app.add_option("--model", o.model, "zoo spec (mnv2, vww, kws, ic, ad; e.g. mnv2:width=0.5) or a .tflite file");
  app.add_option("--variants", o.variants, "edit the sweep space (see below)")->check(variants_spec());
  app.add_option("--objective", objective, "what the winner minimizes")
      ->check(CLI::IsMember(choice::objectives()))
      ->capture_default_str();
  app.add_option("--max-flash", o.max_flash, "flash limit in bytes (K/M suffixes; default: the board's)")
      ->transform(byte_size());
  app.add_option("--max-ram", o.max_ram, "RAM limit in bytes (static RAM + stack; default: the board's)")
      ->transform(byte_size());
  app.add_option("--max-stack", o.max_stack, "stack limit in bytes (default: none)")->transform(byte_size());
  app.add_option("-j,--jobs", o.jobs,
                 fmt::format("parallel workers: builds and emulators (default and most: the core count, at most {})",
                             sweep::kMaxJobs))
      ->check(whole_number(1, kNoMaximum, "parallel workers; more than the cores are capped"));
  app.add_option("--repeat", o.repeat,
                 fmt::format("timed runs per variant, 1 to {} (default: 1 under QEMU, whose counts are exact; 5 on "
                             "hardware)", sweep::kMaxRepeat))
      ->check(whole_number(sweep::repeat_range()));
  app.add_option("--warmup", o.warmup,
                 fmt::format("untimed runs first, 0 to {} (default: 0 under QEMU, 1 on hardware)", sweep::kMaxWarmup))
      ->check(whole_number(sweep::warmup_range()));
  app.add_option("--per-op", per_op, "also profile per operator: the winner (best) or every variant (all)")
      ->expected(0, 1)
      ->default_str("best")
      ->check(CLI::IsMember({"best", "all"}));
  std::string tuners;
  for (const search::TunerEntry& t : search::tuners()) tuners += fmt::format("{} ({}), ", t.help, t.name);
  app.add_option("--tune", o.tune,
                 "after the sweep space: " + tuners +
                     "or not (off); measured layers are remembered in the history's tuning log. Under a cycle "
                     "counter a tuner's winner is then built once more with align=loops8 and kept if faster")
      ->check(CLI::IsMember(search::tune_choices()))
      ->capture_default_str();
  app.add_option("--out", o.out_dir, "results folder (default: aotbench-results/<date>_<board>_<model>)");
  app.add_option("--history", o.history, "SQLite history database (default: aotbench-results/history.sqlite; with --out DIR, DIR/history.sqlite)");
  app.add_flag("--resume", o.resume,
               "continue an interrupted sweep (--out, or the latest of this board and model); refused when the folder "
               "measured another model, board, toolchain, space, input or repeat count");
  app.add_option("--input", inputs, "raw bytes per model input (default: random, seeded by the model's hash)")
      ->check(regular_file());
  app.add_option("--qemu-load", qemu_load,
                 "emulated boards: load each firmware through QEMU's gdbstub with gdb, verified, as real boards "
                 "are (gdb), or with QEMU's -kernel (kernel)")
      ->check(CLI::IsMember({"gdb", "kernel"}))
      ->capture_default_str();
  app.add_option("--counter", o.counter,
                 "emulated boards: count executed instructions (exact, QEMU -icount) or estimated cycles (the timing "
                 "model of the board's [timing] table, instructions beside them); default: $AOTBENCH_COUNTER if set, "
                 "else cycles on boards that have a timing model")
      ->check(CLI::IsMember({"instructions", "cycles"}));
  app.add_option("--emulators", emulators,
                 "emulated boards loaded through the gdbstub: keep one QEMU per worker up across variants, as a "
                 "board on a bench (per-worker), or start a new one for every variant (per-variant)")
      ->check(CLI::IsMember({"per-worker", "per-variant"}))
      ->capture_default_str();
  access.add_to(&app, {"--serial",
                       "UART device instead of the profile's, tcp:HOST:PORT for one served raw over TCP (ser2net's raw "
                       "mode, an emulator of `aotbench device serve`), or rfc2217:HOST:PORT for one served with RFC "
                       "2217 (ser2net's telnet(rfc2217) mode)",
                       "hardware: serial number of the debug probe to flash through",
                       "load each firmware with gdb through the GDB server at HOST:PORT (OpenOCD's, port 3333; `pyocd "
                       "gdbserver`'s; an emulator's from `aotbench device serve`, with --serial tcp:HOST:PORT; on this "
                       "host or another), or `start` one of the flasher for the board's probe"});
  app.add_option("--coordinator", coordinator,
                 "labgrid:...: the coordinator HOST:PORT (default: $LG_COORDINATOR, else 127.0.0.1:20408)");
  app.add_option("--places", places, "labgrid:TAG=VALUE: use at most this many places (default: every free one)")
      ->check(whole_number(1, 64, "places"));
  app.add_flag("-q,--quiet", o.quiet, "no progress; print only the winner's key");
  app.add_flag("--json", json, "print the results as JSON on stdout");
  app.footer(sweep::space_help() +
             "\nExit codes: 0 a winner was selected; 1 an error (bad model, board, input or results folder, a tool "
             "missing, ...,\nor a measurement failed twice for a cause that may pass: a full disk, the link, the flasher; "
             "--resume retries it);\n3 no winner: no variant fits the limits (found before building when the model's "
             "parameters or arena\nalone are too big) or none ran and matched the reference, the message names the "
             "closest and how far\nit misses; 4 the model has operators aotbench cannot compile (every one is "
             "listed, before anything is built);\n130 interrupted (results so far are kept; use --resume); 64 a bad command "
             "line (an option\nthat does not apply to the board included).\n`aotbench report --baseline` exits 2 on a "
             "regression.");

  app.callback([&app] {
    if (!app.get_subcommands().empty()) return;
    if (o.board.empty() || o.model.empty())
      throw UsageError("give --board and --model (e.g. aotbench --board stm32 --model mnv2), or a command; see --help");
    for (const char* option : {"--flasher", "--probe", "--gdb", "--serial", "--counter", "--qemu-load", "--emulators"})
      if (app.count(option)) o.given.insert(option);
    const bool labgrid = farm::is_labgrid_spec(o.board);
    for (const char* option : {"--coordinator", "--places"})
      if (app.count(option) && !labgrid)
        throw UsageError(fmt::format("{}: board {} is no labgrid place; {} applies to --board labgrid:...", option,
                                     o.board, option));
    if (app.count("--places") && o.board.find('=') == std::string::npos)
      throw UsageError(fmt::format("--places: --board {} names one place; --places caps how many places of a "
                                   "reservation by tags (labgrid:TAG=VALUE) are taken",
                                   o.board));
    o.per_op = !app.count("--per-op") ? sweep::PerOp::none : per_op == "all" ? sweep::PerOp::all : sweep::PerOp::best;
    o.emulators = emulators == "per-variant" ? sweep::Emulators::per_variant : sweep::Emulators::per_worker;
    o.objective = choice::parse_objective(objective);
    o.access = access.value();
    o.access.qemu_load = qemu_load == "kernel" ? flash::QemuLoad::kernel : flash::QemuLoad::gdb;
    o.inputs.assign(inputs.begin(), inputs.end());
    // --json: stdout is the JSON alone; the live progress line still goes to a terminal's stderr.
    if (json) o.quiet = isatty(fileno(stderr)) == 0;
    o.command_line = "aotbench --board " + o.board + " --model " + o.model +
                     (o.variants.empty() ? "" : " --variants '" + o.variants + "'");
    std::optional<farm::FarmBoards> farm_boards;  // held (locked in labgrid) until the sweep has ended
    if (farm::is_labgrid_spec(o.board)) farm_boards = take_places(o, coordinator, places);
    sweep::SweepOutcome r;
    try {
      r = sweep::run_sweep(o);
    } catch (const choice::NothingFits& e) {
      fmt::print(stderr, "aotbench: {}\n", e.what());
      throw CLI::RuntimeError(kExitNoWinner);
    }
    report(r, o.quiet && !json, json);
    if (r.interrupted) throw CLI::RuntimeError(kExitInterrupted);
    if (!r.rebuilt.empty()) {
      fmt::print(stderr,
                 "aotbench: error: the build this aotbench came from changed while the sweep ran: {}. The sweep stopped "
                 "(what it measured next would mix two builds, and a firmware or emulator of one may never answer the "
                 "other); its emulators and compilers were ended. {} results are kept in {}: when the build has "
                 "finished, run the same command with --resume to measure the rest. They were measured by commit {}: "
                 "if the new build is of another commit, --resume refuses the folder, so start a new sweep\n",
                 fmt::join(r.rebuilt, "; "), r.run.variants.size(), r.out_dir.string(), r.run.info.aotbench_commit);
      throw CLI::RuntimeError(1);
    }
    if (!r.retryable.empty()) {
      fmt::print(stderr,
                 "aotbench: error: {} measurement(s) failed twice for a cause that may pass (a full disk, the link, the "
                 "flasher, a lost emulator), so the results are incomplete{}; the first: {}: {}. Fix the cause if it "
                 "is one (free disk space, check the cabling), then run the same command with --resume: it measures "
                 "only these again\n",
                 r.retryable.size(), r.winner ? " and the winner may not be the best" : "", r.retryable[0].first,
                 r.retryable[0].second);
      throw CLI::RuntimeError(1);
    }
    if (!r.winner) {
      fmt::print(stderr, "aotbench: no winner: {}\n", r.run.selection_reason);
      throw CLI::RuntimeError(kExitNoWinner);
    }
  });
}

}  // namespace aotbench::cli
