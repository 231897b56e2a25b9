#pragma once
// Formatting helpers shared by the comparison's writers (compare_report.cpp, compare_html.cpp).
#include <optional>
#include <string>
#include <vector>

#include "results/compare.hpp"

namespace aotbench::results {

// The compared metrics shown in compact tables: counts_median, stack, flash, RAM, arena.
std::vector<std::string> headline_checks();
std::string headline_label(const std::string& metric);  // "counts", "flash", ...
const MetricDelta* find_check(const VariantDiff& v, const std::string& name);
// "+1.2%", "=" for no change, "–" when not compared.
std::string change_text(const MetricDelta* d);
// A check's value in machine form (bytes and counts as integers).
std::string check_value(const MetricDelta& d, const std::optional<double>& v);
// "flash_total: 1000 → 1100 (+10.0%, above 5%)" or "status: ok → mismatch: ...".
std::string describe_check(const Comparison& c, const MetricDelta& d);

// "ok", "ok→mismatch", "new", "missing now".
std::string status_text(const VariantDiff& v);
// "no regression above 5%" / "3 regressions above 5%".
std::string verdict(const Comparison& c);

}  // namespace aotbench::results
