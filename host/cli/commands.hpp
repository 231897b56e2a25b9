#pragma once
// Every aotbench command registers itself on the top-level CLI11 app through one of these.
#include <CLI/CLI.hpp>

namespace aotbench::cli {

// Top-level options (`aotbench --board B --model M ...`): the sweep, the tool's main job.
void add_sweep(CLI::App& app);
// `aotbench boards` and `aotbench device info|selftest|flash` (issue 2).
void add_boards(CLI::App& app);
void add_device(CLI::App& app);
// `aotbench report RESULTS.json [--baseline OLD.json]`: show, re-render or compare results.
void add_report(CLI::App& app);

}  // namespace aotbench::cli
