#pragma once
// What determines an operator's cost whatever its weights are: kind, tensor shapes, window
// (stride, dilation, padding), activation, the quantization layout (per-tensor or per-channel)
// and whether an input offset or a weights zero point is present. Two layers with the same
// signature run the same instructions under the same schedule, so a measured layer need not be
// measured again, in this model or in another (the tuning log's key).
#include <string>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// e.g. "CONV_2D in=1x48x48x8 w=16x1x1x8 out=1x48x48x16 s=1x1 d=1x1 pad=SAME+0/0/0/0 act=RELU6 q=pc"
std::string op_signature(const Graph& g, const Operator& op);

// A human-readable shape, e.g. "48x48x8" (batch 1 left out), for tables.
std::string shape_text(const Tensor& t);

}  // namespace aotbench::codegen
