// AVERAGE/MAX_POOL_2D and SOFTMAX (ADD is with the arithmetic).
#include <cmath>

#include "lower/lower_context.hpp"

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
  const ActivationRange act = activation_range_int8(o.activation, c.scale(out), c.zero_point(out));
  p.act_min = act.min;
  p.act_max = act.max;
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_softmax(const OpContext& c) {
  const auto& o = c.options<SoftmaxOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_softmax_s8", "ab_softmax_params");
  if (in.type != DType::Int8 || out.type != DType::Int8 || in.shape.empty()) {
    c.fail("only int8 -> int8 softmax of rank >= 1 is supported");
  }
  if (c.zero_point(out) != -128 || c.scale(out) != 1.0f / 256) {
    c.fail("output scale {} / zero point {}: int8 softmax needs 1/256 and -128", c.scale(out),
           c.zero_point(out));
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

}  // namespace aotbench::codegen::lower_detail
