#pragma once
// Pareto front over lower-is-better metrics. The tuner (host/) decides what goes into the
// schema's `pareto` flag; this helper is here so the report can draw 2-D fronts and tests can
// build realistic runs.
#include <cstddef>
#include <string>
#include <vector>

#include "results/record.hpp"

namespace aotbench::results {

// Indices of the variants not dominated on `metric_names` (names from metrics()). Only variants
// with status ok, fits != no and every metric measured take part. A variant dominates another
// when it is no worse on every metric and better on one; equal points are all on the front.
std::vector<std::size_t> pareto_front(const Run& run, const std::vector<std::string>& metric_names);

// The default front of DESIGN.md: counts_median, flash_total, stack_bytes.
std::vector<std::size_t> pareto_front(const Run& run);

// Sets VariantResult::pareto from pareto_front(run).
void mark_pareto(Run& run);

}  // namespace aotbench::results
