// `aotbench report RUN_FOLDER|RESULTS.json [--baseline OLD] ...`: show a run, re-render its report, or
// compare it with a baseline run metric by metric and fail on regressions (for CI).
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <fmt/core.h>

#include "host/cli/commands.hpp"
#include "results/compare.hpp"
#include "results/compare_report.hpp"
#include "results/decision.hpp"
#include "results/csv_writer.hpp"
#include "results/files.hpp"
#include "results/gbench_json.hpp"
#include "results/history.hpp"
#include "results/html_report.hpp"
#include "results/trend.hpp"
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
  double reserve = res::kDefaultReservePercent;
  std::string trend;  // a history database
  std::string runs;   // where the trend's points find their reports
  bool allow_missing = false;
  bool json = false;
};

// A run folder stands for its results.json.
std::filesystem::path results_file(const std::string& given) {
  const std::filesystem::path p = given;
  if (!std::filesystem::is_directory(p)) return p;
  if (std::filesystem::is_regular_file(p / "results.json")) return p / "results.json";
  throw std::runtime_error(fmt::format("{} is a folder without results.json: give a sweep's run folder "
                                       "(aotbench-results/<run>) or its results.json",
                                       given));
}

void show_run(const ReportOptions& o) {
  const std::filesystem::path file = results_file(o.results);
  res::Run run = res::read_gbench_json(file);
  res::ReportOptions html;
  html.reserve_percent = o.reserve;
  if (std::filesystem::is_regular_file(file.parent_path() / "best.toml"))
    html.best_config = (file.parent_path() / "best.toml").string();
  if (!o.html.empty()) res::write_report_html(run, o.html, html);
  if (!o.csv.empty()) res::write_results_csv(run, o.csv);
  fmt::print("{}", o.json ? res::run_summary_json(run) : res::terminal_text(res::run_table(run)));
  if (!o.json && !o.html.empty()) fmt::print("report: {}\n", o.html);
}

// The trend page of a history: --html (default trend.html), points linked to the reports under
// --runs (default: the history's folder, where scripts/nightly keeps its nights).
void show_trend(const ReportOptions& o) {
  const std::filesystem::path html = o.html.empty() ? "trend.html" : o.html;
  const std::filesystem::path runs = o.runs.empty() ? std::filesystem::path(o.trend).parent_path() : std::filesystem::path(o.runs);
  const res::History history(o.trend);
  const auto series = res::trend_series(history, runs.empty() ? "." : runs, html.parent_path().empty() ? "." : html.parent_path());
  res::write_file(html, res::trend_html(series, o.trend));
  std::size_t nights = 0, marked = 0;
  for (const auto& s : series)
    for (const auto& p : s.points) ++nights, marked += p.regressions ? 1 : 0;
  if (o.json)
    fmt::print("{{\"trend\": \"{}\", \"series\": {}, \"runs\": {}, \"regressed\": {}}}\n", html.string(), series.size(),
               nights, marked);
  else
    fmt::print("trend: {} ({} series, {} runs, {} regressed)\n", html.string(), series.size(), nights, marked);
}

void compare(const ReportOptions& o) {
  res::Run current = res::read_gbench_json(results_file(o.results));
  res::Run baseline = res::read_gbench_json(results_file(o.baseline));
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
  auto* results = cmd->add_option("results", o.results, "a sweep's run folder, or its results.json (Google Benchmark JSON)")
                      ->check(CLI::ExistingPath);
  auto* trend = cmd->add_option("--trend", o.trend,
                                "a history database: write the trend page (--html, default trend.html) of every "
                                "board x model in it, night after night")
                    ->check(CLI::ExistingFile);
  cmd->add_option("--runs", o.runs, "--trend: the folder whose run folders the points link to (default: the history's)")
      ->needs(trend);
  trend->excludes(results);
  cmd->add_option("--baseline", o.baseline, "an earlier run (folder or results.json) to compare with")
      ->check(CLI::ExistingPath);
  cmd->add_option("--reserve", o.reserve,
                  "percent of the board's flash and RAM the winner should leave for the application; the report "
                  "flags a winner that leaves less and names the fastest variant that leaves it")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
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
  cmd->callback([] {
    if (!o.trend.empty()) return show_trend(o);
    if (o.results.empty()) throw std::runtime_error("report needs a run folder (or results.json), or --trend HISTORY");
    o.baseline.empty() ? show_run(o) : compare(o);
  });
}

}  // namespace aotbench::cli
