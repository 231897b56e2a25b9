// The per-variant pipeline's bookkeeping: a stage that fails still counts its time, so a sweep
// whose links all fail does not report "build 0.0 s".
#include <gtest/gtest.h>

#include "board/registry.hpp"
#include "sweep/measure.hpp"

using namespace aotbench;

namespace {

TEST(Measure, AFailedBuildCountsItsTime) {
  const infer::LoadedModel model = infer::load_model("kws");
  sweep::MeasureSetup setup;
  setup.board = board::Registry().get("netduinoplus2", {});
  setup.model = &model;
  // Every compile of this variant fails: a header that does not exist.
  setup.extra_cflags = {"-include", "/nonexistent/aotbench-measure-test.h"};
  std::atomic<bool> stop{false};
  std::vector<sweep::Stage> stages;
  const sweep::Measurement m = sweep::measure_variant(
      setup, codegen::Variant::parse("opt=Os"), [&](sweep::Stage s) { stages.push_back(s); }, stop);
  EXPECT_EQ(m.result.status, results::Status::build_failed) << m.result.message;
  EXPECT_NE(m.result.message.find("aotbench-measure-test.h"), std::string::npos) << m.result.message;
  EXPECT_EQ(stages, (std::vector<sweep::Stage>{sweep::Stage::generate, sweep::Stage::build, sweep::Stage::done}));
  EXPECT_GT(m.times.build, 0.0);  // the compiler ran (and failed) for a measurable time
  EXPECT_EQ(m.times.flash, 0.0);
  EXPECT_EQ(m.times.run, 0.0);
}

}  // namespace
