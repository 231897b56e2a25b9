// CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED, int8 and 16x8 (int16 activations, int8
// weights): TFLite's PopulateConvolutionQuantizationParams (per-channel multipliers from double
// scales) and CalculateOpDataFullyConnected, and the kernel TFLite Micro's Eval picks.
#include "codegen/ir/dump.hpp"
#include "codegen/lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

void check_symmetric(const OpContext& c, const Tensor& filter) {
  for (int64_t zp : filter.quant->zero_point) {
    if (zp != 0) c.fail("weights #{} '{}' have zero point {}; int8 weights must be symmetric",
                        filter.id, printable_name(filter.name), zp);
  }
}

void check_window(const OpContext& c, const Tensor& out, int32_t oh, int32_t ow) {
  if (out.shape[1] != oh || out.shape[2] != ow) {
    c.fail("output is {}x{} but the window arithmetic gives {}x{}", out.shape[1], out.shape[2], oh,
           ow);
  }
}

}  // namespace

// Per-channel (multiplier, shift) for `channels` outputs; a per-tensor filter scale is
// broadcast to every channel, as TFLite does.
void per_channel_multipliers(const OpContext& c, const Tensor& in, const Tensor& filter, const Tensor& out,
                             int64_t channels, std::vector<int32_t>& mult, std::vector<int32_t>& shift) {
  const std::vector<float>& fs = c.scales(filter);
  if (fs.size() != 1 && static_cast<int64_t>(fs.size()) != channels) {
    c.fail("weights #{} have {} scales for {} output channels", filter.id, fs.size(), channels);
  }
  const double in_scale = c.scale(in), out_scale = c.scale(out);
  for (int64_t i = 0; i < channels; ++i) {
    const double f = fs.size() == 1 ? fs[0] : fs[static_cast<std::size_t>(i)];
    const QuantizedMultiplier m = quantize_multiplier(in_scale * f / out_scale);
    mult.push_back(m.multiplier);
    shift.push_back(m.shift);
  }
}

bool accumulates_in_int32(const OpContext& c, std::size_t bias_input, DType quantized_bias_type) {
  return c.has_input(bias_input) ? c.input(bias_input).type == DType::Int32 : quantized_bias_type == DType::Int32;
}

void check_int64_requantization(const OpContext& c, std::span<const int32_t> shifts) {
  for (int32_t shift : shifts) {
    if (shift >= 8) {
      c.fail("a requantization scale (input scale times weight scale over output scale) of at least 128: "
             "TFLite's 16x8 kernels take smaller ones");
    }
  }
}

namespace {

std::vector<KernelArg> weight_args(const OpContext& c) {
  return {{ArgRole::Input, c.node.inputs[0]},
          {ArgRole::Weights, c.node.inputs[1]},
          {ArgRole::Bias, c.has_input(2) ? c.node.inputs[2] : -1},
          {ArgRole::Output, c.node.outputs[0]}};
}

// What CONV_2D and DEPTHWISE_CONV_2D lower alike: the window (stride, dilation, padding), the
// offsets, the activation range and the per-channel requantization. Their params and options
// structs name these fields the same; p.output must already be set.
template <class Params, class Options>
void lower_window_and_quantization(const OpContext& c, const Options& o, LoweredOp& l, Params& p) {
  const Tensor &in = c.input(0), &filter = c.input(1), &out = c.output();
  check_symmetric(c, filter);
  const FoldedPadding& f = o.folded;
  const WindowDim h =
      window_dim(o.padding, in.shape[1] + f.top + f.bottom, filter.shape[1], o.stride_h, o.dilation_h);
  const WindowDim w =
      window_dim(o.padding, in.shape[2] + f.left + f.right, filter.shape[2], o.stride_w, o.dilation_w);
  check_window(c, out, h.out, w.out);
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.dilation_h = o.dilation_h;
  p.dilation_w = o.dilation_w;
  p.pad_h = h.pad_before + f.top;  // rows past the input's end are padding by the kernel's bounds
  p.pad_w = w.pad_before + f.left;
  p.input_offset = -c.zero_point(in);
  p.output_offset = c.zero_point(out);
  set_activation(p, activation_range(o.activation, c.scale(out), c.zero_point(out), out.type));
  std::vector<int32_t> mult, shift;
  per_channel_multipliers(c, in, filter, out, p.output.c, mult, shift);
  if (l.kernel.ends_with("_s16")) check_int64_requantization(c, shift);  // the int64-accumulating kernels
  p.output_multiplier = add_array(l, "output_multiplier", std::move(mult));
  p.output_shift = add_array(l, "output_shift", std::move(shift));
}

}  // namespace

LoweredOp lower_conv2d(const OpContext& c) {
  const auto& o = c.options<Conv2DOptions>();
  const Tensor &in = c.input(0), &filter = c.input(1), &out = c.output();
  const char* kernel = in.type == DType::Int8                            ? "ab_ref_conv2d_s8"
                       : accumulates_in_int32(c, 2, o.quantized_bias_type) ? "ab_ref_conv2d_s16_acc32"
                                                                           : "ab_ref_conv2d_s16";
  LoweredOp l = start(c, kernel, "ab_conv2d_params");
  ab_conv2d_params p{};
  p.input = c.dims4(in);
  p.filter = c.dims4(filter);
  p.output = c.dims4(out);
  if (p.filter.c <= 0 || p.input.c % p.filter.c != 0 || p.output.c != p.filter.n ||
      p.output.c % (p.input.c / p.filter.c) != 0) {
    c.fail("weights {}x{}x{}x{} do not fit input channels {} and output channels {}",
           p.filter.n, p.filter.h, p.filter.w, p.filter.c, p.input.c, p.output.c);
  }
  lower_window_and_quantization(c, o, l, p);
  l.params = p;
  l.args = weight_args(c);
  return l;
}

LoweredOp lower_depthwise_conv2d(const OpContext& c) {
  const auto& o = c.options<DepthwiseConv2DOptions>();
  const Tensor &in = c.input(0), &filter = c.input(1), &out = c.output();
  LoweredOp l = start(c, in.type == DType::Int8 ? "ab_ref_depthwise_conv2d_s8" : "ab_ref_depthwise_conv2d_s16",
                      "ab_depthwise_conv2d_params");
  ab_depthwise_conv2d_params p{};
  p.input = c.dims4(in);
  p.filter = c.dims4(filter);
  p.output = c.dims4(out);
  if (p.filter.n != 1 || p.input.c <= 0 || p.filter.c % p.input.c != 0 ||
      p.output.c != p.filter.c) {
    c.fail("weights 1x{}x{}x{} do not fit input channels {} and output channels {}", p.filter.h,
           p.filter.w, p.filter.c, p.input.c, p.output.c);
  }
  p.depth_multiplier = p.filter.c / p.input.c;  // the shapes decide, as in TFLite Micro
  lower_window_and_quantization(c, o, l, p);
  l.params = p;
  l.args = weight_args(c);
  return l;
}

LoweredOp lower_fully_connected(const OpContext& c) {
  const auto& o = c.options<FullyConnectedOptions>();
  const Tensor &in = c.input(0), &filter = c.input(1), &out = c.output();
  const char* kernel = in.type == DType::Int8                            ? "ab_ref_fully_connected_s8"
                       : accumulates_in_int32(c, 2, o.quantized_bias_type) ? "ab_ref_fully_connected_s16_acc32"
                                                                           : "ab_ref_fully_connected_s16";
  LoweredOp l = start(c, kernel, "ab_fully_connected_params");
  if (filter.shape.size() < 2 || out.shape.empty()) c.fail("weights must have rank 2");
  ab_fully_connected_params p{};
  p.output_depth = out.shape.back();
  p.accum_depth = filter.shape.back();
  p.batches = out.num_elements() / p.output_depth;
  if (p.output_depth > filter.shape[filter.shape.size() - 2] ||
      in.num_elements() != p.batches * p.accum_depth) {
    c.fail("input of {} elements, weights {}x{} and output {} rows of {} do not agree",
           in.num_elements(), filter.shape[0], filter.shape[1], p.batches, p.output_depth);
  }
  p.input_offset = -c.zero_point(in);
  p.output_offset = c.zero_point(out);
  set_activation(p, activation_range(o.activation, c.scale(out), c.zero_point(out), out.type));
  const bool int64_requantization = l.kernel.ends_with("_s16");  // the int64-accumulating kernel
  if (c.scales(filter).size() > 1) {
    check_symmetric(c, filter);
    std::vector<int32_t> mult, shift;
    per_channel_multipliers(c, in, filter, out, p.output_depth, mult, shift);
    if (int64_requantization) check_int64_requantization(c, shift);
    p.per_channel_multiplier = add_array(l, "per_channel_multiplier", std::move(mult));
    p.per_channel_shift = add_array(l, "per_channel_shift", std::move(shift));
  } else {
    // GetQuantizedConvolutionMultipler: the scale product is taken in float, then widened.
    const double product = static_cast<double>(c.scale(in) * c.scale(filter));
    const QuantizedMultiplier m = quantize_multiplier(product / static_cast<double>(c.scale(out)));
    if (int64_requantization) check_int64_requantization(c, std::span(&m.shift, 1));
    p.output_multiplier = m.multiplier;
    p.output_shift = m.shift;
    p.filter_offset = -c.zero_point(filter);
  }
  l.params = p;
  l.args = weight_args(c);
  return l;
}

}  // namespace aotbench::codegen::lower_detail
