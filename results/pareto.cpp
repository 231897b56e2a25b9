#include "results/pareto.hpp"

#include "results/metrics.hpp"

namespace aotbench::results {
namespace {

bool dominates(const std::vector<double>& a, const std::vector<double>& b) {
  bool better = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] > b[i]) return false;
    better = better || a[i] < b[i];
  }
  return better;
}

}  // namespace

std::vector<std::size_t> pareto_front(const Run& run, const std::vector<std::string>& metric_names) {
  std::vector<const Metric*> ms;
  for (const auto& n : metric_names) ms.push_back(&metric(n));
  std::vector<std::size_t> candidates;
  std::vector<std::vector<double>> points;
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    if (v.status != Status::ok || v.fits == false) continue;
    std::vector<double> p;
    for (const auto* m : ms)
      if (auto value = m->get(run.info, v)) p.push_back(*value);
    if (p.size() != ms.size()) continue;
    candidates.push_back(i);
    points.push_back(std::move(p));
  }
  std::vector<std::size_t> front;
  for (std::size_t a = 0; a < points.size(); ++a) {
    bool dominated = false;
    for (std::size_t b = 0; b < points.size() && !dominated; ++b) dominated = dominates(points[b], points[a]);
    if (!dominated) front.push_back(candidates[a]);
  }
  return front;
}

std::vector<std::size_t> pareto_front(const Run& run) {
  return pareto_front(run, {"counts_median", "flash_total", "stack_bytes"});
}

void mark_pareto(Run& run) {
  for (auto& v : run.variants) v.pareto = false;
  for (std::size_t i : pareto_front(run)) run.variants[i].pareto = true;
}

}  // namespace aotbench::results
