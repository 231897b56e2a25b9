// QUANTIZE (float32 -> int8/int16 affine, requantization between integer types) and DEQUANTIZE
// (int8, int16, uint8 -> float32).
#include "codegen/lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

int32_t quantize_kind(const OpContext& c, DType in, DType out) {
  using D = DType;
  struct Kind {
    D in, out;
    ab_quantize_kind kind;
  };
  static const Kind kKinds[] = {
      {D::Float32, D::Int8, AB_QUANTIZE_F32_TO_S8},   {D::Float32, D::Int16, AB_QUANTIZE_F32_TO_S16},
      {D::Int8, D::Int8, AB_REQUANTIZE_S8_TO_S8},      {D::Int8, D::UInt8, AB_REQUANTIZE_S8_TO_U8},
      {D::UInt8, D::Int8, AB_REQUANTIZE_U8_TO_S8},     {D::Int8, D::Int16, AB_REQUANTIZE_S8_TO_S16},
      {D::Int8, D::Int32, AB_REQUANTIZE_S8_TO_S32},    {D::Int16, D::Int8, AB_REQUANTIZE_S16_TO_S8},
      {D::Int16, D::Int16, AB_REQUANTIZE_S16_TO_S16},  {D::Int16, D::Int32, AB_REQUANTIZE_S16_TO_S32},
      {D::Int32, D::Int8, AB_REQUANTIZE_S32_TO_S8},    {D::Int32, D::Int16, AB_REQUANTIZE_S32_TO_S16},
  };
  for (const Kind& k : kKinds) {
    if (k.in == in && k.out == out) return k.kind;
  }
  c.fail("QUANTIZE from {} to {} is not supported", dtype_name(in), dtype_name(out));
}

}  // namespace

LoweredOp lower_quantize(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_quantize", "ab_quantize_params");
  if (in.num_elements() != out.num_elements()) c.fail("input and output sizes differ");
  ab_quantize_params p{};
  p.kind = quantize_kind(c, in.type, out.type);
  p.size = in.num_elements();
  p.scale = c.scale(out);
  p.output_zero_point = c.zero_point(out);
  if (in.type != DType::Float32) {
    p.input_zero_point = c.zero_point(in);
    const QuantizedMultiplier m = quantize_multiplier(static_cast<double>(c.scale(in)) /
                                                      static_cast<double>(c.scale(out)));
    p.multiplier = m.multiplier;
    p.shift = m.shift;
  }
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_dequantize(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  const char* kernel = in.type == DType::Int8    ? "ab_ref_dequantize_s8_f32"
                       : in.type == DType::Int16 ? "ab_ref_dequantize_s16_f32"
                       : in.type == DType::UInt8 ? "ab_ref_dequantize_u8_f32"
                                                 : nullptr;
  if (!kernel || out.type != DType::Float32) {
    c.fail("DEQUANTIZE from {} to {} is not supported (int8, int16, uint8 -> float32)", dtype_name(in.type),
           dtype_name(out.type));
  }
  LoweredOp l = start(c, kernel, "ab_dequantize_params");
  if (in.num_elements() != out.num_elements()) c.fail("input and output sizes differ");
  ab_dequantize_params p{};
  p.size = in.num_elements();
  p.scale = c.scale(in);
  p.zero_point = c.zero_point(in);
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

}  // namespace aotbench::codegen::lower_detail
