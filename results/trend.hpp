#pragma once
// The nightly trend: from a history database, per board x model, the winner's counts, flash, RAM
// and stack night after night; a night the nightly gate found regressed (its status.json), or
// without one whose run regressed against the last good one as `aotbench report --baseline`
// judges it, is marked; every point links to that night's report.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "results/history.hpp"

namespace aotbench::results {

struct TrendPoint {
  std::string run_id, date;      // date: "YYYY-MM-DD HH:MM" (UTC) of the run
  std::string winner;            // its key; empty when the night had no winner
  std::optional<double> counts, flash, ram, stack;
  CounterKind counter = CounterKind::instructions;
  std::size_t regressions = 0;  // checks regressed against the last good night of the series
  std::string report;           // report.html of that night, relative to the trend page; may be empty
};

struct TrendSeries {
  std::string board, model;
  std::vector<TrendPoint> points;  // in the order the runs were recorded
};

// Every run of `history`; reports are looked up by run id under `runs_root` (each results.json
// names its run) and linked relative to `page_dir`. Either may be empty: no links.
std::vector<TrendSeries> trend_series(const History& history, const std::filesystem::path& runs_root,
                                      const std::filesystem::path& page_dir);

std::string trend_html(const std::vector<TrendSeries>& series, const std::string& source);

}  // namespace aotbench::results
