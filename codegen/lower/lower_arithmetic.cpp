// Binary element-wise arithmetic with broadcasting: MUL (int8, int16, int32).
#include "lower/lower_context.hpp"
#include "lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

LoweredOp lower_mul(const OpContext& c) {
  const auto& o = c.options<ActivationOptions>();
  const Tensor &a = c.input(0), &b = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_mul", "ab_mul_params");
  ab_mul_params p{};
  p.type = elem_type(c, out);
  p.shape = broadcast_of(c, a, b, out);
  if (out.type == DType::Int32) {
    const ActivationRange r = activation_range(o.activation, 1.0f, 0, DType::Int32);
    p.act_min = r.min;
    p.act_max = r.max;
  } else {
    p.input1_offset = -c.zero_point(a);
    p.input2_offset = -c.zero_point(b);
    p.output_offset = c.zero_point(out);
    const QuantizedMultiplier m =
        quantize_multiplier(static_cast<double>(c.scale(a)) * static_cast<double>(c.scale(b)) /
                            static_cast<double>(c.scale(out)));
    p.output_multiplier = m.multiplier;
    p.output_shift = m.shift;
    const ActivationRange r = activation_range(o.activation, c.scale(out), c.zero_point(out), out.type);
    p.act_min = r.min;
    p.act_max = r.max;
  }
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::Mul, lower_mul},
};

}  // namespace

std::span<const LowerEntry> arithmetic_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_mul_params& p) { AB_RENDER_FIELDS(AB_MUL_FIELDS) }

}  // namespace aotbench::codegen
