#pragma once
// Shared helpers of the per-operator lowering files: tensor access with clear errors.
#include <fmt/format.h>

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ab_params.h"
#include "codegen/lower/lower.hpp"
#include "codegen/lower/quant_math.hpp"

namespace aotbench::codegen::lower_detail {

class OpContext {
 public:
  OpContext(const Graph& g, const Operator& op, const LowerOptions& options)
      : graph(g), node(op), opts(options) {}

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> what, Args&&... args) const {
    throw LowerError(fmt::format("{}: operator {} ({}): {}", graph.source, node.index,
                                 op_name(node.type),
                                 fmt::format(what, std::forward<Args>(args)...)));
  }

  bool has_input(std::size_t i) const { return i < node.inputs.size() && node.inputs[i] >= 0; }
  const Tensor& input(std::size_t i) const;
  const Tensor& output(std::size_t i = 0) const;
  std::size_t num_inputs() const { return node.inputs.size(); }

  // Scale and zero point of a per-tensor quantized tensor.
  float scale(const Tensor& t) const;
  int32_t zero_point(const Tensor& t) const;
  // All scales of a (possibly per-channel) quantized tensor.
  const std::vector<float>& scales(const Tensor& t) const;

  // Shape of a rank-4 tensor as ab_dims4.
  ab_dims4 dims4(const Tensor& t) const;
  // Values of a small constant int32/int64 tensor (axes, paddings, permutations).
  std::vector<int64_t> int_values(const Tensor& t) const;

  template <typename T>
  const T& options() const {
    const T* o = std::get_if<T>(&node.options);
    if (!o) fail("operator options are missing");
    return *o;
  }

  const Graph& graph;
  const Operator& node;
  const LowerOptions& opts;
};

// Starts a LoweredOp for this operator and kernel.
LoweredOp start(const OpContext& c, const char* kernel, const char* params_type);
// Adds a ParamArray and returns the pointer the struct field must hold.
const int32_t* add_array(LoweredOp& l, const char* field, std::vector<int32_t> values);

// The lowering of one operator kind (its Prepare step).
struct LowerEntry {
  OpType type;
  LoweredOp (*lower)(const OpContext&);
};
// Each family file's lowerings, one entry per operator kind.
std::span<const LowerEntry> arithmetic_lowerings();  // lower_arithmetic.cpp
std::span<const LowerEntry> activation_lowerings();  // lower_activation.cpp
std::span<const LowerEntry> reduce_lowerings();      // lower_reduce.cpp
std::span<const LowerEntry> movement_lowerings();    // lower_movement.cpp
std::span<const LowerEntry> resize_lowerings();      // lower_resize.cpp
std::span<const LowerEntry> layer_lowerings();       // lower_layers.cpp
std::span<const LowerEntry> recurrent_lowerings();   // lower_recurrent.cpp
std::span<const LowerEntry> signal_lowerings();      // lower_signal.cpp

// Shared by the element-wise families: the broadcast walk of two inputs into an output.
ab_broadcast broadcast_of(const OpContext& c, const Tensor& a, const Tensor& b, const Tensor& out);
// The element type of the type-generic kernels.
ab_elem_type elem_type(const OpContext& c, const Tensor& t);
// Arguments in the usual order: every present input, then every output.
std::vector<KernelArg> inputs_then_outputs(const OpContext& c);

// lower_conv.cpp, shared with the layers family.
// Per-channel (multiplier, shift) for `channels` outputs; a per-tensor filter scale is
// broadcast to every channel, as TFLite does.
void per_channel_multipliers(const OpContext& c, const Tensor& in, const Tensor& filter, const Tensor& out,
                             int64_t channels, std::vector<int32_t>& mult, std::vector<int32_t>& shift);
// A 16x8 layer's accumulator, as TFLite Micro's Eval picks it: int32 when the bias is int32 or,
// without a bias, when quantized_bias_type says int32; int64 otherwise.
bool accumulates_in_int32(const OpContext& c, std::size_t bias_input, DType quantized_bias_type);
// TFLite's int64 MultiplyByQuantizedMultiplier (its 16x8 kernels) takes shifts below 8.
void check_int64_requantization(const OpContext& c, std::span<const int32_t> shifts);

LoweredOp lower_conv2d(const OpContext& c);
LoweredOp lower_depthwise_conv2d(const OpContext& c);
LoweredOp lower_fully_connected(const OpContext& c);
LoweredOp lower_pool2d(const OpContext& c);
LoweredOp lower_softmax(const OpContext& c);
LoweredOp lower_mean(const OpContext& c);
// lower_reduce.cpp: the reduced dimensions, element count and zero points of a reduction over
// the constant axes of input 1 (MEAN, SUM, REDUCE_MAX, REDUCE_MIN).
ab_mean_params reduction_params(const OpContext& c);
LoweredOp lower_pad(const OpContext& c);
LoweredOp lower_reshape(const OpContext& c);
LoweredOp lower_transpose(const OpContext& c);
LoweredOp lower_concatenation(const OpContext& c);
LoweredOp lower_quantize(const OpContext& c);
LoweredOp lower_dequantize(const OpContext& c);

}  // namespace aotbench::codegen::lower_detail
