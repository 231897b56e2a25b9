// The sweep's last stage after a tuner: the winner built once more with aligned loops, when that
// can pay and was not searched already; what came of it in its note.
#include <gtest/gtest.h>

#include "host/board/registry.hpp"
#include "host/search/align_trial/align_trial.hpp"

using namespace aotbench;

namespace {

class AlignTrialTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setup_.board = board::Registry().get("netduinoplus2", {});
    run_.info.counter = results::CounterKind::cycles_model;
    add("opt=O2,kernels=dsp", 900000);
    add("opt=O3,kernels=dsp,layers=3:dsp_1x1_w16", 850000);  // the winner: what a tuner composed
  }

  void add(const std::string& spec, uint64_t counts) {
    const codegen::Variant v = codegen::Variant::parse(spec);
    if (!v.layer_schedules().size()) space_.push_back(v);
    results::VariantResult r;
    r.key = v.key();
    r.knobs = measure::knobs_of(v);
    r.status = results::Status::ok;
    r.outputs_match = true;
    r.counts = results::summarize({counts});
    r.flash = results::SizeSplit{};
    r.flash->parameters = 60000;
    r.ram = results::SizeSplit{};
    r.ram->model_code = 30000;
    r.stack_bytes = 400;
    run_.variants.push_back(r);
  }

  std::vector<search::Proposal> next(search::AlignTrial& trial, choice::Objective objective = choice::Objective::cycles) {
    const search::SearchState state{run_, space_, setup_, roomy_, objective};
    return trial.next(state);
  }

  measure::Measurement measured(const search::Proposal& p, uint64_t counts) const {
    measure::Measurement m;
    m.result = run_.variants[1];
    m.result.key = p.variant.key();
    m.result.counts = results::summarize({counts});
    return m;
  }

  std::vector<codegen::Variant> space_;
  measure::MeasureSetup setup_;
  results::Run run_;
  const choice::Limits roomy_{1 << 20, 1 << 20, std::nullopt};
};

TEST_F(AlignTrialTest, TheWinnerIsBuiltOnceMoreAligned) {
  search::AlignTrial trial;
  const auto batch = next(trial);
  ASSERT_EQ(batch.size(), 1u);
  EXPECT_TRUE(batch[0].result);  // a result of the run: the winner's selection sees it
  codegen::Variant want = codegen::Variant::parse("opt=O3,kernels=dsp,layers=3:dsp_1x1_w16");
  want.set("align", search::AlignTrial::kTried);
  EXPECT_EQ(batch[0].variant, want);
  trial.observe(batch[0], measured(batch[0], 841500));
  EXPECT_TRUE(next(trial).empty());  // one image, once
  EXPECT_EQ(trial.note(),
            "loop alignment: align=loops8 counted 841500 against 850000 unaligned (-1.00%), faster: the winner unless "
            "it misses a limit");
}

TEST_F(AlignTrialTest, ASlowerAlignmentIsSaidToLeaveTheWinner) {
  search::AlignTrial trial;
  const auto batch = next(trial);
  ASSERT_EQ(batch.size(), 1u);
  trial.observe(batch[0], measured(batch[0], 851700));
  EXPECT_NE(trial.note().find("(+0.20%), the winner stays unaligned"), std::string::npos) << trial.note();
}

// Padding is only more instructions to count; another objective is not about speed.
TEST_F(AlignTrialTest, NothingUnderTheInstructionCounterOrAnotherObjective) {
  search::AlignTrial flash;
  EXPECT_TRUE(next(flash, choice::Objective::flash).empty());
  run_.info.counter = results::CounterKind::instructions;
  search::AlignTrial counted;
  EXPECT_TRUE(next(counted).empty());
  EXPECT_EQ(counted.note(), "");  // not worth a line on every exact-count sweep
}

TEST_F(AlignTrialTest, NothingWhenTheSpaceSearchedAlignment) {
  space_.push_back(codegen::Variant::parse("opt=O2,kernels=dsp,align=loops8"));
  search::AlignTrial trial;
  EXPECT_TRUE(next(trial).empty());
}

// gcc aligns no loop at -Os: the aligned build would be the same image under another key.
TEST_F(AlignTrialTest, AWinnerAtOsIsNotTriedAndTheNoteSaysWhy) {
  add("opt=Os,kernels=dsp", 800000);
  search::AlignTrial trial;
  EXPECT_TRUE(next(trial).empty());
  EXPECT_NE(trial.note().find("give opt=O2 or O3"), std::string::npos) << trial.note();
}

}  // namespace
