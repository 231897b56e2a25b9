#pragma once
// report.html: one self-contained page for one run: the winner and why, a sortable table of
// every variant, bar chart of counts, scatter of counts vs flash with the Pareto front, stack
// bars, flash/RAM split, per-operator tables and the run's metadata. Counts are labelled with
// what they are (cycles or instructions). Every string from the model or the variants is escaped.
#include <filesystem>
#include <string>
#include <vector>

#include "results/decision.hpp"
#include "results/record.hpp"

namespace aotbench::results {

struct ReportOptions {
  double reserve_percent = kDefaultReservePercent;  // flash and RAM a winner should leave the application
  std::string best_config;        // where the run's best.toml is, for the codegen command shown
};

std::string report_html(const Run& run, const ReportOptions& o = {});
void write_report_html(const Run& run, const std::filesystem::path& path, const ReportOptions& o = {});

// The knobs whose values differ between the run's variants, in knob order.
std::vector<std::string> varying_knobs(const Run& run);
// Short names for chart labels: the values of varying_knobs joined by '/' ("packed/c/static/...",
// "-" for a knob a variant lacks; a tuned layers list as "65 layers"); the full key when no knob
// differs.
std::vector<std::string> short_labels(const Run& run);

// One sentence saying what the counts are, for reports and console output.
std::string counter_note(const RunInfo& info);

}  // namespace aotbench::results
