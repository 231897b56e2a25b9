#pragma once
// The per-operator checks of step 5, split by operator family. OpCheck wraps one operator node:
// typed access to its tensors and short assertions that fail with a ModelError naming the node.
#include <fmt/format.h>

#include <cstring>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {

using Shape = std::vector<int32_t>;

std::string shape_text(const Shape& s);  // "[1x8x8x3]"

class OpCheck {
 public:
  OpCheck(const Graph& g, const Operator& op) : graph(g), node(op) {}

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> what, Args&&... args) const {
    reader_detail::fail(graph, "operator {} ({}): {}", node.index, op_name(node.type),
                        fmt::format(what, std::forward<Args>(args)...));
  }

  std::string label(int id) const;  // "tensor #3 'name'"

  // Between min_in and max_in inputs; the first min_in must be present (not -1).
  void arity(std::size_t min_in, std::size_t max_in) const;
  bool has(std::size_t i) const { return i < node.inputs.size() && node.inputs[i] >= 0; }
  const Tensor& in(std::size_t i) const { return graph.tensors[node.inputs[i]]; }
  const Tensor& out() const { return graph.tensors[node.outputs[0]]; }

  // The tensor's type, or a message that says what was expected (and spots hybrid kernels).
  void type(const Tensor& t, DType want, const char* role) const;
  void constant(const Tensor& t, const char* role) const;
  // An activation: one positive scale, the zero point inside the type's range.
  void per_tensor(const Tensor& t, const char* role) const;
  void zero_points_in_range(const Tensor& t, const char* role) const;
  // int8 activation with per-tensor quantization.
  void act(const Tensor& t, const char* role) const;
  // One of `allowed` types, or a message that lists them.
  void type_in(const Tensor& t, std::initializer_list<DType> allowed, const char* role) const;
  // The quantization the integer kernels take for this tensor's type: int8 per tensor; int16
  // per tensor and symmetric (zero point 0, as TFLite's 16-bit kernels require); int32 none.
  void integer_quant(const Tensor& t, const char* role) const;
  // The shape two inputs broadcast to (right-aligned, dimensions equal or 1), at most max_rank.
  Shape broadcast_shape(const Tensor& a, const Tensor& b, std::size_t max_rank) const;
  // Constant int8 weights of this rank, per tensor or (if allowed) per channel along `axis`.
  void weights(const Tensor& t, std::size_t rank, int axis, bool per_channel_ok) const;
  // Convolution kernels assume symmetric weights.
  void zero_weight_offsets(const Tensor& t) const;
  // Optional constant bias (input i) of `channels` elements, of one of `allowed` types.
  void bias(std::size_t i, int64_t channels, std::initializer_list<DType> allowed = {DType::Int32}) const;
  void rank_is(const Tensor& t, std::size_t rank, const char* role) const;
  void shape_is(const Tensor& t, const Shape& want, const char* role) const;
  // Small constant int32/int64 vectors (axes, paddings, permutations), read little-endian.
  std::vector<int64_t> int_values(const Tensor& t, const char* role) const;

  const Graph& graph;
  const Operator& node;
};

// A computed dimension, checked to fit the IR's int32 shapes.
int32_t checked_dim(const OpCheck& c, int64_t d);

// The checks of one operator kind; they may normalize the operator's options.
using CheckFn = void (*)(const OpCheck&, Operator&);
struct CheckEntry {
  OpType type;
  CheckFn check;
  // The type combinations the checks accept, for `aotbench ops`: e.g. "int8; int16 (zero point
  // 0); int32", inputs -> output where they differ.
  const char* types = "";
};
// Each family file's checks, one entry per operator kind.
std::span<const CheckEntry> arithmetic_checks();  // checks_arithmetic.cpp
std::span<const CheckEntry> activation_checks();  // checks_activation.cpp
std::span<const CheckEntry> reduce_checks();      // checks_reduce.cpp
std::span<const CheckEntry> movement_checks();    // checks_movement.cpp
std::span<const CheckEntry> resize_checks();      // checks_resize.cpp
std::span<const CheckEntry> layer_checks();       // checks_layers.cpp
std::span<const CheckEntry> recurrent_checks();   // checks_recurrent.cpp
std::span<const CheckEntry> signal_checks();      // checks_signal.cpp

// checks_windowed.cpp
// int8 activations, or int16 ones (TFLite's 16x8 mode), for a layer with int8 weights.
void layer_activations(const OpCheck& c, const Tensor& x, const Tensor& y);
void check_conv(const OpCheck& c, const Conv2DOptions& o);
void check_depthwise(const OpCheck& c, DepthwiseConv2DOptions& o);
void check_fully_connected(const OpCheck& c, const FullyConnectedOptions& o);
void check_pool(const OpCheck& c, const Pool2DOptions& o);
// checks_elementwise.cpp
void check_softmax(const OpCheck& c, const SoftmaxOptions& o);
void check_quantize(const OpCheck& c);
void check_dequantize(const OpCheck& c);
// checks_reduce.cpp: the output shape of a reduction over the constant int32 `axes`.
Shape reduced_shape(const OpCheck& c, const Tensor& x, const Tensor& axes, bool keep_dims);
// checks_layout.cpp
void check_mean(const OpCheck& c, const ReducerOptions& o);
void check_pad(const OpCheck& c);
void check_reshape(const OpCheck& c);
void check_transpose(const OpCheck& c);
void check_concatenation(const OpCheck& c, ConcatenationOptions& o);

}  // namespace aotbench::codegen::reader_detail
