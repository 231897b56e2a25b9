#pragma once
// Every aotbench command registers itself on the top-level CLI11 app through one of these.
#include <CLI/CLI.hpp>

namespace aotbench::cli {

// Exit codes beyond 0 (done) and 1 (an error), the same for every command (documented in the
// sweep's --help and README.md).
constexpr int kExitRegression = 2;    // `report --baseline`: a figure got worse past --fail-above
constexpr int kExitNoWinner = 3;      // nothing fits the limits, or nothing ran and matched the reference
constexpr int kExitUnsupportedModel = 4;  // the model has operators aotbench cannot compile (all listed)
constexpr int kExitInterrupted = 130;  // Ctrl-C or SIGTERM: what was done is kept, what was held is released
// A bad command line, whatever the mistake (an unknown option, a value out of range, an option
// that does not apply to the board): sysexits.h's EX_USAGE.
constexpr int kExitUsage = 64;

// Top-level options (`aotbench --board B --model M ...`): the sweep, the tool's main job.
void add_sweep(CLI::App& app);
// `aotbench boards` and `aotbench device info|selftest|flash` (issue 2).
void add_boards(CLI::App& app);
void add_device(CLI::App& app);
// `aotbench device serve --board B`: an emulated board left running for other clients.
void add_device_serve(CLI::App& device);
// `aotbench doctor --board B`: is the bench ready (toolchain, probe, serial port, firmware)?
void add_doctor(CLI::App& app);
// `aotbench report RESULTS.json [--baseline OLD.json]`: show, re-render or compare results.
void add_report(CLI::App& app);

// `aotbench codegen`, `aotbench variants` and `aotbench infer --board host` (issue 3).
void add_codegen(CLI::App& app);
void add_variants(CLI::App& app);
// `aotbench ops`: the operators, their type combinations and kernel schedules.
void add_ops(CLI::App& app);
void add_infer(CLI::App& app);
// `aotbench tune --export/--import FILE`: the tuning log between machines.
void add_tune(CLI::App& app);
// `aotbench cache [--prune]`: the build cache's size, and pruning it.
void add_cache(CLI::App& app);
// `aotbench farm places|lease`: a labgrid board farm (host/farm).
void add_farm(CLI::App& app);

}  // namespace aotbench::cli
