// Operators that slide a window or a weight matrix: CONV_2D, DEPTHWISE_CONV_2D,
// FULLY_CONNECTED (int8, and 16x8: int16 activations with int8 weights), AVERAGE_POOL_2D and
// MAX_POOL_2D.

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// Output length of a windowed operator, as TFLite computes it; <= 0 means the window never fits.
int64_t window_out(int64_t in, int64_t filter, int64_t stride, int64_t dilation, Padding p) {
  int64_t effective = (filter - 1) * dilation + 1;
  if (p == Padding::Same) return (in + stride - 1) / stride;
  return (in + stride - effective) / stride;
}

int32_t spatial_out(const OpCheck& c, int64_t in, int64_t filter, int64_t stride, int64_t dil,
                    Padding p, const char* dim) {
  int64_t n = window_out(in, filter, stride, dil, p);
  if (n <= 0)
    c.fail("the {} window ({} with dilation {}) does not fit the input's {} {}", dim, filter, dil,
           dim, in);
  return static_cast<int32_t>(n);
}

}  // namespace

// The activations of a layer with int8 weights: int8, or int16 (symmetric) in TFLite's 16x8
// mode; the output of the input's type.
void layer_activations(const OpCheck& c, const Tensor& x, const Tensor& y) {
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(y, x.type, "output");
  c.integer_quant(x, "input");
  c.integer_quant(y, "output");
}

void check_conv(const OpCheck& c, const Conv2DOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  layer_activations(c, x, y);
  c.rank_is(x, 4, "input");
  c.weights(w, 4, 0, true);
  c.zero_weight_offsets(w);
  if (w.shape[3] != x.shape[3]) {
    c.fail(
        "weights {} expect {} input channels but the input has {} (grouped convolution is "
        "not supported)",
        c.label(w.id), w.shape[3], x.shape[3]);
  }
  if (x.type == DType::Int16) {
    c.bias(2, w.shape[0], {DType::Int64, DType::Int32});  // 16x8: it picks the accumulator
  } else {
    c.bias(2, w.shape[0]);
  }
  int32_t oh =
      spatial_out(c, x.shape[1], w.shape[1], o.stride_h, o.dilation_h, o.padding, "height");
  int32_t ow = spatial_out(c, x.shape[2], w.shape[2], o.stride_w, o.dilation_w, o.padding, "width");
  c.shape_is(y, {x.shape[0], oh, ow, w.shape[0]}, "output");
}

void check_depthwise(const OpCheck& c, DepthwiseConv2DOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  layer_activations(c, x, y);
  c.rank_is(x, 4, "input");
  c.weights(w, 4, 3, true);
  c.zero_weight_offsets(w);
  int32_t channels = w.shape[3];
  if (w.shape[0] != 1)
    c.fail("weights {} have leading dimension {}; expected 1", c.label(w.id), w.shape[0]);
  if (channels % x.shape[3] != 0) {
    c.fail("weights {} have {} channels, not a multiple of the input's {}", c.label(w.id), channels,
           x.shape[3]);
  }
  // The options' multiplier is redundant; the shapes are what the kernels use.
  o.depth_multiplier = channels / x.shape[3];
  c.bias(2, channels, {x.type == DType::Int16 ? DType::Int64 : DType::Int32});  // as TFLite Micro reads it
  int32_t oh =
      spatial_out(c, x.shape[1], w.shape[1], o.stride_h, o.dilation_h, o.padding, "height");
  int32_t ow = spatial_out(c, x.shape[2], w.shape[2], o.stride_w, o.dilation_w, o.padding, "width");
  c.shape_is(y, {x.shape[0], oh, ow, channels}, "output");
}

void check_fully_connected(const OpCheck& c, const FullyConnectedOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  layer_activations(c, x, y);
  c.weights(w, 2, 0, true);
  if (w.quant->per_channel()) c.zero_weight_offsets(w);  // per tensor, TFLite applies the offset
  int64_t units = w.shape[0], depth = w.shape[1];
  if (x.num_elements() % depth != 0) {
    c.fail("input {} has {} elements, not a multiple of the weights' depth {}", c.label(x.id),
           x.num_elements(), depth);
  }
  if (x.type == DType::Int16) {
    c.bias(2, units, {DType::Int64, DType::Int32});  // 16x8: it picks the accumulator
  } else {
    c.bias(2, units);
  }
  int64_t batches = x.num_elements() / depth;
  if (o.keep_num_dims) {
    Shape want = x.shape;
    want.back() = static_cast<int32_t>(units);
    c.shape_is(y, want, "output");
  } else if (y.shape.empty() || y.shape.back() != units || y.num_elements() != batches * units) {
    c.fail("output {} has shape {}; expected {} rows of {}", c.label(y.id), shape_text(y.shape),
           batches, units);
  }
}

void check_pool(const OpCheck& c, const Pool2DOptions& o) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.rank_is(x, 4, "input");
  c.act(y, "output");
  int32_t oh = spatial_out(c, x.shape[1], o.filter_h, o.stride_h, 1, o.padding, "height");
  int32_t ow = spatial_out(c, x.shape[2], o.filter_w, o.stride_w, 1, o.padding, "width");
  c.shape_is(y, {x.shape[0], oh, ow, x.shape[3]}, "output");
}

}  // namespace aotbench::codegen::reader_detail
