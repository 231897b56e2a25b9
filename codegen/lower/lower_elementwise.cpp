// AVERAGE/MAX_POOL_2D and SOFTMAX (int8 -> int8/int16, int16 -> int16); ADD is with the arithmetic.
#include <cmath>

#include "codegen/lower/activation_tables.hpp"
#include "codegen/lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

LoweredOp lower_pool2d(const OpContext& c) {
  const auto& o = c.options<Pool2DOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  const bool average = c.node.type == OpType::AveragePool2D;
  LoweredOp l = start(c, average ? "ab_ref_avg_pool2d_s8" : "ab_ref_max_pool2d_s8",
                      "ab_pool2d_params");
  // Pooling does not rescale: TFLite Micro requires equal quantization.
  if (std::fabs(static_cast<double>(c.scale(in)) - static_cast<double>(c.scale(out))) > 1e-6 ||
      c.zero_point(in) != c.zero_point(out)) {
    c.fail("input and output quantization differ; pooling does not rescale");
  }
  ab_pool2d_params p{};
  p.input = c.dims4(in);
  p.output = c.dims4(out);
  const WindowDim h = window_dim(o.padding, in.shape[1], o.filter_h, o.stride_h, 1);
  const WindowDim w = window_dim(o.padding, in.shape[2], o.filter_w, o.stride_w, 1);
  if (h.out != out.shape[1] || w.out != out.shape[2] || p.input.c != p.output.c) {
    c.fail("output shape does not match the pooling window arithmetic");
  }
  p.filter_h = o.filter_h;
  p.filter_w = o.filter_w;
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.pad_h = h.pad_before;
  p.pad_w = w.pad_before;
  set_activation(p, activation_range_int8(o.activation, c.scale(out), c.zero_point(out)));
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

namespace {

// SOFTMAX int8 -> int8 or int16: TFLite's fixed-point exp. TFLite Micro requires the int8
// output scale to be exactly 1/256, the int16 one within 0.1% of 1/65536.
LoweredOp lower_softmax_s8(const OpContext& c) {
  const auto& o = c.options<SoftmaxOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  const bool to_int16 = out.type == DType::Int16;
  LoweredOp l = start(c, to_int16 ? "ab_ref_softmax_s8_s16" : "ab_ref_softmax_s8", "ab_softmax_params");
  if (in.shape.empty()) c.fail("the input is a scalar");
  if (to_int16 ? c.zero_point(out) != -32768 || std::fabs(c.scale(out) - 1.0f / 65536) > 0.001f / 65536
               : c.zero_point(out) != -128 || c.scale(out) != 1.0f / 256) {
    c.fail("output scale {} / zero point {}: softmax to {} needs {}", c.scale(out), c.zero_point(out),
           dtype_name(out.type), to_int16 ? "1/65536 and -32768" : "1/256 and -128");
  }
  const auto s = softmax_scaling(o.beta, c.scale(in));
  if (!s) c.fail("beta {} times input scale {} is too small to rescale", o.beta, c.scale(in));
  ab_softmax_params p{};
  p.depth = in.shape.back();
  p.outer_size = in.num_elements() / p.depth;
  p.input_multiplier = s->multiplier;
  p.input_left_shift = s->left_shift;
  p.diff_min = s->diff_min;
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// SOFTMAX int16 -> int16: differences scaled so that [-65535, 0] is [-10, 0], then TFLite
// Micro's exp and reciprocal tables (filled in its Prepare, here).
LoweredOp lower_softmax_s16(const OpContext& c) {
  const auto& o = c.options<SoftmaxOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  if (in.shape.empty()) c.fail("the input is a scalar");
  if (c.zero_point(in) != 0 || c.zero_point(out) != 0 || std::fabs(c.scale(out) - 1.0f / 32768) > 0.001f / 32768) {
    c.fail("int16 softmax needs zero points 0 and output scale 1/32768");
  }
  const QuantizedMultiplier m = quantize_multiplier(static_cast<double>(c.scale(in)) * static_cast<double>(o.beta) /
                                                    (10.0 / 65535.0));
  // Differences down to -65535 are shifted left before the multiplication: they must stay in int32.
  if (m.shift > 15 || m.shift < -31) c.fail("beta {} times input scale {} is out of range", o.beta, c.scale(in));
  LoweredOp l = start(c, "ab_ref_softmax_s16", "ab_softmax_s16_params");
  ab_softmax_s16_params p{};
  p.depth = in.shape.back();
  p.outer_size = in.num_elements() / p.depth;
  p.input_multiplier = m.multiplier;
  p.input_shift = m.shift;
  p.exp_table = add_param_array(l, "exp_table", softmax_exp_table_s16());
  p.reciprocal_table = add_param_array(l, "reciprocal_table", softmax_reciprocal_table_s16());
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

}  // namespace

LoweredOp lower_softmax(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.type == DType::Int8 && (out.type == DType::Int8 || out.type == DType::Int16)) return lower_softmax_s8(c);
  if (in.type == DType::Int16 && out.type == DType::Int16) return lower_softmax_s16(c);
  c.fail("softmax from {} to {} is not supported (int8 -> int8/int16, int16 -> int16)", dtype_name(in.type),
         dtype_name(out.type));
}

}  // namespace aotbench::codegen::lower_detail
