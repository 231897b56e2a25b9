// Cases of the layers with weights: CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED in TFLite's
// 16x8 mode (int16 activations, int8 weights; int64 or int32 bias and accumulator, or none) and
// int8 (per-channel FULLY_CONNECTED among them), TRANSPOSE_CONV (int8, 16x8 with int64 or int16
// bias), BATCH_MATMUL (int8, int16; adjoints, broadcast batches, constant operands) and
// L2_NORMALIZATION (int8).
#include <algorithm>
#include <cmath>

#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

using AF = tfl::ActivationFunctionType;

AF activation(CaseRng& rng) {
  return rng.coin() ? AF::NONE : rng.pick<AF>({AF::RELU, AF::RELU6, AF::RELU_N1_TO_1});
}

// An activation's quantization: int8 with any zero point (or one at either end of the range),
// int16 symmetric as TFLite's 16x8 kernels require.
Quant activation_quant(CaseRng& rng, TT type, bool extreme_zero_point) {
  Quant q{rng.scale(1e-3f, 0.5f), 0};
  if (type == TT::INT8) q.zero_point = extreme_zero_point ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
  return q;
}

// A typical |sum| of `terms` products of random inputs and weights, over a typical |output|.
double sum_spread(TT type, int64_t terms) {
  const double product = type == TT::INT8 ? 74.0 * 74.0 : 18900.0 * 74.0;  // |input - zero point| * |weight|
  return product * std::sqrt(static_cast<double>(terms)) / (type == TT::INT8 ? 40.0 : 10000.0);
}

// An output scale that spreads such sums over the output's range (a quarter to four times it);
// in `far` cases a hundred times off either way.
float output_scale(CaseRng& rng, TT type, double product_scale, int64_t terms, bool far) {
  double s = product_scale * sum_spread(type, terms) * rng.scale(0.25f, 4.0f);
  if (far) s *= rng.pick<double>({1e-2, 1e2});
  return static_cast<float>(s);
}

// The output scale of a layer whose bias, up to 2^34, outweighs its sums.
float large_bias_output_scale(CaseRng& rng, double product_scale) {
  return static_cast<float>(product_scale * static_cast<double>(int64_t{1} << 34) / 10000.0 * rng.scale(0.25f, 4.0f));
}

// A weighted layer's input and output quantization and fused activation. With RELU6 or
// RELU_N1_TO_1 the output scale comes first, so that the bound (6 or 1) falls among typical
// outputs, and the input scale follows from it; otherwise the output scale follows the input's.
struct LayerQuant {
  Quant x, y;
  AF act;
};
LayerQuant layer_quant(CaseRng& rng, TT type, bool extremes, float w_scale, int64_t terms, bool far, bool large_bias) {
  LayerQuant q{activation_quant(rng, type, extremes), activation_quant(rng, type, extremes),
               large_bias ? AF::NONE : activation(rng)};
  if (q.act == AF::RELU6 || q.act == AF::RELU_N1_TO_1) {
    const double bound = q.act == AF::RELU6 ? 6.0 : 1.0;
    q.y.scale = static_cast<float>(bound / (type == TT::INT8 ? 40.0 : 10000.0) * rng.scale(0.5f, 2.0f));
    q.x.scale = static_cast<float>(q.y.scale / (w_scale * sum_spread(type, terms) * rng.scale(0.25f, 4.0f)));
  } else {
    const double product = double{q.x.scale} * w_scale;
    q.y.scale = large_bias ? large_bias_output_scale(rng, product) : output_scale(rng, type, product, terms, far);
  }
  return q;
}

std::vector<int64_t> random_values(CaseRng& rng, int64_t count, int64_t lo, int64_t hi) {
  std::vector<int64_t> v(static_cast<std::size_t>(count));
  for (int64_t& x : v) x = rng.uniform(lo, hi);
  return v;
}

int64_t elements(const std::vector<int32_t>& shape) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return n;
}

// Symmetric int8 weights in [-127, 127], per tensor or per channel along `axis` (scales spread
// over a factor of 4); their scales are returned in `scales`.
int32_t weights(CaseBuilder& b, CaseRng& rng, const std::vector<int32_t>& shape, int32_t axis, bool per_channel,
                std::vector<float>& scales) {
  const float base = rng.scale(1e-3f, 0.1f);
  const std::vector<int64_t> values = random_values(rng, elements(shape), -127, 127);
  if (!per_channel) {
    scales = {base};
    return b.constant_values(TT::INT8, shape, values, {base, 0});
  }
  scales.clear();
  for (int32_t i = 0; i < shape[static_cast<std::size_t>(axis)]; ++i) scales.push_back(base * rng.scale(1.0f, 4.0f));
  return b.constant_per_channel(TT::INT8, shape, values, scales, axis);
}

// What a case's layer sums into: int8 layers an int32 bias; 16x8 layers an int64 or an int32
// bias, or none (then TFLite Micro's accumulator follows quantized_bias_type).
enum class Bias { None, Int32, Int64, Int16 };

// A bias of `channels` values up to a typical sum, quantized as the quantizer does
// (input scale times each weight scale); -1 for none. `large` ones (int64 only) exceed int32.
int32_t bias(CaseBuilder& b, CaseRng& rng, Bias kind, float in_scale, const std::vector<float>& w_scales,
             int64_t channels, int64_t typical, bool large) {
  if (kind == Bias::None) return -1;
  const int64_t limit = kind == Bias::Int16 ? 32767 : large ? int64_t{1} << 34 : std::min<int64_t>(typical, 1 << 24);
  const std::vector<int64_t> values = random_values(rng, channels, -limit, limit);
  const TT type = kind == Bias::Int32 ? TT::INT32 : kind == Bias::Int64 ? TT::INT64 : TT::INT16;
  std::vector<float> scales;
  for (float w : w_scales) scales.push_back(in_scale * w);
  if (scales.size() == 1) return b.constant_values(type, {static_cast<int32_t>(channels)}, values, {scales[0], 0});
  return b.constant_per_channel(type, {static_cast<int32_t>(channels)}, values, scales, 0);
}

Bias bias_kind(TT type, int n) {
  if (type == TT::INT8) return n % 5 == 4 ? Bias::None : Bias::Int32;
  return std::vector<Bias>{Bias::Int64, Bias::Int32, Bias::None}[static_cast<std::size_t>(n % 3)];
}

// A typical |sum| of `terms` products, for sizing biases.
int64_t typical_sum(TT type, int64_t terms) {
  return static_cast<int64_t>((type == TT::INT8 ? 74.0 * 74.0 : 18900.0 * 74.0) * std::sqrt(static_cast<double>(terms)));
}

// Window output size as TFLite computes it.
int32_t window_out(int32_t in, int32_t filter, int32_t stride, int32_t dilation, tfl::Padding p) {
  const int32_t effective = (filter - 1) * dilation + 1;
  return p == tfl::Padding::SAME ? (in + stride - 1) / stride : (in + stride - effective) / stride;
}

struct Window {
  tfl::Padding padding;
  int32_t kh, kw, stride_h, stride_w, dilation_h, dilation_w, oh, ow;
};

Window random_window(CaseRng& rng, int32_t h, int32_t w) {
  Window win{};
  win.padding = rng.coin() ? tfl::Padding::SAME : tfl::Padding::VALID;
  win.kh = static_cast<int32_t>(rng.uniform(1, 3));
  win.kw = static_cast<int32_t>(rng.uniform(1, 3));
  win.stride_h = static_cast<int32_t>(rng.uniform(1, 2));
  win.stride_w = static_cast<int32_t>(rng.uniform(1, 2));
  win.dilation_h = rng.uniform(0, 3) == 0 ? 2 : 1;
  win.dilation_w = rng.uniform(0, 3) == 0 ? 2 : 1;
  win.oh = window_out(h, win.kh, win.stride_h, win.dilation_h, win.padding);
  win.ow = window_out(w, win.kw, win.stride_w, win.dilation_w, win.padding);
  if (win.oh <= 0 || win.ow <= 0) {  // the window does not fit: pad instead
    win.padding = tfl::Padding::SAME;
    win.oh = window_out(h, win.kh, win.stride_h, win.dilation_h, win.padding);
    win.ow = window_out(w, win.kw, win.stride_w, win.dilation_w, win.padding);
  }
  return win;
}

// The quantized_bias_type of a layer without a bias: now and then INT32 (an int32 accumulator).
TT bias_type_hint(Bias kind, int n) { return kind == Bias::None && n % 2 == 0 ? TT::INT32 : TT::FLOAT32; }

OpCase conv_case(CaseRng& rng, int n, TT type, bool depthwise) {
  CaseBuilder b(case_name(depthwise ? "depthwise_conv_2d" : "conv_2d", type, n));
  const bool extremes = n % 4 == 3;
  const int32_t batches = static_cast<int32_t>(rng.uniform(1, 2)), h = static_cast<int32_t>(rng.uniform(1, 7)),
                w = static_cast<int32_t>(rng.uniform(1, 7));
  const int32_t c_in = static_cast<int32_t>(rng.uniform(1, 5));
  const int32_t multiplier = depthwise ? static_cast<int32_t>(rng.uniform(1, 3)) : 1;
  const int32_t c_out = depthwise ? c_in * multiplier : static_cast<int32_t>(rng.uniform(1, 4));
  const Window win = random_window(rng, h, w);
  std::vector<float> ws;
  const std::vector<int32_t> w_shape =
      depthwise ? std::vector<int32_t>{1, win.kh, win.kw, c_out} : std::vector<int32_t>{c_out, win.kh, win.kw, c_in};
  const int32_t wt = weights(b, rng, w_shape, depthwise ? 3 : 0, rng.coin(), ws);
  const int64_t terms = int64_t{win.kh} * win.kw * (depthwise ? 1 : c_in);
  const Bias kind = depthwise && type == TT::INT16 && n % 3 == 1 ? Bias::Int64 : bias_kind(type, n);
  const bool large = type == TT::INT16 && n % 7 == 6 && kind == Bias::Int64;
  const LayerQuant q = layer_quant(rng, type, extremes, ws[0], terms, extremes && n % 8 == 7, large);
  const int32_t x = b.input(type, {batches, h, w, c_in}, q.x);
  const int32_t bs = bias(b, rng, kind, q.x.scale, ws, c_out, typical_sum(type, terms), large);
  const int32_t y = b.tensor(type, {batches, win.oh, win.ow, c_out}, q.y);
  if (depthwise) {
    tfl::DepthwiseConv2DOptionsT o;
    o.padding = win.padding;
    o.stride_h = win.stride_h, o.stride_w = win.stride_w;
    o.dilation_h_factor = win.dilation_h, o.dilation_w_factor = win.dilation_w;
    o.depth_multiplier = multiplier;
    o.fused_activation_function = q.act;
    // No bias: two inputs. TFLite Micro's Prepare crashes on an omitted (-1) third one.
    b.op(BO::DEPTHWISE_CONV_2D, bs >= 0 ? std::vector<int32_t>{x, wt, bs} : std::vector<int32_t>{x, wt}, {y}, o);
  } else {
    tfl::Conv2DOptionsT o;
    o.padding = win.padding;
    o.stride_h = win.stride_h, o.stride_w = win.stride_w;
    o.dilation_h_factor = win.dilation_h, o.dilation_w_factor = win.dilation_w;
    o.fused_activation_function = q.act;
    o.quantized_bias_type = bias_type_hint(kind, n);
    // No bias: an omitted third input, or two inputs.
    b.op(BO::CONV_2D, bs >= 0 || n % 2 == 0 ? std::vector<int32_t>{x, wt, bs} : std::vector<int32_t>{x, wt}, {y}, o);
  }
  b.output(y);
  return b.finish(rng);
}

OpCase fully_connected_case(CaseRng& rng, int n, TT type, bool per_channel) {
  CaseBuilder b(case_name(per_channel ? "fully_connected_pc" : "fully_connected", type, n));
  const bool extremes = n % 4 == 3;
  const int32_t depth = static_cast<int32_t>(rng.uniform(1, 40)), units = static_cast<int32_t>(rng.uniform(1, 10));
  const bool keep_dims = n % 5 == 2;
  std::vector<int32_t> x_shape = keep_dims ? std::vector<int32_t>{2, static_cast<int32_t>(rng.uniform(1, 3)), depth}
                                           : std::vector<int32_t>{static_cast<int32_t>(rng.uniform(1, 3)), depth};
  std::vector<int32_t> y_shape = x_shape;
  y_shape.back() = units;
  std::vector<float> ws;
  const int32_t wt = weights(b, rng, {units, depth}, 0, per_channel, ws);
  const Bias kind = bias_kind(type, n);
  const bool large = type == TT::INT16 && n % 7 == 6 && kind == Bias::Int64;
  const LayerQuant q = layer_quant(rng, type, extremes, ws[0], depth, extremes && n % 8 == 7, large);
  const int32_t x = b.input(type, x_shape, q.x);
  const int32_t bs = bias(b, rng, kind, q.x.scale, ws, units, typical_sum(type, depth), large);
  const int32_t y = b.tensor(type, y_shape, q.y);
  tfl::FullyConnectedOptionsT o;
  o.fused_activation_function = q.act;
  o.keep_num_dims = keep_dims;
  o.quantized_bias_type = bias_type_hint(kind, n);
  b.op(BO::FULLY_CONNECTED, {x, wt, bs}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

// Output sizes as converters make them (SAME: in * stride, VALID: (in - 1) * stride + kernel),
// and now and then a SAME output up to stride - 1 smaller (Keras' output_padding).
OpCase transpose_conv_case(CaseRng& rng, int n, TT type) {
  CaseBuilder b(case_name("transpose_conv", type, n));
  const bool extremes = n % 4 == 3;
  const int32_t batches = static_cast<int32_t>(rng.uniform(1, 2)), h = static_cast<int32_t>(rng.uniform(1, 5)),
                w = static_cast<int32_t>(rng.uniform(1, 5));
  const int32_t c_in = static_cast<int32_t>(rng.uniform(1, 4)), c_out = static_cast<int32_t>(rng.uniform(1, 4));
  const int32_t kh = static_cast<int32_t>(rng.uniform(1, 4)), kw = static_cast<int32_t>(rng.uniform(1, 4));
  const int32_t sh = static_cast<int32_t>(rng.uniform(1, 3)), sw = static_cast<int32_t>(rng.uniform(1, 3));
  const tfl::Padding padding = rng.coin() ? tfl::Padding::SAME : tfl::Padding::VALID;
  int32_t oh = padding == tfl::Padding::SAME ? h * sh : (h - 1) * sh + kh;
  int32_t ow = padding == tfl::Padding::SAME ? w * sw : (w - 1) * sw + kw;
  if (padding == tfl::Padding::SAME && n % 5 == 1) {
    oh -= static_cast<int32_t>(rng.uniform(0, sh - 1));
    ow -= static_cast<int32_t>(rng.uniform(0, sw - 1));
  }
  std::vector<float> ws;
  const int32_t wt = weights(b, rng, {c_out, kh, kw, c_in}, 0, rng.coin(), ws);
  // Each output receives about kh/sh * kw/sw input pixels' worth of products.
  const int64_t terms = std::max<int64_t>(1, int64_t{c_in} * ((kh + sh - 1) / sh) * ((kw + sw - 1) / sw));
  const Bias kind = type == TT::INT8 ? bias_kind(type, n)
                                     : std::vector<Bias>{Bias::Int64, Bias::Int16, Bias::None}[static_cast<std::size_t>(n % 3)];
  const LayerQuant q = layer_quant(rng, type, extremes, ws[0], terms, extremes && n % 8 == 7, false);
  const int32_t x = b.input(type, {batches, h, w, c_in}, q.x);
  const int32_t bs = bias(b, rng, kind, q.x.scale, ws, c_out, typical_sum(type, terms), false);
  const int32_t y = b.tensor(type, {batches, oh, ow, c_out}, q.y);
  const int32_t shape = b.constant_values(TT::INT32, {4}, {batches, oh, ow, c_out});
  tfl::TransposeConvOptionsT o;
  o.padding = padding;
  o.stride_h = sh, o.stride_w = sw;
  o.fused_activation_function = q.act;
  std::vector<int32_t> inputs{shape, wt, x};
  if (bs >= 0 || n % 2 == 0) inputs.push_back(bs);  // no bias: an omitted fourth input, or three inputs
  b.op(BO::TRANSPOSE_CONV, inputs, {y}, o);
  b.output(y);
  return b.finish(rng);
}

// Operands of rank 2 to 5 whose batch dimensions broadcast (each may drop leading ones or hold
// a 1 where the other does not).
OpCase batch_matmul_case(CaseRng& rng, int n, TT type) {
  CaseBuilder b(case_name("batch_matmul", type, n));
  const bool extremes = n % 4 == 3;
  const bool adj_x = n % 2 == 1, adj_y = n / 2 % 2 == 1;
  const int32_t rows = static_cast<int32_t>(rng.uniform(1, 6)), cols = static_cast<int32_t>(rng.uniform(1, 6)),
                depth = static_cast<int32_t>(rng.uniform(1, 8));
  const int out_batch = static_cast<int>(rng.uniform(0, 3));
  const std::vector<int32_t> batch = rng.shape(out_batch, 3);
  std::vector<int32_t> lb = batch, rb = batch;
  for (auto* s : {&lb, &rb}) {
    if (rng.coin()) s->erase(s->begin(), s->begin() + rng.uniform(0, static_cast<int64_t>(s->size())));
    for (int32_t& d : *s) {
      if (rng.uniform(0, 2) == 0) d = 1;
    }
  }
  std::vector<int32_t> out_shape(std::max(lb.size(), rb.size()), 1);
  for (const auto* s : {&lb, &rb}) {
    const std::size_t shift = out_shape.size() - s->size();
    for (std::size_t i = 0; i < s->size(); ++i) out_shape[shift + i] = std::max(out_shape[shift + i], (*s)[i]);
  }
  std::vector<int32_t> l_shape = lb, r_shape = rb;
  for (int32_t d : adj_x ? std::vector<int32_t>{depth, rows} : std::vector<int32_t>{rows, depth}) l_shape.push_back(d);
  for (int32_t d : adj_y ? std::vector<int32_t>{cols, depth} : std::vector<int32_t>{depth, cols}) r_shape.push_back(d);
  out_shape.push_back(rows);
  out_shape.push_back(cols);
  // One operand's zero point at an end of the range (both would make every product positive).
  const Quant ql = activation_quant(rng, type, extremes), qr = activation_quant(rng, type, false);
  Quant qy = activation_quant(rng, type, extremes);
  qy.scale = output_scale(rng, type, double{ql.scale} * qr.scale * (type == TT::INT8 ? 1.0 : 18900.0 / 74.0), depth,
                          extremes && n % 8 == 7);
  const auto [lo, hi] = type_range(type);
  const int32_t l = n % 7 == 5 && n % 3 != 0 ? b.constant_random(rng, type, l_shape, ql, lo, hi) : b.input(type, l_shape, ql);
  const int32_t r = n % 3 == 0 ? b.constant_random(rng, type, r_shape, qr, lo, hi) : b.input(type, r_shape, qr);
  const int32_t y = b.tensor(type, out_shape, qy);
  tfl::BatchMatMulOptionsT o;
  o.adj_x = adj_x;
  o.adj_y = adj_y;
  b.op(BO::BATCH_MATMUL, {l, r}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

// Rows of the last dimension; rows near the zero point reach the sums of squares TFLite treats
// apart (0 and 1 in depth-1 rows, below 32 in others). The output is 1/128 with zero point 0 as converters make it, now
// and then something else (TFLite Micro ignores it).
OpCase l2_normalization_case(CaseRng& rng, int n) {
  CaseBuilder b(case_name("l2_normalization", TT::INT8, n));
  const int rank = static_cast<int>(rng.uniform(1, 4));
  std::vector<int32_t> shape = rng.shape(rank, 6);
  if (n % 6 == 5) shape.back() = 1;
  const Quant qx = activation_quant(rng, TT::INT8, n % 4 == 3);
  const int64_t near = n % 6 == 5 ? 1 : n % 6 == 2 ? 2 : 255;
  const int64_t lo = std::max<int64_t>(-128, qx.zero_point - near), hi = std::min<int64_t>(127, qx.zero_point + near);
  const int32_t x = b.input(TT::INT8, shape, qx, lo, hi);
  const Quant qy = n % 8 == 7 ? Quant{0.05f, 10} : Quant{1.0f / 128, 0};
  const int32_t y = b.tensor(TT::INT8, shape, qy);
  b.op(BO::L2_NORMALIZATION, {x}, {y}, tfl::L2NormOptionsT{});
  b.output(y);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> layers_cases() {
  CaseRng rng(29);
  std::vector<OpCase> cases;
  for (int n = 0; n < 18; ++n) {
    cases.push_back(conv_case(rng, n, TT::INT16, false));
    cases.push_back(conv_case(rng, n, TT::INT16, true));
    cases.push_back(fully_connected_case(rng, n, TT::INT16, n % 2 == 1));
    cases.push_back(fully_connected_case(rng, n, TT::INT8, true));
    cases.push_back(transpose_conv_case(rng, n, TT::INT8));
    cases.push_back(transpose_conv_case(rng, n, TT::INT16));
    cases.push_back(batch_matmul_case(rng, n, TT::INT8));
    cases.push_back(batch_matmul_case(rng, n, TT::INT16));
    cases.push_back(l2_normalization_case(rng, n));
  }
  for (int n = 0; n < 6; ++n) {
    cases.push_back(conv_case(rng, n, TT::INT8, false));
    cases.push_back(conv_case(rng, n, TT::INT8, true));
    cases.push_back(fully_connected_case(rng, n, TT::INT8, false));
  }
  return cases;
}

}  // namespace aotbench::codegen::test
