// Baseline comparison on runs with known changes (see sample_run.hpp).
#include <gtest/gtest.h>

#include <cmath>

#include "results/compare.hpp"
#include "results/compare_report.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

using testing::changed_run;
using testing::sample_run;

const VariantDiff& diff(const Comparison& c, const std::string& key) {
  for (const auto& v : c.variants)
    if (v.key == key) return v;
  throw std::runtime_error("variant not in comparison: " + key);
}

std::vector<std::string> regressed_checks(const VariantDiff& v) {
  std::vector<std::string> out;
  for (const auto& d : v.checks)
    if (d.regression) out.push_back(d.metric);
  return out;
}

TEST(Compare, SameRunHasNoRegression) {
  Comparison c = compare_runs(sample_run(), sample_run());
  EXPECT_EQ(c.regressions(), 0u);
  EXPECT_FALSE(c.failed());
  EXPECT_TRUE(c.warnings.empty());
  EXPECT_EQ(c.variants.size(), sample_run().variants.size());
}

TEST(Compare, FindsEveryKnownChangeAtZeroThreshold) {
  const results::Run base = sample_run(), now = changed_run();
  Comparison c = compare_runs(base, now);
  EXPECT_EQ(regressed_checks(diff(c, testing::kSlowerKey)), (std::vector<std::string>{"counts_median"}));
  EXPECT_EQ(regressed_checks(diff(c, testing::kBiggerKey)),
            (std::vector<std::string>{"flash_total", "flash_model_code"}));
  EXPECT_EQ(regressed_checks(diff(c, testing::kBrokenKey)), (std::vector<std::string>{"status", "outputs_match"}));
  EXPECT_TRUE(regressed_checks(diff(c, testing::kFasterKey)).empty());
  EXPECT_EQ(diff(c, testing::kDroppedKey).presence, Presence::only_baseline);
  EXPECT_TRUE(diff(c, testing::kDroppedKey).regression);
  EXPECT_EQ(diff(c, testing::kAddedKey).presence, Presence::only_current);
  EXPECT_FALSE(diff(c, testing::kAddedKey).regression);
  EXPECT_EQ(c.regressions(), 6u);
  EXPECT_EQ(c.variants.size(), now.variants.size() + 1);  // nothing dropped silently

  // The change is computed from the runs' own medians.
  double old_median = double(base.find(testing::kSlowerKey)->counts->median);
  double new_median = double(now.find(testing::kSlowerKey)->counts->median);
  for (const auto& d : diff(c, testing::kSlowerKey).checks)
    if (d.metric == "counts_median") {
      EXPECT_NEAR(*d.change_pct, (new_median - old_median) / old_median * 100, 1e-9);
    }
  for (const auto& d : diff(c, testing::kFasterKey).checks)
    if (d.metric == "counts_median") {
      EXPECT_LT(*d.change_pct, -4.9);
    }
}

TEST(Compare, ThresholdAndAllowMissing) {
  Comparison c = compare_runs(sample_run(), changed_run(), {5.0, false});
  EXPECT_TRUE(regressed_checks(diff(c, testing::kBiggerKey)).empty());  // +3% is under 5%
  EXPECT_EQ(c.regressions(), 4u);
  c = compare_runs(sample_run(), changed_run(), {50.0, true});
  EXPECT_FALSE(diff(c, testing::kDroppedKey).regression);
  EXPECT_EQ(c.regressions(), 2u);  // a broken variant fails whatever the threshold
  EXPECT_THROW(compare_runs(sample_run(), sample_run(), {-1.0, false}), ResultsError);
}

TEST(Compare, GrowthFromZeroIsInfinite) {
  results::Run base = sample_run(), now = sample_run();
  now.variants[0].ram->parameters = 64;
  ASSERT_EQ(base.variants[0].ram->parameters, 0u);
  Comparison c = compare_runs(base, now, {1000.0, false});
  bool seen = false;
  for (const auto& d : c.variants[0].checks)
    if (d.metric == "ram_parameters") {
      seen = true;
      EXPECT_TRUE(std::isinf(*d.change_pct));
      EXPECT_TRUE(d.regression);
    }
  EXPECT_TRUE(seen);
}

TEST(Compare, DifferentCounterKindsAreNotCompared) {
  results::Run now = changed_run();
  now.info.counter = CounterKind::cycles_dwt;
  now.info.target = Target::hardware;
  Comparison c = compare_runs(sample_run(), now);
  EXPECT_FALSE(c.counts_compared);
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_NE(c.warnings[0].find("instructions"), std::string::npos);
  EXPECT_TRUE(regressed_checks(diff(c, testing::kSlowerKey)).empty());
}

TEST(Compare, TableListsChangedVariantsAndEveryRegression) {
  Comparison c = compare_runs(sample_run(), changed_run());
  std::string t = comparison_table(c);
  for (const char* key : {testing::kSlowerKey, testing::kBiggerKey, testing::kBrokenKey, testing::kFasterKey,
                          testing::kDroppedKey, testing::kAddedKey})
    EXPECT_NE(t.find(std::string(key) + " "), std::string::npos) << key;
  EXPECT_NE(t.find("(33 more variants: same status, same headline metrics)"), std::string::npos) << t;
  EXPECT_NE(t.find("6 regressions above 0%"), std::string::npos) << t;
  EXPECT_NE(t.find(std::string("REGRESSION ") + testing::kBrokenKey + ": status: ok → mismatch"), std::string::npos);
  EXPECT_NE(t.find(std::string("REGRESSION ") + testing::kDroppedKey), std::string::npos);
}

}  // namespace
}  // namespace aotbench::results
