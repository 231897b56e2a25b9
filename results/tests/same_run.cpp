#include "results/tests/same_run.hpp"

#include <gtest/gtest.h>

namespace aotbench::results::testing {
namespace {

void expect_same_split(const std::optional<SizeSplit>& a, const std::optional<SizeSplit>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->model_code, b->model_code);
  EXPECT_EQ(a->parameters, b->parameters);
  EXPECT_EQ(a->kernels, b->kernels);
  EXPECT_EQ(a->runtime, b->runtime);
  EXPECT_EQ(a->rpc_server, b->rpc_server);
}

void expect_same_variant(const VariantResult& a, const VariantResult& b) {
  SCOPED_TRACE(a.key);
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.knobs, b.knobs);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.message, b.message);
  EXPECT_EQ(a.retryable, b.retryable);
  ASSERT_EQ(a.counts.has_value(), b.counts.has_value());
  if (a.counts) {
    EXPECT_EQ(a.counts->min, b.counts->min);
    EXPECT_EQ(a.counts->median, b.counts->median);
    EXPECT_EQ(a.counts->max, b.counts->max);
    EXPECT_EQ(a.counts->repeats, b.counts->repeats);
  }
  EXPECT_EQ(a.stack_bytes, b.stack_bytes);
  expect_same_split(a.flash, b.flash);
  expect_same_split(a.ram, b.ram);
  EXPECT_EQ(a.arena_bytes, b.arena_bytes);
  EXPECT_EQ(a.fits, b.fits);
  EXPECT_EQ(a.outputs_match, b.outputs_match);
  EXPECT_EQ(a.selected, b.selected);
  EXPECT_EQ(a.pareto, b.pareto);
  EXPECT_EQ(a.measured_on, b.measured_on);
  ASSERT_EQ(a.ops.size(), b.ops.size());
  for (std::size_t i = 0; i < a.ops.size(); ++i) {
    EXPECT_EQ(a.ops[i].index, b.ops[i].index);
    EXPECT_EQ(a.ops[i].type, b.ops[i].type);
    EXPECT_EQ(a.ops[i].counts, b.ops[i].counts);
    EXPECT_EQ(a.ops[i].macs, b.ops[i].macs);
  }
}

}  // namespace

void expect_same_run(const Run& a, const Run& b) {
  const RunInfo &x = a.info, &y = b.info;
  EXPECT_EQ(x.run_id, y.run_id);
  EXPECT_EQ(x.date_utc, y.date_utc);
  EXPECT_EQ(x.aotbench_commit, y.aotbench_commit);
  EXPECT_EQ(x.toolchain, y.toolchain);
  EXPECT_EQ(x.qemu, y.qemu);
  EXPECT_EQ(x.board, y.board);
  EXPECT_EQ(x.target, y.target);
  EXPECT_EQ(x.counter, y.counter);
  EXPECT_EQ(x.clock_hz, y.clock_hz);
  EXPECT_EQ(x.model, y.model);
  EXPECT_EQ(x.model_sha256, y.model_sha256);
  EXPECT_EQ(x.objective, y.objective);
  EXPECT_EQ(x.command_line, y.command_line);
  EXPECT_EQ(a.selection_reason, b.selection_reason);
  ASSERT_EQ(a.variants.size(), b.variants.size());
  for (std::size_t i = 0; i < a.variants.size(); ++i) expect_same_variant(a.variants[i], b.variants[i]);
  ASSERT_EQ(a.tuning.has_value(), b.tuning.has_value());
  if (!a.tuning) return;
  const Tuning &s = *a.tuning, &t = *b.tuning;
  EXPECT_EQ(s.base_key, t.base_key);
  EXPECT_EQ(s.tuned_key, t.tuned_key);
  EXPECT_EQ(s.images, t.images);
  EXPECT_EQ(s.measured, t.measured);
  EXPECT_EQ(s.from_log, t.from_log);
  EXPECT_EQ(s.layers_sum, t.layers_sum);
  EXPECT_EQ(s.note, t.note);
  ASSERT_EQ(s.layers.size(), t.layers.size());
  for (std::size_t i = 0; i < s.layers.size(); ++i) {
    const TunedLayer &x = s.layers[i], &y = t.layers[i];
    EXPECT_EQ(x.index, y.index);
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.shape, y.shape);
    EXPECT_EQ(x.macs, y.macs);
    EXPECT_EQ(x.schedule, y.schedule);
    EXPECT_EQ(x.counts, y.counts);
    EXPECT_EQ(x.spread, y.spread);
    EXPECT_EQ(x.reference, y.reference);
    EXPECT_EQ(x.close_call, y.close_call);
    EXPECT_EQ(x.from_log, y.from_log);
    EXPECT_EQ(x.candidates, y.candidates);
  }
  ASSERT_EQ(s.corrections.size(), t.corrections.size());
  for (std::size_t i = 0; i < s.corrections.size(); ++i) {
    const LogCorrection &x = s.corrections[i], &y = t.corrections[i];
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.shape, y.shape);
    EXPECT_EQ(x.schedule, y.schedule);
    EXPECT_EQ(x.logged, y.logged);
    EXPECT_EQ(x.measured, y.measured);
    EXPECT_EQ(x.why, y.why);
  }
}

}  // namespace aotbench::results::testing
