// Unary element-wise operators (TFLite Micro's Prepare of each): int8 fixed-point functions as
// 256-entry tables (LOGISTIC, TANH, HARD_SWISH, RSQRT), int16 LOGISTIC/TANH through TFLite's
// sigmoid table, the rescaling activations (RELU, RELU6, RELU_N1_TO_1, LEAKY_RELU, ABS) as one
// piecewise-linear kernel, LOG_SOFTMAX and CAST.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "ab_ref_kernels.h"
#include "codegen/lower/activation_tables.hpp"
#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

constexpr QuantizedMultiplier kIdentity{1 << 30, 1};  // QuantizeMultiplier(1.0)

std::vector<KernelArg> input_then_output(const OpContext& c) {
  return {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
}

// An int8 operator computed by table lookup.
LoweredOp lookup(const OpContext& c, std::vector<int8_t> table) {
  LoweredOp l = start(c, "ab_ref_lookup_s8", "ab_lookup_params");
  ab_lookup_params p{};
  p.size = c.input(0).num_elements();
  p.table = add_param_array(l, "table", std::move(table));
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

// TFLite's CheckedLog2: log2(x) in float, and whether x is a power of two within 1e-3.
bool checked_log2(float x, int* log2_result) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  const float rounded = std::round(x_log2);
  *log2_result = static_cast<int>(rounded);
  return std::fabs(x_log2 - rounded) < 1e-3f;
}

// LOGISTIC and TANH int8: the input's scale times 2^27 (Q4.27) as a frexp multiplier, and the
// radius beyond which the result saturates (CalculateInputRadius for 4 integer bits).
Q4InputScaling q4_input_scaling(const OpContext& c) {
  const Tensor& in = c.input(0);
  Q4InputScaling s;
  s.zero_point = c.zero_point(in);
  int shift = 0;
  const double q = std::frexp(static_cast<double>(c.scale(in)) * static_cast<double>(1 << 27), &shift);
  const double m = std::round(q * static_cast<double>(1LL << 31));
  if (m >= 2147483648.0 || shift < 0 || shift > 30) {
    c.fail("input scale {} is outside the range TFLite Micro's int8 {} can rescale", c.scale(in), op_name(c.node.type));
  }
  s.multiplier = static_cast<int32_t>(m);
  s.left_shift = shift;
  s.range_radius = static_cast<int32_t>(std::floor(15.0 * static_cast<double>(1LL << 27) / static_cast<double>(1LL << shift)));
  return s;
}

// LOGISTIC and TANH int16: the input rescaled to 1/(3*4096) per step (the table's 24 steps per
// unit). An input scale of 2^-12 (or 2^-11 for TANH, `pot_shifts`) multiplies by 3 (or 6);
// other scales by a 15-bit multiplier and a right shift.
LoweredOp sigmoid_s16(const OpContext& c, const char* kernel, int pot_shifts) {
  const Tensor &in = c.input(0), &out = c.output();
  int log2_in = 0, log2_out = 0;
  if (!checked_log2(c.scale(out), &log2_out) || log2_out != -15) {
    c.fail("int16 output scale {} is not 2^-15", c.scale(out));
  }
  bool pot = checked_log2(c.scale(in), &log2_in);
  const int pot_shift = 12 + log2_in;
  pot = pot && pot_shift >= 0 && pot_shift < pot_shifts;
  ab_sigmoid_s16_params p{};
  p.size = in.num_elements();
  if (pot) {
    p.input_multiplier = 3 << pot_shift;
    p.input_right_shift = 0;
  } else {
    double multiplier = static_cast<double>(c.scale(in)) * 4096.0 * 3.0;
    int shift = 0;
    while (multiplier <= 32767.0 / 2.0 && shift <= 30) {
      ++shift;
      multiplier *= 2.0;
    }
    if (multiplier > 32767.0) c.fail("input scale {} is too large for TFLite Micro's int16 rescaling", c.scale(in));
    p.input_multiplier = static_cast<int32_t>(multiplier);
    p.input_right_shift = shift;
  }
  LoweredOp l = start(c, kernel, "ab_sigmoid_s16_params");
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

LoweredOp lower_logistic(const OpContext& c) {
  if (c.input(0).type == DType::Int16) return sigmoid_s16(c, "ab_ref_logistic_s16", 1);
  return lookup(c, logistic_table_s8(q4_input_scaling(c)));
}

LoweredOp lower_tanh(const OpContext& c) {
  if (c.input(0).type == DType::Int16) return sigmoid_s16(c, "ab_ref_tanh_s16", 2);
  return lookup(c, tanh_table_s8(q4_input_scaling(c)));
}

// DownScaleInt32ToInt16Multiplier: a Q0.31 multiplier rounded to Q0.15.
int16_t to_q15(int32_t multiplier) {
  if (multiplier >= INT32_MAX - (1 << 15)) return INT16_MAX;
  return static_cast<int16_t>((multiplier + (1 << 15)) >> 16);
}

LoweredOp lower_hard_swish(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  const double hires_input_scale = static_cast<double>((1.0f / 128.0f) * c.scale(in));
  const QuantizedMultiplier output = quantize_multiplier(hires_input_scale / static_cast<double>(c.scale(out)));
  const QuantizedMultiplier reluish = quantize_multiplier(hires_input_scale / (3.0 / 32768.0));
  if (output.shift > 0 || output.shift < -31) {
    c.fail("the output rescale input scale / 128 / output scale = {} must be below 1 and above 2^-31",
           hires_input_scale / static_cast<double>(c.scale(out)));
  }
  if (reluish.shift > 30 || reluish.shift < -31) c.fail("input scale {} is out of range", c.scale(in));
  HardSwishScaling s;
  s.input_zero_point = c.zero_point(in);
  s.output_zero_point = c.zero_point(out);
  s.output_multiplier = to_q15(output.multiplier);
  s.output_exponent = output.shift;
  s.reluish_multiplier = to_q15(reluish.multiplier);
  s.reluish_exponent = reluish.shift;
  return lookup(c, hard_swish_table_s8(s));
}

// RSQRT (SetRsqrtOutputMultiplier): int16 computed per element; int8 by table, the kernel run
// here over all 256 inputs.
LoweredOp lower_rsqrt(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  const double real = 1. / (std::sqrt(static_cast<double>(c.scale(in))) * static_cast<double>(c.scale(out)));
  const QuantizedMultiplier m = quantize_multiplier(real);
  // 1/sqrt of an input is formed with 20 extra bits; rescaling must not shift them out twice.
  if (m.shift - 20 < -31 || m.shift > 30) {
    c.fail("1 / (sqrt(input scale) * output scale) = {} is out of the range TFLite Micro can rescale", real);
  }
  ab_rsqrt_params p{};
  p.type = elem_type(c, in);
  p.size = in.num_elements();
  p.input_zero_point = c.zero_point(in);
  p.output_zero_point = c.zero_point(out);
  p.multiplier = m.multiplier;
  p.shift = m.shift;
  if (in.type == DType::Int8) {
    std::vector<int8_t> inputs(256), table(256);
    for (std::size_t i = 0; i < 256; ++i) inputs[i] = static_cast<int8_t>(i);
    p.size = 256;
    ab_ref_rsqrt(&p, inputs.data(), table.data());
    return lookup(c, std::move(table));
  }
  LoweredOp l = start(c, "ab_ref_rsqrt", "ab_rsqrt_params");
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

// The type's limits, as act_min/act_max.
ActivationRange full_range(DType t) {
  if (t == DType::Int16) return {INT16_MIN, INT16_MAX};
  return {INT8_MIN, INT8_MAX};
}

// A piecewise-linear kernel call with the same rescale on both sides of the zero point.
LoweredOp piecewise_linear(const OpContext& c, QuantizedMultiplier m, ActivationRange range,
                           int32_t input_zero_point, int32_t output_zero_point) {
  LoweredOp l = start(c, "ab_ref_piecewise_linear", "ab_piecewise_linear_params");
  ab_piecewise_linear_params p{};
  p.type = elem_type(c, c.input(0));
  p.size = c.input(0).num_elements();
  p.input_offset = -input_zero_point;
  p.output_offset = output_zero_point;
  p.positive_multiplier = p.negative_multiplier = m.multiplier;
  p.positive_shift = p.negative_shift = m.shift;
  p.negative_mode = AB_NEGATIVE_SCALE;
  set_activation(p, range);
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

ab_piecewise_linear_params& piecewise_params(LoweredOp& l) { return std::get<ab_piecewise_linear_params>(l.params); }

// The rescale input scale / output scale (divided in double, as TFLite Micro does).
QuantizedMultiplier in_over_out(const OpContext& c) {
  return quantize_multiplier(static_cast<double>(c.scale(c.input(0))) / static_cast<double>(c.scale(c.output())));
}

// ReluQuantized: rescale, clamped below at the output zero point.
LoweredOp lower_relu(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  ActivationRange r = full_range(out.type);
  r.min = std::max(r.min, c.zero_point(out));
  return piecewise_linear(c, in_over_out(c), r, c.zero_point(in), c.zero_point(out));
}

// RELU_N1_TO_1 as TFLite's reference kernel computes it (QuantizedReluX): the rescale divided in
// float, clamped to the output's quantization of [-1, 1].
LoweredOp lower_relu_n1_to_1(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  const int32_t zp = c.zero_point(out);
  ActivationRange r;
  r.min = std::max<int32_t>(INT8_MIN, zp + static_cast<int32_t>(std::round(-1.0f / c.scale(out))));
  r.max = std::min<int32_t>(INT8_MAX, zp + static_cast<int32_t>(std::round(1.0f / c.scale(out))));
  const QuantizedMultiplier m = quantize_multiplier(static_cast<double>(c.scale(in) / c.scale(out)));
  return piecewise_linear(c, m, r, c.zero_point(in), zp);
}

// Relu6Quantized clamps the input to [zero point, quantized 6] of the input's quantization and
// writes it unchanged (the output's quantization plays no part).
LoweredOp lower_relu6(const OpContext& c) {
  const Tensor& in = c.input(0);
  const ActivationRange type = full_range(in.type);
  const double six = std::round(6.0f / c.scale(in)) + c.zero_point(in);  // FloatToQuantizedType
  if (six > INT32_MAX) c.fail("input scale {} is too small to quantize 6", c.scale(in));
  ActivationRange r;
  r.min = c.zero_point(in);
  r.max = std::clamp(static_cast<int32_t>(six), type.min, type.max);
  return piecewise_linear(c, kIdentity, r, 0, 0);
}

// QuantizeLeakyRelu: identity rescale at and above the zero point, alpha's below (a negative
// alpha by its magnitude, negated afterwards).
LoweredOp lower_leaky_relu(const OpContext& c) {
  const float alpha = c.options<LeakyReluOptions>().alpha;
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = piecewise_linear(c, in_over_out(c), full_range(out.type), c.zero_point(in), c.zero_point(out));
  const QuantizedMultiplier a = quantize_multiplier(static_cast<double>(c.scale(in)) * static_cast<double>(alpha) /
                                                    static_cast<double>(c.scale(out)));
  if (a.multiplier == INT32_MIN) c.fail("alpha {} rounds to a multiplier of -2^31, which TFLite cannot negate", alpha);
  auto& p = piecewise_params(l);
  p.negative_multiplier = a.multiplier < 0 ? -a.multiplier : a.multiplier;
  p.negative_shift = a.shift;
  p.negative_mode = a.multiplier < 0 ? AB_NEGATIVE_SCALE_NEGATED : AB_NEGATIVE_SCALE;
  return l;
}

// Quantized ABS: |x - zero point| rescaled when the scales differ. int16 without quantization
// is a plain abs, whose int16 result wraps |-32768| to -32768.
LoweredOp lower_abs(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = [&] {
    if (in.type == DType::Int16 && !in.quant) return piecewise_linear(c, kIdentity, {INT16_MIN, INT16_MAX + 1}, 0, 0);
    const QuantizedMultiplier m = c.scale(in) != c.scale(out) ? in_over_out(c) : kIdentity;
    return piecewise_linear(c, m, full_range(out.type), c.zero_point(in), c.zero_point(out));
  }();
  piecewise_params(l).negative_mode = AB_NEGATIVE_MAGNITUDE;
  return l;
}

// LOG_SOFTMAX int8 (beta 1): SOFTMAX's input scaling, and its inverse to bound the differences.
LoweredOp lower_log_softmax(const OpContext& c) {
  const Tensor& in = c.input(0);
  const auto s = softmax_scaling(1.0f, c.scale(in));
  if (!s) c.fail("input scale {} is too small to rescale", c.scale(in));
  const auto reverse = quantize_multiplier_smaller_than_one(static_cast<double>(1 << (31 - s->left_shift)) /
                                                           static_cast<double>(s->multiplier));
  if (!reverse) c.fail("input scale {} has no reverse scaling below 1", c.scale(in));
  LoweredOp l = start(c, "ab_ref_log_softmax_s8", "ab_log_softmax_params");
  ab_log_softmax_params p{};
  p.depth = in.shape.back();
  p.outer_size = in.num_elements() / p.depth;
  p.input_multiplier = s->multiplier;
  p.input_left_shift = s->left_shift;
  p.reverse_scaling_divisor = reverse->multiplier;
  p.reverse_scaling_shift = reverse->shift;
  p.diff_min = s->diff_min;
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

ab_cast_type cast_type(const OpContext& c, DType t) {
  switch (t) {
    case DType::Int8: return AB_CAST_INT8;
    case DType::Int16: return AB_CAST_INT16;
    case DType::Int32: return AB_CAST_INT32;
    case DType::Bool: return AB_CAST_BOOL;
    case DType::UInt32: return AB_CAST_UINT32;
    default: c.fail("CAST of {} is not supported", dtype_name(t));
  }
}

LoweredOp lower_cast(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (out.type == DType::Bool) c.fail("CAST to bool is not supported");
  LoweredOp l = start(c, "ab_ref_cast", "ab_cast_params");
  ab_cast_params p{};
  p.size = in.num_elements();
  p.input_type = cast_type(c, in.type);
  p.output_type = cast_type(c, out.type);
  l.params = p;
  l.args = input_then_output(c);
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::Logistic, lower_logistic},     {OpType::Tanh, lower_tanh},
    {OpType::HardSwish, lower_hard_swish},  {OpType::Relu, lower_relu},
    {OpType::Relu6, lower_relu6},           {OpType::ReluN1To1, lower_relu_n1_to_1},
    {OpType::LeakyRelu, lower_leaky_relu},  {OpType::Abs, lower_abs},
    {OpType::Rsqrt, lower_rsqrt},           {OpType::LogSoftmax, lower_log_softmax},
    {OpType::Cast, lower_cast},
};

}  // namespace

std::span<const LowerEntry> activation_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

const char* enum_c_name(ab_negative_mode v) {
  switch (v) {
    case AB_NEGATIVE_SCALE: return "AB_NEGATIVE_SCALE";
    case AB_NEGATIVE_SCALE_NEGATED: return "AB_NEGATIVE_SCALE_NEGATED";
    case AB_NEGATIVE_MAGNITUDE: return "AB_NEGATIVE_MAGNITUDE";
  }
  throw std::invalid_argument("unknown negative mode " + std::to_string(v));
}

const char* enum_c_name(ab_cast_type v) {
  switch (v) {
    case AB_CAST_INT8: return "AB_CAST_INT8";
    case AB_CAST_INT16: return "AB_CAST_INT16";
    case AB_CAST_INT32: return "AB_CAST_INT32";
    case AB_CAST_BOOL: return "AB_CAST_BOOL";
    case AB_CAST_UINT32: return "AB_CAST_UINT32";
  }
  throw std::invalid_argument("unknown cast type " + std::to_string(v));
}

void render_fields(FieldWriter& w, const ab_lookup_params& p) { AB_RENDER_FIELDS(AB_LOOKUP_FIELDS) }
void render_fields(FieldWriter& w, const ab_piecewise_linear_params& p) {
  AB_RENDER_FIELDS(AB_PIECEWISE_LINEAR_FIELDS)
}
void render_fields(FieldWriter& w, const ab_sigmoid_s16_params& p) { AB_RENDER_FIELDS(AB_SIGMOID_S16_FIELDS) }
void render_fields(FieldWriter& w, const ab_softmax_s16_params& p) { AB_RENDER_FIELDS(AB_SOFTMAX_S16_FIELDS) }
void render_fields(FieldWriter& w, const ab_log_softmax_params& p) { AB_RENDER_FIELDS(AB_LOG_SOFTMAX_FIELDS) }
void render_fields(FieldWriter& w, const ab_cast_params& p) { AB_RENDER_FIELDS(AB_CAST_FIELDS) }
void render_fields(FieldWriter& w, const ab_rsqrt_params& p) { AB_RENDER_FIELDS(AB_RSQRT_FIELDS) }

}  // namespace aotbench::codegen
