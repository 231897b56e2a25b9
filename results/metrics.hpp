#pragma once
// The numeric metrics of a variant, as one table: every writer (CSV columns, Google Benchmark
// counters, SQLite columns, HTML table), the comparison and both readers (Google Benchmark JSON,
// SQLite history) iterate over it, so a new metric is one line here: a row without accessors
// keeps its value under its name in VariantResult::more_metrics, as Google Benchmark keeps user
// counters. Lower is better for every metric.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/record.hpp"

namespace aotbench::results {

enum class Unit { counts, microseconds, bytes };

struct Metric {
  const char* name;   // column / counter name, e.g. "flash_total"
  const char* label;  // for people; "{}" is replaced by the counter kind (cycles|instructions)
  Unit unit;
  bool compared;      // checked by `aotbench report --baseline` (derived metrics are not)
  bool headline;      // shown in compact tables
  // The metric's typed field, when it has one. With neither, the value lives under the name in
  // VariantResult::more_metrics. `write` puts a value a reader found back into the record (every
  // stored metric is a whole number); nullptr with a `read` for a metric computed from others and
  // never read back (time_us).
  std::optional<double> (*read)(const RunInfo&, const VariantResult&) = nullptr;
  void (*write)(VariantResult&, uint64_t) = nullptr;

  std::optional<double> get(const RunInfo& info, const VariantResult& v) const;
  void set(VariantResult& v, uint64_t x) const;
  bool stored() const { return write != nullptr || read == nullptr; }  // read back by the readers
};

const std::vector<Metric>& metrics();
// Throws ResultsError for an unknown name.
const Metric& metric(std::string_view name);
// The label with the counter kind filled in: "instructions (median)", "flash total (bytes)".
std::string metric_label(const Metric& m, CounterKind counter);

}  // namespace aotbench::results
