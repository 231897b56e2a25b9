// QUANTIZE (float32 -> int8 affine, 8-bit requantization) and DEQUANTIZE (int8 -> float32).
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

int32_t quantize_kind(const OpContext& c, DType in, DType out) {
  if (in == DType::Float32 && out == DType::Int8) return AB_QUANTIZE_F32_TO_S8;
  if (in == DType::Int8 && out == DType::Int8) return AB_REQUANTIZE_S8_TO_S8;
  if (in == DType::Int8 && out == DType::UInt8) return AB_REQUANTIZE_S8_TO_U8;
  if (in == DType::UInt8 && out == DType::Int8) return AB_REQUANTIZE_U8_TO_S8;
  c.fail("QUANTIZE from {} to {} is not supported (float32/uint8/int8 -> int8, int8 -> uint8)",
         dtype_name(in), dtype_name(out));
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
  if (p.kind != AB_QUANTIZE_F32_TO_S8) {
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
  LoweredOp l = start(c, "ab_ref_dequantize_s8_f32", "ab_dequantize_params");
  if (in.type != DType::Int8 || out.type != DType::Float32) {
    c.fail("DEQUANTIZE from {} to {} is not supported (int8 -> float32)", dtype_name(in.type),
           dtype_name(out.type));
  }
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
