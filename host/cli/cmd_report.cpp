// `aotbench report RESULTS.json [--baseline OLD.json] ...`: show a run, re-render its report, or
// compare it with a baseline run metric by metric and fail on regressions (for CI).
#include <cstdio>
#include <string>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "results/compare.hpp"
#include "results/compare_report.hpp"
#include "results/csv_writer.hpp"
#include "results/files.hpp"
#include "results/gbench_json.hpp"
#include "results/html_report.hpp"
#include "results/summary.hpp"
#include "results/text.hpp"

namespace aotbench::cli {
namespace {

namespace res = aotbench::results;

struct ReportOptions {
  std::string results;
  std::string baseline;
  std::string html;
  std::string csv;
  std::string junit;
  double fail_above = 0.0;
  bool allow_missing = false;
  bool json = false;
};

void show_run(const ReportOptions& o) {
  res::Run run = res::read_gbench_json(o.results);
  if (!o.html.empty()) res::write_report_html(run, o.html);
  if (!o.csv.empty()) res::write_results_csv(run, o.csv);
  fmt::print("{}", o.json ? res::run_summary_json(run) : res::terminal_text(res::run_table(run)));
  if (!o.json && !o.html.empty()) fmt::print("report: {}\n", o.html);
}

void compare(const ReportOptions& o) {
  res::Run current = res::read_gbench_json(o.results);
  res::Run baseline = res::read_gbench_json(o.baseline);
  res::Comparison c = res::compare_runs(baseline, current, {o.fail_above, o.allow_missing});
  if (!o.html.empty()) res::write_file(o.html, res::comparison_html(c));
  if (!o.csv.empty()) res::write_file(o.csv, res::comparison_csv(c));
  if (!o.junit.empty()) res::write_file(o.junit, res::comparison_junit(c));
  fmt::print("{}", o.json ? res::comparison_json(c) : res::terminal_text(res::comparison_table(c)));
  std::fflush(stdout);
  if (c.failed()) throw CLI::RuntimeError(kExitRegression);
}

}  // namespace

void add_report(CLI::App& app) {
  static ReportOptions o;
  CLI::App* cmd = app.add_subcommand(
      "report", "show a run's results, re-render its HTML report, or compare it with a baseline run");
  cmd->add_option("results", o.results, "results.json of a sweep (Google Benchmark JSON written by aotbench)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--baseline", o.baseline, "results.json of an earlier run to compare with")->check(CLI::ExistingFile);
  cmd->add_option("--html", o.html, "write an HTML page: the comparison with --baseline, else the run's report");
  cmd->add_option("--csv", o.csv, "write CSV: one row per variant x metric with --baseline, else results.csv");
  auto* fail = cmd->add_option("--fail-above", o.fail_above,
                               "percent a metric may grow before it counts as a regression (default 0: any growth)")
                   ->check(CLI::NonNegativeNumber);
  auto* junit = cmd->add_option("--junit", o.junit, "write JUnit XML: one testcase per variant x metric");
  auto* allow = cmd->add_flag("--allow-missing", o.allow_missing,
                              "a variant in the baseline but not in this run is reported, not a regression");
  cmd->add_flag("--json", o.json, "print JSON instead of the table (for scripts)");
  cmd->footer(
      "Every metric is lower-is-better: counts (cycles or instructions, as the runs recorded), flash, RAM,\n"
      "stack and arena per part; a variant that stops being ok, stops fitting or stops matching the\n"
      "reference regresses too. Variants present in only one run are listed.\n\n"
      "Exit status: 0 no regression (or no --baseline), 1 error (unreadable or invalid input, cannot\n"
      "write an output), 2 at least one regression above --fail-above (outputs are still written),\n"
      "100 and above: bad command line.");
  for (CLI::Option* needs_baseline : {fail, junit, allow}) needs_baseline->needs("--baseline");
  cmd->callback([] { o.baseline.empty() ? show_run(o) : compare(o); });
}

}  // namespace aotbench::cli
