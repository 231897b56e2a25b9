#pragma once
// A run at a glance, for the console: the compact final table of a sweep (and of
// `aotbench report RESULTS.json`) and the same as JSON for scripts.
#include <string>

#include "results/record.hpp"

namespace aotbench::results {

// One line per variant: winner/Pareto marks, key, status, median counts, µs, flash, RAM, stack,
// arena; then what the counts are and the winner.
std::string run_table(const Run& run);
// {"run": {...metadata}, "winner": key|null, "variants": [{key, status, message, pareto,
// selected, fits, outputs_match, <headline metrics>}]}
std::string run_summary_json(const Run& run);

}  // namespace aotbench::results
