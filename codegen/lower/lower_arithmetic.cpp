// Binary element-wise arithmetic with broadcasting (TFLite Micro's Prepare steps): ADD, SUB and
// SQUARED_DIFFERENCE (one rescaling of both inputs), MUL, DIV, MAXIMUM/MINIMUM, PRELU.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

// The real factors of TFLite's two-input rescaling: each input goes to a common scale of twice
// the larger input scale (after a left shift that leaves headroom for their sum), and the
// combined value from that scale to the output's.
struct TwoInputScales {
  double input1 = 0, input2 = 0, output = 0;
};

// ADD and SUB compute them in double. (TFLite Micro's SUB source at the mirror's commit rounds
// them to float; the pinned interpreter, the oracle, divides in double like ADD.)
TwoInputScales add_scales(float s1, float s2, float so, int left_shift) {
  const double twice_max = 2 * static_cast<double>(std::max(s1, s2));
  return {static_cast<double>(s1) / twice_max, static_cast<double>(s2) / twice_max,
          twice_max / ((1 << left_shift) * static_cast<double>(so))};
}

// SQUARED_DIFFERENCE: the output factor takes the common scale squared (the left shift twice).
TwoInputScales squared_difference_scales(float s1, float s2, float so, int left_shift) {
  const double twice_max = 2.0 * static_cast<double>(std::max(s1, s2));
  return {static_cast<double>(s1) / twice_max, static_cast<double>(s2) / twice_max,
          twice_max * twice_max / ((1 << (2 * left_shift)) * static_cast<double>(so))};
}

QuantizedMultiplier below_one(const OpContext& c, double real, const char* what) {
  const auto m = quantize_multiplier_smaller_than_one(real);
  if (!m) c.fail("the {} rescale factor {} is not in (0, 1); the scales are unusable", what, real);
  return *m;
}

void set_broadcast(const OpContext& c, ab_add_params& p) {
  const ab_broadcast b = broadcast_of(c, c.input(0), c.input(1), c.output());
  p.flat_size = b.flat_size;
  p.broadcast = b.broadcast;
  std::copy(std::begin(b.out_shape), std::end(b.out_shape), p.out_shape);
  std::copy(std::begin(b.in1_stride), std::end(b.in1_stride), p.in1_stride);
  std::copy(std::begin(b.in2_stride), std::end(b.in2_stride), p.in2_stride);
}

// The rescaling of int8/int16 operands; the output factor is below one except for
// SQUARED_DIFFERENCE's.
void set_rescaling(const OpContext& c, ab_add_params& p, int left_shift, const TwoInputScales& s,
                   bool output_below_one) {
  p.input1_offset = -c.zero_point(c.input(0));
  p.input2_offset = -c.zero_point(c.input(1));
  p.output_offset = c.zero_point(c.output());
  p.left_shift = left_shift;
  const QuantizedMultiplier m1 = below_one(c, s.input1, "first input's");
  const QuantizedMultiplier m2 = below_one(c, s.input2, "second input's");
  const QuantizedMultiplier mo = output_below_one ? below_one(c, s.output, "output") : quantize_multiplier(s.output);
  p.input1_multiplier = m1.multiplier;
  p.input1_shift = m1.shift;
  p.input2_multiplier = m2.multiplier;
  p.input2_shift = m2.shift;
  p.output_multiplier = mo.multiplier;
  p.output_shift = mo.shift;
}

ActivationRange fused_range(const OpContext& c) {
  const Tensor& out = c.output();
  const float scale = out.type == DType::Int32 ? 1.0f : c.scale(out);
  const int32_t zero_point = out.type == DType::Int32 ? 0 : c.zero_point(out);
  return activation_range(c.options<ActivationOptions>().activation, scale, zero_point, out.type);
}

ActivationRange type_range(DType t) {
  switch (t) {
    case DType::Int8: return {INT8_MIN, INT8_MAX};
    case DType::Int16: return {INT16_MIN, INT16_MAX};
    default: return {INT32_MIN, INT32_MAX};
  }
}

LoweredOp add_sub_op(const OpContext& c, ab_add_sub_kind kind, const ab_add_params& add) {
  LoweredOp l = start(c, "ab_ref_add_sub", "ab_add_sub_params");
  ab_add_sub_params p{};
  p.type = elem_type(c, c.output());
  p.kind = kind;
  p.add = add;
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

// Left shift of ADD and SUB: 65535 << 15 still fits int32 for int16, 255 << 20 for int8.
int add_sub_left_shift(DType t) { return t == DType::Int16 ? 15 : 20; }

// ADD: int8 keeps its own kernel (ab_ref_add_s8, which the dsp schedule replaces); int16 has
// the same general rescaling (TFLite Micro never takes the power-of-two int16 form); int32 adds
// plainly and, as in TFLite Micro, ignores the fused activation.
LoweredOp lower_add(const OpContext& c) {
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  ab_add_params p{};
  set_broadcast(c, p);
  if (out.type == DType::Int32) {
    set_activation(p, type_range(DType::Int32));
    return add_sub_op(c, AB_ADD_SUB_SUM, p);
  }
  const int left_shift = add_sub_left_shift(out.type);
  set_rescaling(c, p, left_shift, add_scales(c.scale(a), c.scale(b), c.scale(out), left_shift), true);
  set_activation(p, fused_range(c));
  if (out.type == DType::Int16) return add_sub_op(c, AB_ADD_SUB_SUM, p);
  LoweredOp l = start(c, "ab_ref_add_s8", "ab_add_params");
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_sub(const OpContext& c) {
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  ab_add_params p{};
  set_broadcast(c, p);
  if (out.type != DType::Int32) {
    const int left_shift = add_sub_left_shift(out.type);
    set_rescaling(c, p, left_shift, add_scales(c.scale(a), c.scale(b), c.scale(out), left_shift), true);
  }
  set_activation(p, fused_range(c));
  return add_sub_op(c, AB_ADD_SUB_DIFFERENCE, p);
}

// SQUARED_DIFFERENCE: no fused activation. Left shift 7 for int8 (255^2 << 14 fits int32), 0 for
// int16.
LoweredOp lower_squared_difference(const OpContext& c) {
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  ab_add_params p{};
  set_broadcast(c, p);
  if (out.type != DType::Int32) {
    const int left_shift = out.type == DType::Int8 ? 7 : 0;
    set_rescaling(c, p, left_shift, squared_difference_scales(c.scale(a), c.scale(b), c.scale(out), left_shift),
                  false);
  }
  set_activation(p, type_range(out.type));
  return add_sub_op(c, AB_ADD_SUB_SQUARED_DIFFERENCE, p);
}

LoweredOp lower_mul(const OpContext& c) {
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_mul", "ab_mul_params");
  ab_mul_params p{};
  p.type = elem_type(c, out);
  p.shape = broadcast_of(c, a, b, out);
  if (out.type != DType::Int32) {
    p.input1_offset = -c.zero_point(a);
    p.input2_offset = -c.zero_point(b);
    p.output_offset = c.zero_point(out);
    const QuantizedMultiplier m =
        quantize_multiplier(static_cast<double>(c.scale(a)) * static_cast<double>(c.scale(b)) /
                            static_cast<double>(c.scale(out)));
    p.output_multiplier = m.multiplier;
    p.output_shift = m.shift;
  }
  set_activation(p, fused_range(c));
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

// DIV. The int8 kernel shifts right by output_shift minus the divisor's reciprocal exponent
// (0..7) minus the dividend's redundant sign bits (23..31): that must stay in [0, 64), which
// output shifts in [-25, 23] guarantee.
LoweredOp lower_div(const OpContext& c) {
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_div", "ab_div_params");
  ab_div_params p{};
  p.type = elem_type(c, out);
  p.shape = broadcast_of(c, a, b, out);
  if (out.type == DType::Int8) {
    p.input1_offset = -c.zero_point(a);
    p.input2_offset = -c.zero_point(b);
    p.output_offset = c.zero_point(out);
    // In double, as the pinned TFLite Micro interpreter computes it (its source at the mirror's
    // commit multiplies and divides the float scales in float).
    const double real = static_cast<double>(c.scale(a)) /
                        (static_cast<double>(c.scale(b)) * static_cast<double>(c.scale(out)));
    const QuantizedMultiplier m = quantize_multiplier(real);
    if (m.shift < -25 || m.shift > 23) {
      c.fail("the rescale factor {} (input scale / (divisor scale * output scale)) is outside [2^-26, 2^23]; "
             "TFLite Micro's int8 DIV is undefined there",
             real);
    }
    p.output_multiplier = m.multiplier;
    p.output_shift = m.shift;
  }
  set_activation(p, fused_range(c));
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_maximum_minimum(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_maximum_minimum", "ab_maximum_minimum_params");
  ab_maximum_minimum_params p{};
  p.type = elem_type(c, c.output());
  p.shape = broadcast_of(c, c.input(0), c.input(1), c.output());
  p.maximum = c.node.type == OpType::Maximum ? 1 : 0;
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_prelu(const OpContext& c) {
  const Tensor &x = c.input(0), &alpha = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_prelu", "ab_prelu_params");
  ab_prelu_params p{};
  p.type = elem_type(c, out);
  p.shape = broadcast_of(c, x, alpha, out);
  p.input_offset = -c.zero_point(x);
  p.alpha_offset = -c.zero_point(alpha);
  p.output_offset = c.zero_point(out);
  const double si = c.scale(x), sa = c.scale(alpha), so = c.scale(out);
  const QuantizedMultiplier m1 = quantize_multiplier(si / so);
  const QuantizedMultiplier m2 = quantize_multiplier(si * sa / so);
  p.output_multiplier_1 = m1.multiplier;
  p.output_shift_1 = m1.shift;
  p.output_multiplier_2 = m2.multiplier;
  p.output_shift_2 = m2.shift;
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::Add, lower_add},
    {OpType::Sub, lower_sub},
    {OpType::Mul, lower_mul},
    {OpType::Div, lower_div},
    {OpType::SquaredDifference, lower_squared_difference},
    {OpType::Maximum, lower_maximum_minimum},
    {OpType::Minimum, lower_maximum_minimum},
    {OpType::Prelu, lower_prelu},
};

}  // namespace

std::span<const LowerEntry> arithmetic_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

const char* enum_c_name(ab_add_sub_kind v) {
  switch (v) {
    case AB_ADD_SUB_SUM: return "AB_ADD_SUB_SUM";
    case AB_ADD_SUB_DIFFERENCE: return "AB_ADD_SUB_DIFFERENCE";
    case AB_ADD_SUB_SQUARED_DIFFERENCE: return "AB_ADD_SUB_SQUARED_DIFFERENCE";
  }
  throw std::invalid_argument("unknown ADD/SUB kind " + std::to_string(v));
}

void render_fields(FieldWriter& w, const ab_mul_params& p) { AB_RENDER_FIELDS(AB_MUL_FIELDS) }
void render_fields(FieldWriter& w, const ab_add_sub_params& p) { AB_RENDER_FIELDS(AB_ADD_SUB_FIELDS) }
void render_fields(FieldWriter& w, const ab_div_params& p) { AB_RENDER_FIELDS(AB_MUL_FIELDS) }
void render_fields(FieldWriter& w, const ab_maximum_minimum_params& p) {
  AB_RENDER_FIELDS(AB_MAXIMUM_MINIMUM_FIELDS)
}
void render_fields(FieldWriter& w, const ab_prelu_params& p) { AB_RENDER_FIELDS(AB_PRELU_FIELDS) }

}  // namespace aotbench::codegen
