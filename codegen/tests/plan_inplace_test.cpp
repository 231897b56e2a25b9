// Operators in place (OverlapPermit): the planner lets an output share its input's bytes only as
// a permit allows, plan_problems accepts exactly that, and on random graphs with random permits
// every planner's plan is valid and no smaller than the lower bound.
#include <gtest/gtest.h>

#include <random>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "plan_test_graphs.hpp"

namespace aotbench::codegen {
namespace {

using test::chain;

bool has_problem(const std::vector<std::string>& problems, const std::string& text) {
  for (const std::string& p : problems) {
    if (p.find(text) != std::string::npos) return true;
  }
  return false;
}

// The chain A(100) -op0-> B(200) -op1-> C(300) -RESHAPE-> C2 -op3-> D(50), everything in the
// arena, op1 allowed to start C at most 0 bytes after B (at or below it).
TEST(InPlace, HandWorkedChain) {
  auto x = chain();
  alias_reshapes(x.g);
  const std::vector<OverlapPermit> permits{{1, x.b, x.c, 0, 1}};
  const MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, true, true, 16}, permits);
  // Order C, B, A, D: C@0; B meets C, with the window: @0 (C - B = 0 <= 0); A meets B -> @208;
  // D meets C -> @304. End 354 -> 368, where every tensor apart needs 512.
  EXPECT_EQ(p.tensors[x.c].offset, 0);
  EXPECT_EQ(p.tensors[x.b].offset, 0);
  EXPECT_EQ(p.tensors[x.a].offset, 208);
  EXPECT_EQ(p.tensors[x.d].offset, 304);
  EXPECT_EQ(p.arena_bytes, 368);
  // Live at op1: B and C, overlapping by B's 200 bytes at best; at op3: C and D, 350.
  EXPECT_EQ(p.peak_live_bytes, 350);
  ASSERT_EQ(p.overlaps.size(), 1u);
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});

  // C one byte-step past what the window allows: the checker refuses it.
  MemoryPlan late = p;
  late.tensors[x.c].offset = late.tensors[x.c2].offset = 16;
  EXPECT_TRUE(has_problem(plan_problems(x.g, late), "are alive together and overlap"));
  // The same bytes without the permit recorded in the plan: refused.
  MemoryPlan unrecorded = p;
  unrecorded.overlaps.clear();
  EXPECT_TRUE(has_problem(plan_problems(x.g, unrecorded), "are alive together and overlap"));
}

TEST(InPlace, OnlyWhereTheInputDiesAtTheOperator) {
  auto x = chain();
  alias_reshapes(x.g);
  x.g.ops[3].inputs.push_back(x.b);  // B is read again by op3: op1 may not write over it
  const std::vector<OverlapPermit> permits{{1, x.b, x.c, 0, 1}};
  const MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, true, true, 16}, permits);
  EXPECT_TRUE(p.overlaps.empty());
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
  // A plan that claims the permit anyway is refused by the checker's own lifetimes.
  MemoryPlan forced = p;
  forced.overlaps = permits;
  forced.tensors[x.b].offset = forced.tensors[x.c].offset;
  EXPECT_TRUE(has_problem(plan_problems(x.g, forced), "are alive together and overlap"));
}

// A window with a modulus (the dsp depthwise kernel's: channel over channel): the offsets differ
// by a multiple of it, and a positive max_delta lets the output start above its input.
TEST(InPlace, ModulusAndPositiveDelta) {
  auto x = chain();
  alias_reshapes(x.g);
  const std::vector<OverlapPermit> permits{{1, x.b, x.c, 96, 48}};
  for (PlanAlgorithm a : all_plan_algorithms()) {
    SCOPED_TRACE(plan_algorithm_name(a));
    const MemoryPlan p = plan_memory(x.g, {a, false, false, 16}, permits);
    // Only B and C are in the arena, together at op1: C may start 0 or 96 bytes above B (48 is
    // not a multiple of 16). The best: C at B's offset, 300 bytes.
    EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
    if (a == PlanAlgorithm::Best || a == PlanAlgorithm::Beam) {
      EXPECT_EQ(p.arena_bytes, 304);
    }
    const int64_t delta = p.tensors[x.c].offset - p.tensors[x.b].offset;
    if (!p.overlaps.empty()) {
      EXPECT_TRUE(delta % 48 == 0 && delta <= 96) << delta;
    }
  }
}

// Random graphs: each operator reads one or two earlier tensors and writes a new one (or is a
// reshape, which the alias pass may turn into a view); random
// permits between an operator's inputs and its output, of any delta and modulus. Every planner
// gives a plan the checker accepts, at or above the lower bound; Best is the smallest of them.
TEST(InPlace, RandomGraphsGiveValidPlans) {
  std::mt19937 rng(20261126);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int trial = 0; trial < 200; ++trial) {
    SCOPED_TRACE(trial);
    Graph g;
    std::vector<OverlapPermit> permits;
    const int first = test::add_activation(g, pick(1, 400), "in");
    g.inputs = {first};
    const int ops = pick(1, 14);
    for (int i = 0; i < ops; ++i) {
      const int count = static_cast<int>(g.tensors.size());
      std::vector<int> in{pick(0, count - 1)};
      const bool reshape = pick(0, 5) == 0;  // a view of its input, the same bytes
      if (!reshape && pick(0, 2) == 0) in.push_back(pick(0, count - 1));
      const int32_t bytes = reshape ? static_cast<int32_t>(g.tensors[in[0]].num_bytes()) : pick(1, 400);
      const int out = test::add_activation(g, bytes, "t" + std::to_string(i));
      test::add_node(g, reshape ? OpType::Reshape : OpType::Add, in, out);
      for (int t : in) {
        if (pick(0, 3) == 0) continue;
        const int64_t modulus = std::vector<int64_t>{1, 3, 4, 16, 48}[pick(0, 4)];
        permits.push_back({i, t, out, pick(-500, 500), modulus});
      }
    }
    g.outputs = {static_cast<int>(g.tensors.size()) - 1};
    if (pick(0, 1)) alias_reshapes(g);
    const bool io_in_arena = pick(0, 1);
    int64_t smallest = -1;
    for (PlanAlgorithm a : all_plan_algorithms()) {
      SCOPED_TRACE(plan_algorithm_name(a));
      const MemoryPlan p = plan_memory(g, {a, io_in_arena, io_in_arena, 16}, permits);
      EXPECT_EQ(plan_problems(g, p), std::vector<std::string>{});
      EXPECT_GE(p.arena_bytes, p.peak_live_bytes);
      if (a != PlanAlgorithm::Best) smallest = smallest < 0 ? p.arena_bytes : std::min(smallest, p.arena_bytes);
      if (a == PlanAlgorithm::Best) {
        EXPECT_EQ(p.arena_bytes, smallest);
      }
    }
  }
}

}  // namespace
}  // namespace aotbench::codegen
