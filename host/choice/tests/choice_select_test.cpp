// Selection: limits, objectives, the winner and the reason.
#include <gtest/gtest.h>

#include "host/choice/select.hpp"

using namespace aotbench;

namespace {

results::VariantResult variant(const std::string& key, uint64_t counts, uint64_t flash, uint64_t ram, uint64_t stack) {
  results::VariantResult v;
  v.key = key;
  v.knobs = {{"api", key}};
  v.status = results::Status::ok;
  v.outputs_match = true;
  v.counts = results::summarize({counts});
  v.flash = results::SizeSplit{flash, 0, 0, 0, 0};
  v.ram = results::SizeSplit{ram, 0, 0, 0, 0};
  v.stack_bytes = stack;
  return v;
}

results::Run run() {
  results::Run r;
  r.info.counter = results::CounterKind::instructions;
  r.variants = {variant("fast", 100, 900, 500, 50),     // fastest, but flash above a 800 B limit
                variant("small", 150, 300, 400, 40),     // least flash and RAM
                variant("middle", 120, 500, 450, 60),    // fastest of those that fit 800 B
                variant("lean", 130, 400, 390, 10)};     // least stack and RAM
  results::VariantResult broken = variant("broken", 10, 10, 10, 10);
  broken.outputs_match = false;  // fastest of all, but wrong: never a winner
  r.variants.push_back(broken);
  return r;
}

std::string winner(results::Run r, choice::Limits limits, const std::string& objective) {
  const auto w = choice::select_winner(r, limits, choice::parse_objective(objective));
  return w ? r.variants[*w].key : "";
}

TEST(Select, ObjectivesUnderTheBoardsLimits) {
  const choice::Limits roomy{10000, 10000, std::nullopt};
  EXPECT_EQ(winner(run(), roomy, "cycles"), "fast");
  EXPECT_EQ(winner(run(), roomy, "flash"), "small");
  EXPECT_EQ(winner(run(), roomy, "ram"), "lean");    // 390 + 10
  EXPECT_EQ(winner(run(), roomy, "stack"), "lean");
  const choice::Limits tight{800, 10000, std::nullopt};
  EXPECT_EQ(winner(run(), tight, "cycles"), "middle");
  const choice::Limits stack_limit{10000, 10000, 45};
  EXPECT_EQ(winner(run(), stack_limit, "cycles"), "lean");  // fast (50 B) and middle (60 B) exceed 45 B of stack
}

TEST(Select, BalancedIsTheGeometricMeanOfRelativeCyclesFlashAndRam) {
  // Relative to the best of each (cycles 100, flash 300, RAM 400):
  // fast 1.00*3.00*1.375=4.125, small 1.5*1*1.1=1.65, middle 1.2*1.667*1.275=2.55, lean 1.3*1.333*1.0=1.733.
  EXPECT_EQ(winner(run(), {10000, 10000, std::nullopt}, "balanced"), "small");
}

TEST(Select, FitsFlagsAndReason) {
  results::Run r = run();
  const auto w = choice::select_winner(r, {800, 10000, std::nullopt}, choice::Objective::cycles);
  ASSERT_TRUE(w);
  EXPECT_EQ(r.variants[0].fits, false);
  EXPECT_EQ(r.variants[1].fits, true);
  EXPECT_TRUE(r.variants[*w].selected);
  int selected = 0;
  for (const auto& v : r.variants) selected += v.selected;
  EXPECT_EQ(selected, 1);
  EXPECT_NE(r.selection_reason.find("best median instructions among the 3 variants"), std::string::npos) << r.selection_reason;
  EXPECT_NE(r.selection_reason.find("runner-up lean is 8.3% worse"), std::string::npos) << r.selection_reason;
  EXPECT_NE(r.selection_reason.find("1 mismatch"), std::string::npos);
  EXPECT_NE(r.selection_reason.find("1 over the limits"), std::string::npos);
}

TEST(Select, NoWinnerIsExplained) {
  results::Run r = run();
  EXPECT_FALSE(choice::select_winner(r, {1, 1, std::nullopt}, choice::Objective::cycles));
  EXPECT_NE(r.selection_reason.find("no variant qualifies"), std::string::npos);
  // small misses least: (300 - 1) + (400 + 40 - 1) = 738 B; lean 798, middle 1008, fast 1448.
  EXPECT_NE(r.selection_reason.find("the closest, small, misses by 738 B in all: flash 300 B is 299 B over the 1 B "
                                    "limit; RAM 440 B (static 400 + stack 40) is 439 B over the 1 B limit"),
            std::string::npos)
      << r.selection_reason;
  EXPECT_NE(r.selection_reason.find("1 mismatch, 4 over the limits"), std::string::npos) << r.selection_reason;

  // Only the stack limit is missed: lean's 10 B is 5 B over 5 B, and its flash and RAM are within.
  results::Run s = run();
  EXPECT_FALSE(choice::select_winner(s, {10000, 10000, 5}, choice::Objective::cycles));
  EXPECT_NE(s.selection_reason.find("fit (flash <= 10000 B, RAM <= 10000 B, stack <= 5 B)"), std::string::npos)
      << s.selection_reason;
  EXPECT_NE(s.selection_reason.find("the closest, lean, misses by 5 B in all: flash 400 B is within the 10000 B limit; "
                                    "RAM 400 B (static 390 + stack 10) is within the 10000 B limit; stack 10 B is 5 B "
                                    "over the 5 B limit"),
            std::string::npos)
      << s.selection_reason;

  // Nothing ran: the first failure says why.
  results::Run failed;
  failed.variants = {variant("a", 1, 1, 1, 1), variant("b", 1, 1, 1, 1)};
  for (auto& v : failed.variants) v.status = results::Status::build_failed, v.message = "cannot find arm-none-eabi-gcc";
  failed.variants[0].flash.reset();
  EXPECT_FALSE(choice::select_winner(failed, {10000, 10000, std::nullopt}, choice::Objective::cycles));
  EXPECT_NE(failed.selection_reason.find("2 build_failed; none ran and matched the reference; e.g. a: cannot find "
                                         "arm-none-eabi-gcc"),
            std::string::npos)
      << failed.selection_reason;
  EXPECT_THROW(choice::parse_objective("speed"), std::invalid_argument);
}

}  // namespace
