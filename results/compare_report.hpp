#pragma once
// The ways a Comparison is shown: a compact console table, CSV, JUnit XML, JSON and HTML.
#include <string>

#include "results/compare.hpp"

namespace aotbench::results {

// One line per variant that changed (status, presence, a regression or a headline metric) with
// the change of the headline metrics, a count of the unchanged ones, then every regression and
// every variant present in only one run, then a one-line verdict.
std::string comparison_table(const Comparison& c);

// key, presence, check, baseline, current, change_pct, regression, note — one row per check,
// one row per variant present in only one run (check "presence").
std::string comparison_csv(const Comparison& c);

// JUnit XML: one testsuite, one testcase per variant × check (classname = variant key, name =
// check); regressions are <failure>s; a variant missing from the current run is a failed
// "presence" testcase (skipped with --allow-missing), a new one a passed "presence" testcase.
std::string comparison_junit(const Comparison& c);

// Everything above as one JSON document (for scripts).
std::string comparison_json(const Comparison& c);

// A self-contained HTML page: summary, changes of the headline metrics per variant (sortable),
// a bar chart of the change in counts, every regression, both runs' metadata.
std::string comparison_html(const Comparison& c);

}  // namespace aotbench::results
