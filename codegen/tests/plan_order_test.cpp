// The execution order pass on a hand-made branching graph whose best order was worked out by hand.
#include <gtest/gtest.h>

#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/order.hpp"
#include "plan_test_graphs.hpp"

namespace aotbench::codegen {
namespace {

// A(8, input) -op0-> B(100); op1: B -> C(1000); op2: C -> D(50); op3: B -> E(10); op4: D, E -> F
// (output). In the model's order B stays alive beside C and D until op3 reads it: 1150 bytes at
// op2. Running op3 first (10 bytes more, where op1 adds 1000) lets B die at op1: B, C and E there,
// 1110 bytes; C, D and E at op2, 1060.
struct Branches {
  Graph g;
  int a, b, c, d, e, f;
};

Branches branches() {
  Branches x;
  x.a = test::add_activation(x.g, 8, "A");
  x.b = test::add_activation(x.g, 100, "B");
  x.c = test::add_activation(x.g, 1000, "C");
  x.d = test::add_activation(x.g, 50, "D");
  x.e = test::add_activation(x.g, 10, "E");
  x.f = test::add_activation(x.g, 10, "F");
  test::add_node(x.g, OpType::Conv2D, {x.a}, x.b);
  test::add_node(x.g, OpType::Conv2D, {x.b}, x.c);
  test::add_node(x.g, OpType::Conv2D, {x.c}, x.d);
  test::add_node(x.g, OpType::Conv2D, {x.b}, x.e);
  test::add_node(x.g, OpType::Add, {x.d, x.e}, x.f);
  x.g.inputs = {x.a};
  x.g.outputs = {x.f};
  return x;
}

TEST(MemoryOrder, RunsTheSmallBranchFirst) {
  Branches x = branches();
  const std::vector<int> order = memory_order(x.g);
  EXPECT_EQ(order, (std::vector<int>{0, 3, 1, 2, 4}));
  EXPECT_TRUE(is_valid_order(x.g, order));
  EXPECT_EQ(plan_memory(x.g, {PlanAlgorithm::GreedyBySize, false, false, 1}).peak_live_bytes, 1150);
  std::vector<Operator> reordered;
  for (int i : order) reordered.push_back(x.g.ops[static_cast<std::size_t>(i)]);
  x.g.ops = reordered;
  const MemoryPlan p = plan_memory(x.g, {PlanAlgorithm::GreedyBySize, false, false, 1});
  EXPECT_EQ(p.peak_live_bytes, 1110);
  EXPECT_EQ(plan_problems(x.g, p), std::vector<std::string>{});
}

TEST(MemoryOrder, RefusesOrdersThatBreakADependency) {
  const Branches x = branches();
  EXPECT_TRUE(is_valid_order(x.g, {0, 1, 2, 3, 4}));
  EXPECT_FALSE(is_valid_order(x.g, {0, 2, 1, 3, 4}));  // op2 reads C before op1 writes it
  EXPECT_FALSE(is_valid_order(x.g, {0, 1, 2, 3}));     // an operator left out
  EXPECT_FALSE(is_valid_order(x.g, {0, 1, 1, 3, 4}));  // one twice
}

// Two operators that update the same variable tensor keep their order, whatever they add.
TEST(MemoryOrder, OperatorsOfAVariableKeepTheirOrder) {
  Branches x = branches();
  const int state = test::add_activation(x.g, 4, "S");
  x.g.tensors[state].is_variable = true;
  x.g.ops[1].inputs.push_back(state);
  x.g.ops[3].inputs.push_back(state);
  const std::vector<int> order = memory_order(x.g);
  EXPECT_TRUE(is_valid_order(x.g, order));
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace aotbench::codegen
