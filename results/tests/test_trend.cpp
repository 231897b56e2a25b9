// The nightly trend from a real history database: a series per board x model, a night that
// regressed against the last good one marked, the next night compared with the last good one.
#include <gtest/gtest.h>

#include <filesystem>

#include "results/trend.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

namespace fs = std::filesystem;

results::Run night(const std::string& id, const std::string& date, double counts_factor) {
  results::Run run = testing::sample_run();
  run.info.run_id = id;
  run.info.date_utc = date + "T03:00:00Z";
  for (auto& v : run.variants)
    if (v.counts) {
      v.counts->median = static_cast<uint64_t>(static_cast<double>(v.counts->median) * counts_factor);
      v.counts->min = v.counts->max = v.counts->median;
      v.counts->repeats = {v.counts->median};
    }
  return run;
}

TEST(Trend, SeriesPerTargetRegressionsMarked) {
  const fs::path dir = fs::temp_directory_path() / "aotbench_trend_test";
  fs::remove_all(dir);
  {
    History h(dir / "history.sqlite");
    h.append(night("n1", "2026-01-01", 1.0));
    h.append(night("n2", "2026-01-02", 1.10));  // 10% more: a regression against n1
    h.append(night("n3", "2026-01-03", 1.0));   // against n1 again (n2 was not good): none
    results::Run other = night("o1", "2026-01-01", 1.0);
    other.info.board = "mps2-an500";
    h.append(other);
  }
  const History h(dir / "history.sqlite");
  const auto series = trend_series(h, "", "");
  ASSERT_EQ(series.size(), 2u);
  ASSERT_EQ(series[0].points.size(), 3u);
  EXPECT_EQ(series[1].board, "mps2-an500");
  const auto& p = series[0].points;
  EXPECT_EQ(p[0].regressions, 0u);
  EXPECT_GT(p[1].regressions, 0u);
  EXPECT_EQ(p[2].regressions, 0u);
  EXPECT_EQ(p[1].date, "2026-01-02 03:00");
  ASSERT_TRUE(p[0].counts && p[1].counts);
  EXPECT_GT(*p[1].counts, *p[0].counts);
  const std::string html = trend_html(series, "history.sqlite");
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("class=\"pt up\""), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aotbench::results
