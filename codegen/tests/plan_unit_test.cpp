// The passes and planners on hand-made graphs whose answers were worked out by hand (see the
// comments), plus plan_problems catching broken plans.
#include <gtest/gtest.h>

#include <stdexcept>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/greedy.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "plan_test_graphs.hpp"

namespace aotbench::codegen {
namespace {

using test::chain;

TEST(AliasPass, ReshapeOutputSharesItsInputsMemory) {
  auto x = chain();
  EXPECT_EQ(alias_reshapes(x.g), 1);
  EXPECT_EQ(x.g.tensors[x.c2].alias_of, x.c);
  EXPECT_EQ(alias_root(x.g, x.c2), x.c);
  EXPECT_TRUE(is_aliased_op(x.g, x.g.ops[2]));
  EXPECT_FALSE(is_aliased_op(x.g, x.g.ops[1]));
  EXPECT_EQ(alias_reshapes(x.g), 0) << "a second run finds nothing new";
}

TEST(AliasPass, KeepsACopyBetweenAGraphInputAndAGraphOutput) {
  Graph g;
  int in = test::add_activation(g, 64, "in");
  int out = test::add_activation(g, 64, "out");
  test::add_node(g, OpType::Reshape, {in}, out);
  g.inputs = {in};
  g.outputs = {out};
  EXPECT_EQ(alias_reshapes(g), 0);
  EXPECT_EQ(g.tensors[out].alias_of, -1);
}

TEST(AliasPass, LeavesReshapesOfConstantsAlone) {
  auto x = chain();
  std::vector<uint8_t> bytes(300, 1);
  x.g.tensors[x.c].data = bytes;  // pretend C is a constant
  EXPECT_EQ(alias_reshapes(x.g), 0);
}

TEST(Lifetimes, FromProducerToLastReaderWithAliasesMerged) {
  auto x = chain();
  alias_reshapes(x.g);
  std::vector<BufferLife> b = buffer_lifetimes(x.g);
  ASSERT_EQ(b.size(), 4u);  // A, B, C+C2, D (ordered by root id)
  EXPECT_EQ(b[0].root, x.a);
  EXPECT_EQ(b[0].input_index, 0);
  EXPECT_EQ(std::pair(b[0].first_op, b[0].last_op), std::pair(0, 0));
  EXPECT_EQ(std::pair(b[1].first_op, b[1].last_op), std::pair(0, 1));
  EXPECT_EQ(b[2].members, (std::vector<int>{x.c, x.c2}));
  EXPECT_EQ(std::pair(b[2].first_op, b[2].last_op), std::pair(1, 3));
  EXPECT_EQ(b[3].output_index, 0);
  EXPECT_EQ(std::pair(b[3].first_op, b[3].last_op), std::pair(3, 3));
  // Live per operator: op0 A+B=300, op1 B+C=500, op2 C=300, op3 C+D=350.
  EXPECT_EQ(peak_live_bytes(b), 500);
}

TEST(Lifetimes, GraphOutputsLiveUntilTheEnd) {
  auto x = chain();
  x.g.outputs = {x.b, x.d};  // B is also an output: it must survive op1..op3
  std::vector<BufferLife> b = buffer_lifetimes(x.g);
  EXPECT_EQ(b[1].last_op, 3);
  EXPECT_EQ(b[1].output_index, 0);
}

TEST(GreedyBySize, HandWorkedChain) {
  auto x = chain();
  alias_reshapes(x.g);
  MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, true, true, 16});
  // Order C(300), B(200), A(100), D(50): C@0; B meets C at op1 -> @304; A meets only B -> @0;
  // D meets only C -> @304. End 504, rounded to 512.
  EXPECT_EQ(p.tensors[x.c].offset, 0);
  EXPECT_EQ(p.tensors[x.c2].offset, 0);
  EXPECT_EQ(p.tensors[x.b].offset, 304);
  EXPECT_EQ(p.tensors[x.a].offset, 0);
  EXPECT_EQ(p.tensors[x.d].offset, 304);
  EXPECT_EQ(p.arena_bytes, 512);
  EXPECT_EQ(p.peak_live_bytes, 500);
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
}

TEST(GreedyByConflicts, OrdersByConflictCountThenSize) {
  // W conflicts with X and Y; X only with W; Y with W and Z; Z only with Y.
  std::vector<BufferLife> b(4);
  b[0].bytes = 10, b[0].first_op = 0, b[0].last_op = 2;   // W
  b[1].bytes = 500, b[1].first_op = 0, b[1].last_op = 0;  // X
  b[2].bytes = 20, b[2].first_op = 2, b[2].last_op = 3;   // Y
  b[3].bytes = 30, b[3].first_op = 3, b[3].last_op = 3;   // Z
  EXPECT_EQ(plan_detail::order_by_conflicts(b), (std::vector<int>{2, 0, 1, 3}));
  EXPECT_EQ(plan_detail::order_by_size(b), (std::vector<int>{1, 3, 2, 0}));
  // Conflict order: Y@0; W meets Y -> @32; X meets W and does not fit below it -> @48;
  // Z meets Y -> @32.
  EXPECT_EQ(plan_detail::place_first_fit(b, {2, 0, 1, 3}, 16),
            (std::vector<int64_t>{32, 48, 0, 32}));
}

TEST(FirstFit, UsesAGapBetweenPlacedBuffers) {
  std::vector<BufferLife> b(3);
  b[0].bytes = 64, b[0].first_op = 0, b[0].last_op = 5;
  b[1].bytes = 64, b[1].first_op = 0, b[1].last_op = 5;
  b[2].bytes = 16, b[2].first_op = 2, b[2].last_op = 2;
  // 0@0, 1@64, and 2 meets both -> @128.
  EXPECT_EQ(plan_detail::place_first_fit(b, {0, 1, 2}, 16), (std::vector<int64_t>{0, 64, 128}));
  b[1].first_op = 3;  // now 1 and 2 never meet: 2 shares 1's bytes at 64
  EXPECT_EQ(plan_detail::place_first_fit(b, {0, 1, 2}, 16), (std::vector<int64_t>{0, 64, 64}));
}

TEST(MemoryPlan, InputsAndOutputsOutsideTheArena) {
  auto x = chain();
  alias_reshapes(x.g);
  MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, false, false, 16});
  EXPECT_EQ(p.tensors[x.a].home, Home::Input);
  EXPECT_EQ(p.tensors[x.a].io_index, 0);
  EXPECT_EQ(p.tensors[x.d].home, Home::Output);
  EXPECT_EQ(p.tensors[x.b].home, Home::Arena);
  // Only B [0,1] and C [1,3] remain: C@0, B@304 -> 504 -> 512.
  EXPECT_EQ(p.arena_bytes, 512);
  EXPECT_EQ(p.buffers.size(), 2u);
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
}

TEST(MemoryPlan, AlignmentIsAParameter) {
  auto x = chain();
  MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, true, true, 64});
  for (const TensorHome& h : p.tensors) EXPECT_EQ(h.offset % 64 == 0 || h.offset == -1, true);
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
  EXPECT_THROW(plan_memory(x.g, {PlanAlgorithm::GreedyBySize, true, true, 24}),
               std::invalid_argument);
}

TEST(MemoryPlan, AlgorithmNamesRoundTrip) {
  for (PlanAlgorithm a : all_plan_algorithms()) {
    EXPECT_EQ(parse_plan_algorithm(plan_algorithm_name(a)), a);
  }
  EXPECT_EQ(parse_plan_algorithm("best_fit"), std::nullopt);
}

bool has_problem(const std::vector<std::string>& problems, const std::string& text) {
  for (const std::string& p : problems) {
    if (p.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(PlanProblems, CatchesOverlapMisalignmentAndMissingHomes) {
  auto x = chain();  // no alias pass: C and C2 are separate tensors here
  MemoryPlan good = plan_memory(x.g);
  ASSERT_EQ(plan_problems(x.g, good), std::vector<std::string>{});

  MemoryPlan overlap = good;
  overlap.tensors[x.b].offset = overlap.tensors[x.c].offset;  // B and C meet at op1
  EXPECT_TRUE(has_problem(plan_problems(x.g, overlap), "tensors #1 and #2 are alive together"));

  MemoryPlan misaligned = good;
  misaligned.tensors[x.d].offset += 8;
  EXPECT_TRUE(has_problem(plan_problems(x.g, misaligned), "tensor #4 at misaligned offset"));

  MemoryPlan homeless = good;
  homeless.tensors[x.a].home = Home::Unused;
  EXPECT_TRUE(has_problem(plan_problems(x.g, homeless), "tensor #0 has no home"));

  MemoryPlan small = good;
  small.arena_bytes = 256;
  EXPECT_TRUE(has_problem(plan_problems(x.g, small), "ends past the arena"));
}

// The chain with two variables read by op1 (state: 40 and 20 bytes): they live apart from the
// activations, each in 16-byte aligned bytes of its own, and are never aliased.
TEST(MemoryPlan, VariablesGetStateBytesOfTheirOwn) {
  auto x = chain();
  const int s1 = test::add_activation(x.g, 40, "S1"), s2 = test::add_activation(x.g, 20, "S2");
  x.g.tensors[s1].is_variable = x.g.tensors[s2].is_variable = true;
  x.g.ops[1].inputs.insert(x.g.ops[1].inputs.end(), {s1, s2});
  const int view = test::add_activation(x.g, 40, "S1 reshaped");
  test::add_node(x.g, OpType::Reshape, {s1}, view);
  x.g.ops.back().index = 4;
  x.g.ops[3].inputs.push_back(view);
  std::swap(x.g.ops[3], x.g.ops[4]);  // the copy of S1 runs before op3 reads it
  std::swap(x.g.ops[3].index, x.g.ops[4].index);
  EXPECT_EQ(alias_reshapes(x.g), 1) << "only C2: a view of state would change with the state";
  EXPECT_EQ(x.g.tensors[view].alias_of, -1);
  const MemoryPlan plan = plan_memory(x.g);
  EXPECT_EQ(plan_problems(x.g, plan), std::vector<std::string>{});
  EXPECT_EQ(plan.state_bytes, 48 + 32);
  EXPECT_EQ(plan.tensors[s1].home, Home::State);
  EXPECT_EQ(plan.tensors[s1].offset, 0);
  EXPECT_EQ(plan.tensors[s2].offset, 48);
  for (const PlannedBuffer& b : plan.buffers) {
    EXPECT_NE(b.life.root, s1);
    EXPECT_NE(b.life.root, s2);
  }
  MemoryPlan shared = plan;
  shared.tensors[s2].offset = 32;
  EXPECT_TRUE(has_problem(plan_problems(x.g, shared), "variables #5 and #6 share state bytes"));
  MemoryPlan in_arena = plan;
  in_arena.tensors[s1] = {Home::Arena, 0, -1};
  EXPECT_TRUE(has_problem(plan_problems(x.g, in_arena), "tensor #5 is a variable but outside the state region"));
}

}  // namespace
}  // namespace aotbench::codegen
