#include "results/compare.hpp"

#include <cmath>
#include <limits>

#include <fmt/core.h>

#include "results/metrics.hpp"

namespace aotbench::results {
namespace {

std::optional<double> percent_change(double base, double cur) {
  if (base == cur) return 0.0;
  if (base == 0) return cur > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  return (cur - base) / base * 100.0;
}

MetricDelta metric_check(const Comparison& c, const Metric& m, const VariantResult& b, const VariantResult& v) {
  MetricDelta d{m.name, m.get(c.baseline, b), m.get(c.current, v), std::nullopt, false, ""};
  if (d.baseline && d.current) {
    d.change_pct = percent_change(*d.baseline, *d.current);
    d.regression = *d.change_pct > c.options.fail_above_pct;
  } else if (d.baseline) {
    d.note = "not measured in the current run";
  } else if (d.current) {
    d.note = "not measured in the baseline";
  }
  return d;
}

// A yes→no change of a flag that must stay yes (fits, outputs_match).
MetricDelta flag_check(const char* name, const std::optional<bool>& b, const std::optional<bool>& v) {
  auto num = [](const std::optional<bool>& x) -> std::optional<double> {
    if (!x) return std::nullopt;
    return *x ? 1.0 : 0.0;
  };
  MetricDelta d{name, num(b), num(v), std::nullopt, false, ""};
  d.regression = b == true && v == false;
  if (b != v) d.note = fmt::format("{} → {}", b ? (*b ? "yes" : "no") : "?", v ? (*v ? "yes" : "no") : "?");
  return d;
}

MetricDelta status_check(const VariantResult& b, const VariantResult& v) {
  MetricDelta d{"status", b.status == Status::ok ? 0.0 : 1.0, v.status == Status::ok ? 0.0 : 1.0, std::nullopt,
                false, ""};
  d.regression = b.status == Status::ok && v.status != Status::ok;
  if (b.status != v.status) {
    d.note = fmt::format("{} → {}", to_string(b.status), to_string(v.status));
    if (!v.message.empty()) d.note += ": " + v.message;
  }
  return d;
}

VariantDiff diff_variant(const Comparison& c, const VariantResult& b, const VariantResult& v) {
  VariantDiff d{v.key, Presence::both, b.status, v.status, {}, false};
  d.checks.push_back(status_check(b, v));
  d.checks.push_back(flag_check("fits", b.fits, v.fits));
  d.checks.push_back(flag_check("outputs_match", b.outputs_match, v.outputs_match));
  for (const auto& m : metrics()) {
    if (!m.compared || (m.unit == Unit::counts && !c.counts_compared)) continue;
    d.checks.push_back(metric_check(c, m, b, v));
  }
  for (const auto& check : d.checks) d.regression = d.regression || check.regression;
  return d;
}

void add_warnings(Comparison& c) {
  const RunInfo &b = c.baseline, &v = c.current;
  if (b.counter != v.counter) {
    c.counts_compared = false;
    c.warnings.push_back(fmt::format("the baseline counts {} and this run counts {}: counts are not compared",
                                     to_string(b.counter), to_string(v.counter)));
  }
  if (b.board != v.board) c.warnings.push_back(fmt::format("different boards: baseline '{}', now '{}'", b.board, v.board));
  if (b.model_sha256 != v.model_sha256)
    c.warnings.push_back(fmt::format("different models: baseline {} ({}), now {} ({})", b.model,
                                     b.model_sha256.substr(0, 12), v.model, v.model_sha256.substr(0, 12)));
  if (b.toolchain != v.toolchain)
    c.warnings.push_back(fmt::format("toolchain changed: '{}' → '{}'", b.toolchain, v.toolchain));
}

}  // namespace

std::size_t Comparison::regressions() const {
  std::size_t n = 0;
  for (const auto& v : variants) {
    if (v.presence == Presence::only_baseline && v.regression) ++n;
    for (const auto& c : v.checks) n += c.regression ? 1 : 0;
  }
  return n;
}

Comparison compare_runs(const Run& baseline, const Run& current, const CompareOptions& options) {
  if (!(options.fail_above_pct >= 0))
    throw ResultsError(fmt::format("threshold {}% is not valid: give a percentage >= 0", options.fail_above_pct));
  Comparison c;
  c.baseline = baseline.info;
  c.current = current.info;
  c.options = options;
  add_warnings(c);
  for (const auto& v : current.variants) {
    if (const VariantResult* b = baseline.find(v.key)) {
      c.variants.push_back(diff_variant(c, *b, v));
    } else {
      c.variants.push_back({v.key, Presence::only_current, std::nullopt, v.status, {}, false});
    }
  }
  for (const auto& b : baseline.variants)
    if (!current.find(b.key))
      c.variants.push_back({b.key, Presence::only_baseline, b.status, std::nullopt, {}, !options.allow_missing});
  return c;
}

}  // namespace aotbench::results
