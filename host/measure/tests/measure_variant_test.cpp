// The per-variant pipeline's bookkeeping: a stage that fails still counts its time, so a sweep
// whose links all fail does not report "build 0.0 s".
#include <gtest/gtest.h>

#include "host/board/registry.hpp"
#include "host/measure/measure.hpp"

using namespace aotbench;

namespace {

TEST(Measure, AFailedBuildCountsItsTime) {
  const infer::LoadedModel model = infer::load_model("kws");
  measure::MeasureSetup setup;
  setup.board = board::Registry().get("netduinoplus2", {});
  setup.model = &model;
  // Every compile of this variant fails: a header that does not exist.
  setup.extra_cflags = {"-include", "/nonexistent/aotbench-measure-test.h"};
  std::atomic<bool> stop{false};
  std::vector<measure::Stage> stages;
  const measure::Measurement m = measure::measure_variant(
      setup, codegen::Variant::parse("opt=Os"), [&](measure::Stage s) { stages.push_back(s); }, stop);
  EXPECT_EQ(m.result.status, results::Status::build_failed) << m.result.message;
  EXPECT_NE(m.result.message.find("aotbench-measure-test.h"), std::string::npos) << m.result.message;
  EXPECT_EQ(stages, (std::vector<measure::Stage>{measure::Stage::generate, measure::Stage::build, measure::Stage::done}));
  EXPECT_GT(m.times.build, 0.0);  // the compiler ran (and failed) for a measurable time
  EXPECT_EQ(m.times.flash, 0.0);
  EXPECT_EQ(m.times.run, 0.0);
}

}  // namespace
