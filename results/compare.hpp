#pragma once
// Baseline comparison: two runs, metric by metric per variant key. Lower is better for every
// metric; a metric regresses when it grew by more than the threshold (percent of the baseline).
// A variant that turned from ok to failed, stopped fitting or stopped matching the reference
// regresses too. Variants present in only one run are reported, never dropped.
#include <optional>
#include <string>
#include <vector>

#include "results/record.hpp"

namespace aotbench::results {

struct CompareOptions {
  double fail_above_pct = 0.0;  // 0: any growth is a regression
  bool allow_missing = false;   // a variant missing from the current run is not a regression
};

// One check of one variant: a metric of metrics(), or "status", "fits", "outputs_match".
struct MetricDelta {
  std::string metric;
  std::optional<double> baseline, current;  // booleans as 0/1; status as 0 (ok) / 1 (not ok)
  std::optional<double> change_pct;         // +inf when the baseline is 0 and the value grew
  bool regression = false;
  std::string note;  // what changed, in words, when it is not a plain number (e.g. "ok → mismatch")
};

enum class Presence { both, only_baseline, only_current };

struct VariantDiff {
  std::string key;
  Presence presence = Presence::both;
  std::optional<Status> baseline_status, current_status;
  std::vector<MetricDelta> checks;  // empty unless presence == both
  bool regression = false;          // any check regressed, or missing when not allowed
};

struct Comparison {
  RunInfo baseline, current;
  CompareOptions options;
  std::vector<VariantDiff> variants;  // current run's order, then variants only in the baseline
  std::vector<std::string> warnings;  // e.g. different boards or counter kinds
  bool counts_compared = true;        // false when the counter kinds differ

  std::size_t regressions() const;  // number of regressed checks (missing variants count one each)
  bool failed() const { return regressions() > 0; }
};

Comparison compare_runs(const Run& baseline, const Run& current, const CompareOptions& options = {});

}  // namespace aotbench::results
