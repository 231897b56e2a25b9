#pragma once
// Pass: RESHAPE (and SQUEEZE, EXPAND_DIMS, which only reinterpret the shape too) as an alias.
// Such an operator's output is its input's bytes under another shape, so the output is marked
// Tensor::alias_of = input and the operator computes nothing.
#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// Marks the output of every RESHAPE, SQUEEZE and EXPAND_DIMS that can share its input's memory;
// returns how many. One stays a copy when its input is a constant, or when sharing would merge
// two graph inputs/outputs (which the caller may place in separate buffers).
int alias_reshapes(Graph& g);

// True for an operator whose output aliases its input: emit nothing for it.
bool is_aliased_op(const Graph& g, const Operator& op);

}  // namespace aotbench::codegen
