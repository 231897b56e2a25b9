// Pareto front over lower-is-better metrics, on hand-made points whose front is known.
#include <gtest/gtest.h>

#include "results/pareto.hpp"

namespace aotbench::results {
namespace {

VariantResult point(const std::string& key, uint64_t counts, uint64_t flash, uint64_t stack) {
  VariantResult v;
  v.key = key;
  v.status = Status::ok;
  v.counts = summarize({counts});
  v.flash = SizeSplit{flash, 0, 0, 0, 0};
  v.stack_bytes = stack;
  return v;
}

std::vector<std::string> keys(const results::Run& run, const std::vector<std::size_t>& idx) {
  std::vector<std::string> out;
  for (auto i : idx) out.push_back(run.variants[i].key);
  return out;
}

TEST(Pareto, ThreeMetricFront) {
  results::Run run;
  run.variants = {point("fast", 100, 900, 500),     point("small", 300, 500, 500),
                  point("lowstack", 300, 900, 100), point("dominated", 300, 900, 500),
                  point("twin-of-fast", 100, 900, 500)};
  // dominated is worse than fast on counts and equal elsewhere; twins are both kept.
  EXPECT_EQ(keys(run, pareto_front(run)), (std::vector<std::string>{"fast", "small", "lowstack", "twin-of-fast"}));
  EXPECT_EQ(keys(run, pareto_front(run, {"counts_median", "flash_total"})),
            (std::vector<std::string>{"fast", "small", "twin-of-fast"}));
}

TEST(Pareto, FailedUnfitAndUnmeasuredVariantsStayOff) {
  results::Run run;
  run.variants = {point("ok", 500, 500, 500), point("bad", 1, 1, 1), point("unfit", 2, 2, 2), point("nostack", 3, 3, 3)};
  run.variants[1].status = Status::mismatch;
  run.variants[2].fits = false;
  run.variants[3].stack_bytes.reset();
  mark_pareto(run);
  EXPECT_TRUE(run.variants[0].pareto);
  EXPECT_FALSE(run.variants[1].pareto);
  EXPECT_FALSE(run.variants[2].pareto);
  EXPECT_FALSE(run.variants[3].pareto);
}

}  // namespace
}  // namespace aotbench::results
