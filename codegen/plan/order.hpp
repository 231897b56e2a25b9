#pragma once
// Execution order: where the graph branches (residual blocks, concatenations), the model's order
// of independent operators is one of several; another may keep fewer bytes alive at once.
#include <vector>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// A topological order of g.ops (positions in g.ops) that, at every step, runs the ready operator
// that adds the fewest live activation bytes (its outputs less the inputs it reads last), the
// earliest in the model's order on a tie. Operators sharing a variable tensor keep their order.
std::vector<int> memory_order(const Graph& g);

// Whether `order` is a permutation of g.ops in which every tensor is written before it is read
// and every variable tensor's operators keep the model's order.
bool is_valid_order(const Graph& g, const std::vector<int>& order);

// g's structure with its operators in `order` (positions in g.ops).
Graph in_order(const Graph& g, const std::vector<int>& order);

}  // namespace aotbench::codegen
