// Unary element-wise operators: the activations, ABS, RSQRT, LOG_SOFTMAX and CAST, with the
// types and quantization TFLite Micro's kernels take (RELU_N1_TO_1, which TFLite Micro lacks,
// as TFLite's reference kernel takes it).
#include <cmath>
#include <utility>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// One input and an output of its shape; returns them.
std::pair<const Tensor&, const Tensor&> unary(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.shape_is(y, x.shape, "output");
  return {x, y};
}

// Input and output of one type out of `allowed`, quantized per tensor.
void same_quantized_type(const OpCheck& c, const Tensor& x, const Tensor& y, std::initializer_list<DType> allowed) {
  c.type_in(x, allowed, "input");
  c.type(y, x.type, "output");
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
}

// TFLite's 16-bit kernels take symmetric tensors.
void symmetric_if_int16(const OpCheck& c, const Tensor& x, const Tensor& y) {
  if (x.type != DType::Int16) return;
  c.integer_quant(x, "input");
  c.integer_quant(y, "output");
}

// LOGISTIC and TANH of int16 write Q0.15: TFLite Micro requires the output scale 2^-15. Its
// input rescale to 1/(3*4096) per step takes a 15-bit multiplier: input scales up to 2.67.
void int16_sigmoid_scales(const OpCheck& c, const Tensor& x, const Tensor& y) {
  const double log2_scale = std::log2(static_cast<double>(y.quant->scale[0]));
  if (std::fabs(log2_scale + 15) >= 1e-3) {
    c.fail("int16 output {} has scale {}; TFLite Micro's int16 {} requires 2^-15", c.label(y.id), y.quant->scale[0],
           op_name(c.node.type));
  }
  if (static_cast<double>(x.quant->scale[0]) * 4096.0 * 3.0 > 32767.0) {
    c.fail("int16 input {} has scale {}; TFLite Micro's int16 {} takes scales up to 32767 / 12288", c.label(x.id),
           x.quant->scale[0], op_name(c.node.type));
  }
}

void check_logistic(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
  symmetric_if_int16(c, x, y);
  if (x.type == DType::Int16) return int16_sigmoid_scales(c, x, y);
  // The int8 kernel writes probabilities offset by -128 (and assumes the scale 1/256).
  if (y.quant->zero_point[0] != -128) {
    c.fail("int8 output {} has zero point {}; TFLite Micro's int8 LOGISTIC requires -128", c.label(y.id),
           y.quant->zero_point[0]);
  }
}

// int8 TANH writes tanh in Q0.7 whatever the output's quantization (TFLite Micro checks none).
void check_tanh(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
  symmetric_if_int16(c, x, y);
  if (x.type == DType::Int16) int16_sigmoid_scales(c, x, y);
}

// TFLite Micro requires the output rescale (input scale / 128 / output scale) to be a right
// shift: QuantizeMultiplier's exponent <= 0.
void check_hard_swish(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8});
  const float hires_input_scale = (1.0f / 128.0f) * x.quant->scale[0];
  int exponent = 0;
  const double q = std::frexp(static_cast<double>(hires_input_scale) / static_cast<double>(y.quant->scale[0]), &exponent);
  if (std::round(q * 2147483648.0) == 2147483648.0) ++exponent;
  if (exponent > 0) {
    c.fail("output scale {} is below input scale / 128 ({}); TFLite Micro's HARD_SWISH cannot rescale up",
           y.quant->scale[0], hires_input_scale);
  }
}

void check_relu(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
  symmetric_if_int16(c, x, y);
}

// RELU6 clamps in the input's quantization (TFLite Micro ignores the output's).
void check_relu6(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
}

// TFLite Micro has no RELU_N1_TO_1; TFLite's reference kernel takes int8 only.
void check_relu_n1_to_1(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8});
}

void check_leaky_relu(const OpCheck& c, Operator& op) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
  const float alpha = std::get<LeakyReluOptions>(op.options).alpha;
  if (!std::isfinite(alpha)) c.fail("alpha {} is not a number", alpha);
}

// ABS of int8, of symmetric int16, or of int16 without quantization (a plain integer abs).
void check_abs(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(y, x.type, "output");
  if (x.type == DType::Int16 && !x.quant) return;
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  symmetric_if_int16(c, x, y);
}

// RSQRT of int8 or symmetric int16 (TFLite Micro's type check in Prepare lets int16 through to
// its Eval, which computes it).
void check_rsqrt(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8, DType::Int16});
  symmetric_if_int16(c, x, y);
}

// int8 LOG_SOFTMAX writes Q4.3 offset by 127: TFLite Micro requires exactly that quantization.
void check_log_softmax(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  same_quantized_type(c, x, y, {DType::Int8});
  if (x.shape.empty()) c.fail("input {} is a scalar", c.label(x.id));
  if (y.quant->scale[0] != 16.0f / 256 || y.quant->zero_point[0] != 127) {
    c.fail("output {} has scale {} and zero point {}; int8 LOG_SOFTMAX requires 16/256 and 127", c.label(y.id),
           y.quant->scale[0], y.quant->zero_point[0]);
  }
}

// CAST between the integer types TFLite Micro converts (bool only as input); quantization is
// ignored, as TFLite Micro ignores it.
void check_cast(const OpCheck& c, Operator&) {
  const auto [x, y] = unary(c);
  if (x.type == DType::Float32 || y.type == DType::Float32) {
    c.fail("converts {} to {}; float compute is not supported (CAST between int8, int16, int32, uint32 and from "
           "bool is)",
           dtype_name(x.type), dtype_name(y.type));
  }
  c.type_in(x, {DType::Int8, DType::Int16, DType::Int32, DType::UInt32, DType::Bool}, "input");
  c.type_in(y, {DType::Int8, DType::Int16, DType::Int32, DType::UInt32}, "output");
}

const CheckEntry kChecks[] = {
    {OpType::Logistic, check_logistic, "int8 -> int8 (output zero point -128); int16 (zero point 0)"},
    {OpType::Tanh, check_tanh, "int8 (output in Q0.7); int16 (zero point 0)"},
    {OpType::HardSwish, check_hard_swish, "int8"},
    {OpType::Relu, check_relu, "int8; int16"},
    {OpType::Relu6, check_relu6, "int8; int16"},
    {OpType::ReluN1To1, check_relu_n1_to_1, "int8 (TFLite's reference: TFLite Micro lacks it)"},
    {OpType::LeakyRelu, check_leaky_relu, "int8; int16"},
    {OpType::Abs, check_abs, "int8; int16 (quantized or not)"},
    {OpType::Rsqrt, check_rsqrt, "int8; int16"},
    {OpType::LogSoftmax, check_log_softmax, "int8 (output scale 16/256, zero point 127)"},
    {OpType::Cast, check_cast, "int8, int16, int32, uint32, bool -> int8, int16, int32, uint32"},
};

}  // namespace

std::span<const CheckEntry> activation_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
