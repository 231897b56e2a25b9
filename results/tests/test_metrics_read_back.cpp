// Every metric of the table survives each reader: a record with every metric set to a value of
// its own, written and read back through Google Benchmark JSON and the SQLite history, comes back
// field for field. A metric added to the table without a way back fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "results/gbench_json.hpp"
#include "results/history.hpp"
#include "results/metrics.hpp"

namespace aotbench::results {
namespace {

namespace fs = std::filesystem;

Run run_with_every_metric() {
  Run run;
  run.info.run_id = "2026-11-26T00:00:00Z_b_m_000000000000";
  run.info.date_utc = "2026-11-26T00:00:00Z";
  run.info.board = "board";
  run.info.model = "model";
  run.info.counter = CounterKind::cycles_model;
  run.info.clock_hz = 1'000'000;
  VariantResult v;
  v.key = "api=packed";
  v.knobs = {{"api", "packed"}};
  v.status = Status::ok;
  v.counts = Counts{101, 102, 103, {103, 101, 102}};
  v.instructions = Counts{104, 104, 104, {}};
  v.stack_bytes = 105;
  v.flash = SizeSplit{201, 202, 203, 204, 205};
  v.ram = SizeSplit{301, 302, 303, 304, 305};
  v.arena_bytes = 401;
  uint64_t next = 501;  // the metrics kept by name: a value each, whatever rows the table has
  for (const Metric& m : metrics())
    if (!m.read) m.set(v, next++);
  run.variants.push_back(v);
  return run;
}

void expect_same_fields(const VariantResult& want, const VariantResult& got) {
  ASSERT_TRUE(got.counts);
  EXPECT_EQ(got.counts->min, want.counts->min);
  EXPECT_EQ(got.counts->median, want.counts->median);
  EXPECT_EQ(got.counts->max, want.counts->max);
  EXPECT_EQ(got.counts->repeats, want.counts->repeats);
  ASSERT_TRUE(got.instructions);
  EXPECT_EQ(got.instructions->median, want.instructions->median);
  EXPECT_EQ(got.stack_bytes, want.stack_bytes);
  for (auto split : {&VariantResult::flash, &VariantResult::ram}) {
    ASSERT_TRUE(got.*split);
    EXPECT_EQ((got.*split)->model_code, (want.*split)->model_code);
    EXPECT_EQ((got.*split)->parameters, (want.*split)->parameters);
    EXPECT_EQ((got.*split)->kernels, (want.*split)->kernels);
    EXPECT_EQ((got.*split)->runtime, (want.*split)->runtime);
    EXPECT_EQ((got.*split)->rpc_server, (want.*split)->rpc_server);
  }
  EXPECT_EQ(got.arena_bytes, want.arena_bytes);
  EXPECT_EQ(got.more_metrics, want.more_metrics);
}

// Every metric of the table, as the record written and the record read give it.
void expect_every_metric_back(const Run& written, const Run& read) {
  ASSERT_EQ(read.variants.size(), 1u);
  for (const Metric& m : metrics()) {
    SCOPED_TRACE(m.name);
    const auto want = m.get(written.info, written.variants[0]);
    ASSERT_TRUE(want) << "the record of this test leaves the metric unset: give it a value";
    EXPECT_EQ(m.get(read.info, read.variants[0]), want);
  }
  expect_same_fields(written.variants[0], read.variants[0]);
}

TEST(MetricsReadBack, TheRecordSetsEveryMetricToAValueOfItsOwn) {
  const results::Run run = run_with_every_metric();
  std::set<double> values;
  for (const Metric& m : metrics())
    if (m.stored()) values.insert(m.get(run.info, run.variants[0]).value_or(-1));
  std::size_t stored = 0;
  for (const Metric& m : metrics()) stored += m.stored() ? 1 : 0;
  EXPECT_EQ(values.size(), stored);  // a reader mixing two metrics up would go unseen otherwise
  EXPECT_FALSE(values.count(-1));
}

TEST(MetricsReadBack, GoogleBenchmarkJson) {
  const results::Run run = run_with_every_metric();
  expect_every_metric_back(run, parse_gbench_json(gbench_json(run), "mem"));
}

TEST(MetricsReadBack, SqliteHistory) {
  const fs::path dir = fs::path(::testing::TempDir()) / "results_metrics_read_back";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const results::Run run = run_with_every_metric();
  History h(dir / "history.sqlite");
  h.append(run);
  expect_every_metric_back(run, h.load_run(run.info.run_id));
}

}  // namespace
}  // namespace aotbench::results
