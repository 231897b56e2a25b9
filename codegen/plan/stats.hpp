#pragma once
// Model statistics for summaries and reports: multiply-accumulates and parameter bytes.
#include <cstdint>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// Multiply-accumulates of one operator, counted for CONV_2D (output elements x KH x KW x Cin),
// DEPTHWISE_CONV_2D (output elements x KH x KW) and FULLY_CONNECTED (output elements x input
// features); 0 for every other operator.
int64_t op_macs(const Graph& g, const Operator& op);
int64_t total_macs(const Graph& g);

// Bytes of constant data (weights, biases, shape/axis/padding tensors); data shared by several
// tensors counts once.
int64_t param_bytes(const Graph& g);
// Distinct blocks of constant data (several tensors may share one).
int constant_buffer_count(const Graph& g);

}  // namespace aotbench::codegen
