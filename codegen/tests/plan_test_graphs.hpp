#pragma once
// Small hand-made graphs for the pass and planner tests. Only what the passes look at is filled
// in (shapes, types, producers and consumers), so the expected figures can be worked out by hand.
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen::test {

inline int add_activation(Graph& g, int32_t bytes, const std::string& name) {
  Tensor t;
  t.id = static_cast<int>(g.tensors.size());
  t.name = name;
  t.type = DType::Int8;
  t.shape = {1, bytes};
  g.tensors.push_back(t);
  return t.id;
}

inline void add_node(Graph& g, OpType type, std::vector<int> in, int out) {
  Operator op;
  op.index = static_cast<int>(g.ops.size());
  op.type = type;
  op.inputs = std::move(in);
  op.outputs = {out};
  g.ops.push_back(op);
}

// A(100, input) -op0-> B(200) -op1-> C(300) -RESHAPE op2-> C2(300) -op3-> D(50, output)
struct Chain {
  Graph g;
  int a, b, c, c2, d;
};

inline Chain chain() {
  Chain x;
  x.a = add_activation(x.g, 100, "A");
  x.b = add_activation(x.g, 200, "B");
  x.c = add_activation(x.g, 300, "C");
  x.c2 = add_activation(x.g, 300, "C2");
  x.d = add_activation(x.g, 50, "D");
  add_node(x.g, OpType::Conv2D, {x.a}, x.b);
  add_node(x.g, OpType::Conv2D, {x.b}, x.c);
  add_node(x.g, OpType::Reshape, {x.c}, x.c2);
  add_node(x.g, OpType::Conv2D, {x.c2}, x.d);
  x.g.inputs = {x.a};
  x.g.outputs = {x.d};
  return x;
}

}  // namespace aotbench::codegen::test
