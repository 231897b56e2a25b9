#include "results/compare_format.hpp"

#include <fmt/core.h>

#include "results/metrics.hpp"
#include "results/text.hpp"

namespace aotbench::results {

std::vector<std::string> headline_checks() {
  std::vector<std::string> names;
  for (const auto& m : metrics())
    if (m.headline && m.compared) names.push_back(m.name);
  return names;
}

std::string headline_label(const std::string& name) {
  if (name == "counts_median") return "counts";
  if (name == "ram_total") return "RAM";
  return name.substr(0, name.find('_'));  // flash_total -> flash, stack_bytes -> stack
}

const MetricDelta* find_check(const VariantDiff& v, const std::string& name) {
  for (const auto& c : v.checks)
    if (c.metric == name) return &c;
  return nullptr;
}

std::string change_text(const MetricDelta* d) {
  if (!d || !d->change_pct) return "–";
  if (*d->change_pct == 0) return "=";
  return pretty_percent(*d->change_pct);
}

std::string check_value(const MetricDelta& d, const std::optional<double>& v) {
  if (!v) return {};
  for (const auto& m : metrics())
    if (d.metric == m.name) return plain_value(v, m.unit);
  return fmt::format("{:g}", *v);
}

std::string describe_check(const Comparison& c, const MetricDelta& d) {
  if (!d.note.empty() && !d.change_pct) return fmt::format("{}: {}", d.metric, d.note);
  return fmt::format("{}: {} → {} ({}, above {:g}%)", d.metric, check_value(d, d.baseline), check_value(d, d.current),
                     change_text(&d), c.options.fail_above_pct);
}

std::string status_text(const VariantDiff& v) {
  if (v.presence == Presence::only_baseline) return "missing now";
  if (v.presence == Presence::only_current) return "new";
  if (v.baseline_status != v.current_status)
    return fmt::format("{}→{}", to_string(*v.baseline_status), to_string(*v.current_status));
  return to_string(*v.current_status);
}

std::string verdict(const Comparison& c) {
  std::size_t n = c.regressions();
  if (n == 0) return fmt::format("no regression above {:g}%", c.options.fail_above_pct);
  return fmt::format("{} regression{} above {:g}%", n, n == 1 ? "" : "s", c.options.fail_above_pct);
}

}  // namespace aotbench::results
