#pragma once
// Generation-time evaluation: every operator whose inputs are all constant, and every SHAPE
// (shapes are static), is computed by its reference kernel on the host and its outputs become
// constants; operators whose results nothing reads are dropped. A Keras reshape with a dynamic
// batch (SHAPE -> STRIDED_SLICE -> PACK -> RESHAPE) becomes a static RESHAPE, and the generated
// code holds no shape arithmetic.
#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// Returns how many operators were removed (folded or dead).
int fold_constants(Graph& g);

}  // namespace aotbench::codegen
