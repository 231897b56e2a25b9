// The schema's helpers: summaries, enum text, keys, run ids, validation.
#include <gtest/gtest.h>

#include "results/metrics.hpp"
#include "results/record.hpp"

namespace aotbench::results {
namespace {

TEST(Record, SummarizeOddRepeats) {
  Counts c = summarize({30, 10, 20});
  EXPECT_EQ(c.min, 10u);
  EXPECT_EQ(c.median, 20u);
  EXPECT_EQ(c.max, 30u);
  EXPECT_EQ(c.repeats, (std::vector<uint64_t>{30, 10, 20}));  // run order kept
}

TEST(Record, SummarizeEvenRepeatsTakesLowerMiddle) {
  Counts c = summarize({40, 10, 30, 20});
  EXPECT_EQ(c.median, 20u);
  EXPECT_THROW(summarize({}), ResultsError);
}

TEST(Record, EnumsRoundTripAndRejectUnknownWords) {
  for (Status s : {Status::ok, Status::build_failed, Status::flash_failed, Status::run_failed, Status::mismatch,
                   Status::does_not_fit, Status::skipped})
    EXPECT_EQ(parse_status(to_string(s)), s);
  EXPECT_EQ(parse_counter("cycles"), CounterKind::cycles_dwt);
  EXPECT_EQ(parse_target("hardware"), Target::hardware);
  try {
    parse_status("crashed");
    FAIL() << "no exception";
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("crashed"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("build_failed"), std::string::npos);  // lists the valid words
  }
}

TEST(Record, KeyJoinsKnobsInTheirOrder) {
  EXPECT_EQ(key_of({{"api", "packed"}, {"opt", "Os"}}), "api=packed,opt=Os");
  EXPECT_EQ(key_of({}), "");
}

TEST(Record, RunIdIsFileNameSafe) {
  RunInfo i;
  i.date_utc = "2026-11-20T03:00:00Z";
  i.board = "stm32 f4/disco";
  i.model = "../x<y>";
  i.model_sha256 = "0123456789abcdef";
  EXPECT_EQ(make_run_id(i), "2026-11-20T03-00-00Z_stm32-f4-disco_..-x-y-_0123456789ab");
}

TEST(Record, TimeUsUsesTheBoardClock) {
  RunInfo i;
  i.clock_hz = 168'000'000;
  VariantResult v;
  EXPECT_FALSE(time_us(i, v).has_value());
  v.counts = summarize({1'680'000});
  EXPECT_DOUBLE_EQ(*time_us(i, v), 10'000.0);
  i.clock_hz = 0;
  EXPECT_FALSE(time_us(i, v).has_value());
}

TEST(Record, ValidateRejectsDuplicateKeysAndTwoWinners) {
  results::Run run;
  run.variants.resize(2);
  run.variants[0].key = "a";
  run.variants[1].key = "a";
  EXPECT_THROW(validate(run), ResultsError);
  run.variants[1].key = "b";
  validate(run);
  run.variants[0].selected = run.variants[1].selected = true;
  EXPECT_THROW(validate(run), ResultsError);
  run.variants[1].key = "";
  EXPECT_THROW(validate(run), ResultsError);
}

TEST(Record, KnobNamesAreTheUnionInFirstSeenOrder) {
  results::Run run;
  run.variants.resize(2);
  run.variants[0].knobs = {{"api", "packed"}, {"opt", "Os"}};
  run.variants[1].knobs = {{"api", "unpacked"}, {"cc", "clang"}, {"opt", "O2"}};
  EXPECT_EQ(run.knob_names(), (std::vector<std::string>{"api", "opt", "cc"}));
  EXPECT_EQ(run.variants[1].knob("cc"), "clang");
  EXPECT_EQ(run.variants[0].knob("cc"), "");
}

TEST(Metrics, SplitTotalsAndLabels) {
  RunInfo i;
  VariantResult v;
  v.flash = SizeSplit{1, 20, 300, 4000, 50000};
  EXPECT_EQ(*metric("flash_total").get(i, v), 54321.0);
  EXPECT_EQ(*metric("flash_kernels").get(i, v), 300.0);
  EXPECT_FALSE(metric("ram_total").get(i, v).has_value());
  EXPECT_EQ(metric_label(metric("counts_median"), CounterKind::instructions), "instructions (median)");
  EXPECT_EQ(metric_label(metric("counts_max"), CounterKind::cycles_dwt), "cycles (max)");
  EXPECT_THROW(metric("speed"), ResultsError);
}

}  // namespace
}  // namespace aotbench::results
