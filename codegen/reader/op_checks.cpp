// Step 5: per-operator checks. Everything the int8 reference kernels take for granted is made
// true here (types, quantization, constant weights, shapes that agree), so later stages never
// see an operator they would compute wrongly or out of bounds.
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "ir/dump.hpp"
#include "reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

using Shape = std::vector<int32_t>;

std::string shape_text(const Shape& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) out += fmt::format("{}{}", i ? "x" : "", s[i]);
  return "[" + out + "]";
}

class OpCheck {
 public:
  OpCheck(const Graph& g, const Operator& op) : graph(g), node(op) {}

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> what, Args&&... args) const {
    reader_detail::fail(graph, "operator {} ({}): {}", node.index, op_name(node.type),
                        fmt::format(what, std::forward<Args>(args)...));
  }

  std::string label(int id) const {
    return fmt::format("tensor #{} '{}'", id, printable_name(graph.tensors[id].name));
  }

  void arity(std::size_t min_in, std::size_t max_in) const {
    std::size_t n = node.inputs.size();
    if (n < min_in || n > max_in) {
      if (min_in == max_in) fail("has {} inputs; expected {}", n, min_in);
      fail("has {} inputs; expected {} to {}", n, min_in, max_in);
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (node.inputs[i] == -1 && i < min_in) fail("input {} is missing", i);
    }
  }

  bool has(std::size_t i) const { return i < node.inputs.size() && node.inputs[i] >= 0; }
  const Tensor& in(std::size_t i) const { return graph.tensors[node.inputs[i]]; }
  const Tensor& out() const { return graph.tensors[node.outputs[0]]; }

  // The tensor's type, or a message that says what was expected (and spots hybrid kernels).
  void type(const Tensor& t, DType want, const char* role) const {
    if (t.type == want) return;
    if (t.type == DType::Float32 && want == DType::Int8) {
      fail("{} {} is float32: float (or hybrid float/int8) compute is not supported; convert the "
           "model with full-integer int8 quantization", role, label(t.id));
    }
    fail("{} {} is {}; expected {}", role, label(t.id), dtype_name(t.type), dtype_name(want));
  }

  void constant(const Tensor& t, const char* role) const {
    if (!t.is_constant()) fail("{} {} is not a constant; only constant {}s are supported", role,
                               label(t.id), role);
  }

  // An activation: one scale and zero point, the zero point inside the type's range.
  void per_tensor(const Tensor& t, const char* role) const {
    if (!t.quant) fail("{} {} has no quantization parameters; re-convert with full-integer "
                       "quantization", role, label(t.id));
    if (t.quant->per_channel()) fail("{} {} is quantized per channel; expected one scale", role,
                                     label(t.id));
    if (!(t.quant->scale[0] > 0)) fail("{} {} has scale {}; must be positive", role, label(t.id),
                                       t.quant->scale[0]);
    zero_points_in_range(t, role);
  }

  void zero_points_in_range(const Tensor& t, const char* role) const {
    int64_t lo = t.type == DType::UInt8 ? 0 : -128, hi = t.type == DType::UInt8 ? 255 : 127;
    for (int64_t zp : t.quant->zero_point) {
      if (zp < lo || zp > hi) fail("{} {} has zero point {}, outside {}", role, label(t.id), zp,
                                   dtype_name(t.type));
    }
  }

  // int8 activation with per-tensor quantization.
  void act(const Tensor& t, const char* role) const {
    type(t, DType::Int8, role);
    per_tensor(t, role);
  }

  // Symmetric int8 weights, per tensor or per channel along `axis` (count = channels).
  void weights(const Tensor& t, std::size_t rank, int axis, bool per_channel_ok) const {
    type(t, DType::Int8, "weights");
    constant(t, "weights");
    rank_is(t, rank, "weights");
    if (!t.quant) fail("weights {} have no quantization parameters", label(t.id));
    if (t.quant->per_channel()) {
      if (!per_channel_ok) fail("weights {} are quantized per channel; only per-tensor weights "
                                "are supported for this operator", label(t.id));
      if (t.quant->axis != axis) fail("weights {} are quantized along axis {}; expected axis {}",
                                      label(t.id), t.quant->axis, axis);
    }
    zero_points_in_range(t, "weights");
  }

  void zero_weight_offsets(const Tensor& t) const {
    for (int64_t zp : t.quant->zero_point) {
      if (zp != 0) fail("weights {} have zero point {}; int8 convolution weights must be "
                        "symmetric (zero point 0)", label(t.id), zp);
    }
  }

  void bias(std::size_t i, int64_t channels) const {
    if (!has(i)) return;
    const Tensor& b = in(i);
    type(b, DType::Int32, "bias");
    constant(b, "bias");
    if (b.num_elements() != channels) fail("bias {} has {} elements; expected {}", label(b.id),
                                           b.num_elements(), channels);
  }

  void rank_is(const Tensor& t, std::size_t rank, const char* role) const {
    if (t.shape.size() != rank) fail("{} {} has rank {}; expected {}", role, label(t.id),
                                     t.shape.size(), rank);
  }

  void shape_is(const Tensor& t, const Shape& want, const char* role) const {
    if (t.shape != want) fail("{} {} has shape {}, but the operator computes {} from its inputs; "
                              "the model is corrupt", role, label(t.id), shape_text(t.shape),
                              shape_text(want));
  }

  // Small constant int32/int64 vectors (axes, paddings, permutations), read little-endian.
  std::vector<int64_t> int_values(const Tensor& t, const char* role) const {
    if (t.type != DType::Int32 && t.type != DType::Int64) {
      fail("{} {} is {}; expected int32 or int64", role, label(t.id), dtype_name(t.type));
    }
    constant(t, role);
    std::vector<int64_t> v(t.num_elements());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (t.type == DType::Int32) {
        int32_t x;
        std::memcpy(&x, t.data.data() + 4 * i, 4);
        v[i] = x;
      } else {
        std::memcpy(&v[i], t.data.data() + 8 * i, 8);
      }
    }
    return v;
  }

  const Graph& graph;
  const Operator& node;
};

constexpr int64_t kMaxDim = std::numeric_limits<int32_t>::max();

int32_t checked_dim(const OpCheck& c, int64_t d) {
  if (d > kMaxDim) c.fail("a computed dimension ({}) overflows int32", d);
  return static_cast<int32_t>(d);
}

// Output length of a windowed operator, as TFLite computes it; <= 0 means the window never fits.
int64_t window_out(int64_t in, int64_t filter, int64_t stride, int64_t dilation, Padding p) {
  int64_t effective = (filter - 1) * dilation + 1;
  if (p == Padding::Same) return (in + stride - 1) / stride;
  return (in + stride - effective) / stride;
}

int32_t spatial_out(const OpCheck& c, int64_t in, int64_t filter, int64_t stride, int64_t dil,
                    Padding p, const char* dim) {
  int64_t n = window_out(in, filter, stride, dil, p);
  if (n <= 0) c.fail("the {} window ({} with dilation {}) does not fit the input's {} {}", dim,
                     filter, dil, dim, in);
  return static_cast<int32_t>(n);
}

void check_conv(const OpCheck& c, const Conv2DOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  c.act(x, "input");
  c.rank_is(x, 4, "input");
  c.weights(w, 4, 0, true);
  c.zero_weight_offsets(w);
  c.act(y, "output");
  if (w.shape[3] != x.shape[3]) {
    c.fail("weights {} expect {} input channels but the input has {} (grouped convolution is "
           "not supported)", c.label(w.id), w.shape[3], x.shape[3]);
  }
  c.bias(2, w.shape[0]);
  int32_t oh = spatial_out(c, x.shape[1], w.shape[1], o.stride_h, o.dilation_h, o.padding, "height");
  int32_t ow = spatial_out(c, x.shape[2], w.shape[2], o.stride_w, o.dilation_w, o.padding, "width");
  c.shape_is(y, {x.shape[0], oh, ow, w.shape[0]}, "output");
}

void check_depthwise(const OpCheck& c, DepthwiseConv2DOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  c.act(x, "input");
  c.rank_is(x, 4, "input");
  c.weights(w, 4, 3, true);
  c.zero_weight_offsets(w);
  c.act(y, "output");
  int32_t channels = w.shape[3];
  if (w.shape[0] != 1) c.fail("weights {} have leading dimension {}; expected 1", c.label(w.id),
                              w.shape[0]);
  if (channels % x.shape[3] != 0) {
    c.fail("weights {} have {} channels, not a multiple of the input's {}", c.label(w.id),
           channels, x.shape[3]);
  }
  // The options' multiplier is redundant; the shapes are what the kernels use.
  o.depth_multiplier = channels / x.shape[3];
  c.bias(2, channels);
  int32_t oh = spatial_out(c, x.shape[1], w.shape[1], o.stride_h, o.dilation_h, o.padding, "height");
  int32_t ow = spatial_out(c, x.shape[2], w.shape[2], o.stride_w, o.dilation_w, o.padding, "width");
  c.shape_is(y, {x.shape[0], oh, ow, channels}, "output");
}

void check_fully_connected(const OpCheck& c, const FullyConnectedOptions& o) {
  c.arity(2, 3);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  c.act(x, "input");
  c.weights(w, 2, 0, false);
  c.act(y, "output");
  int64_t units = w.shape[0], depth = w.shape[1];
  if (x.num_elements() % depth != 0) {
    c.fail("input {} has {} elements, not a multiple of the weights' depth {}", c.label(x.id),
           x.num_elements(), depth);
  }
  c.bias(2, units);
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

void check_add(const OpCheck& c) {
  c.arity(2, 2);
  const Tensor &a = c.in(0), &b = c.in(1), &y = c.out();
  c.act(a, "input");
  c.act(b, "input");
  c.act(y, "output");
  std::size_t rank = std::max(a.shape.size(), b.shape.size());
  if (a.shape != b.shape && rank > 4) c.fail("broadcasting beyond 4 dimensions is not supported");
  Shape want(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    auto dim = [&](const Shape& s) {
      return i + s.size() >= rank ? s[i + s.size() - rank] : 1;
    };
    int32_t da = dim(a.shape), db = dim(b.shape);
    if (da != db && da != 1 && db != 1) {
      c.fail("input shapes {} and {} do not broadcast", shape_text(a.shape), shape_text(b.shape));
    }
    want[i] = std::max(da, db);
  }
  c.shape_is(y, want, "output");
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

void check_mean(const OpCheck& c, const ReducerOptions& o) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  std::vector<bool> reduced(x.shape.size(), false);
  for (int64_t a : c.int_values(c.in(1), "axis")) {
    int64_t rank = static_cast<int64_t>(x.shape.size());
    if (a < -rank || a >= rank) c.fail("axis {} is outside the input's rank {}", a, rank);
    reduced[a < 0 ? a + rank : a] = true;
  }
  Shape want;
  for (std::size_t i = 0; i < x.shape.size(); ++i) {
    if (!reduced[i]) want.push_back(x.shape[i]);
    else if (o.keep_dims) want.push_back(1);
  }
  c.shape_is(y, want, "output");
}

void same_quant(const OpCheck& c, const Tensor& a, const Tensor& b) {
  if (a.quant->scale[0] != b.quant->scale[0] || a.quant->zero_point[0] != b.quant->zero_point[0]) {
    c.fail("input and output quantization differ; this operator does not rescale");
  }
}

void check_pad(const OpCheck& c) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  same_quant(c, x, y);
  if (x.shape.size() > 5) c.fail("input rank {} is above the supported 5", x.shape.size());
  const Tensor& p = c.in(1);
  if (p.shape != Shape{static_cast<int32_t>(x.shape.size()), 2}) {
    c.fail("paddings {} have shape {}; expected [{}x2]", c.label(p.id), shape_text(p.shape),
           x.shape.size());
  }
  std::vector<int64_t> pads = c.int_values(p, "paddings");
  Shape want = x.shape;
  for (std::size_t i = 0; i < want.size(); ++i) {
    int64_t before = pads[2 * i], after = pads[2 * i + 1];
    if (before < 0 || after < 0 || before > kMaxDim || after > kMaxDim) {
      c.fail("padding {},{} of dimension {} is out of range", before, after, i);
    }
    want[i] = checked_dim(c, want[i] + before + after);
  }
  c.shape_is(y, want, "output");
}

void check_reshape(const OpCheck& c) {
  c.arity(1, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.type(y, x.type, "output");
  if (c.has(1) && !c.in(1).is_constant()) {
    c.fail("the new shape {} is computed at run time; only static reshapes are supported",
           c.label(c.in(1).id));
  }
  if (x.num_elements() != y.num_elements()) {
    c.fail("input {} has {} elements but output {} has {}", c.label(x.id), x.num_elements(),
           c.label(y.id), y.num_elements());
  }
}

void check_softmax(const OpCheck& c, const SoftmaxOptions& o) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  if (x.shape.empty()) c.fail("input {} is a scalar", c.label(x.id));
  c.shape_is(y, x.shape, "output");
  if (!std::isfinite(o.beta) || o.beta <= 0) c.fail("beta {} must be positive", o.beta);
  // TFLite's int8 softmax writes probabilities with scale 1/256 and zero point -128.
  float scale = y.quant->scale[0];
  if (y.quant->zero_point[0] != -128 || std::fabs(scale - 1.0f / 256) > 0.001f / 256) {
    c.fail("output {} has scale {} and zero point {}; int8 SOFTMAX requires 1/256 and -128",
           c.label(y.id), scale, y.quant->zero_point[0]);
  }
}

void check_transpose(const OpCheck& c) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  std::vector<int64_t> perm = c.int_values(c.in(1), "permutation");
  std::size_t rank = x.shape.size();
  if (perm.size() != rank) c.fail("permutation has {} entries for a rank-{} input", perm.size(), rank);
  std::vector<bool> seen(rank, false);
  Shape want(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    if (perm[i] < 0 || static_cast<std::size_t>(perm[i]) >= rank || seen[perm[i]]) {
      c.fail("permutation {} is not a permutation of 0..{}",
             fmt::format("[{}]", fmt::join(perm, ",")), rank - 1);
    }
    seen[perm[i]] = true;
    want[i] = x.shape[perm[i]];
  }
  c.shape_is(y, want, "output");
}

// TFLite Micro concatenates int8 tensors by copying bytes, without rescaling.
void check_concatenation(const OpCheck& c, ConcatenationOptions& o) {
  constexpr std::size_t kMaxInputs = 10;  // TFLite Micro's limit
  c.arity(1, kMaxInputs);
  const Tensor& y = c.out();
  c.act(y, "output");
  if (o.activation != Activation::None) c.fail("fused activations are not supported here");
  int32_t rank = static_cast<int32_t>(y.shape.size());
  if (rank > 4) c.fail("rank {} is above the supported 4", rank);
  if (o.axis < -rank || o.axis >= rank) c.fail("axis {} is outside rank {}", o.axis, rank);
  if (o.axis < 0) o.axis += rank;  // the IR keeps a non-negative axis
  Shape want = y.shape;
  int64_t total = 0;
  for (std::size_t i = 0; i < c.node.inputs.size(); ++i) {
    if (!c.has(i)) c.fail("input {} is missing", i);
    const Tensor& x = c.in(i);
    c.act(x, "input");
    c.rank_is(x, rank, "input");
    for (int32_t d = 0; d < rank; ++d) {
      if (d != o.axis && x.shape[d] != y.shape[d]) {
        c.fail("input {} has shape {}, which does not line up with the output's {}",
               c.label(x.id), shape_text(x.shape), shape_text(y.shape));
      }
    }
    total += x.shape[o.axis];
  }
  want[o.axis] = checked_dim(c, total);
  c.shape_is(y, want, "output");
}

void check_quantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  bool ok = (x.type == DType::Float32 || x.type == DType::UInt8 || x.type == DType::Int8) &&
            (y.type == DType::Int8 || (y.type == DType::UInt8 && x.type == DType::Int8));
  if (!ok) c.fail("converts {} to {}; supported are float32/uint8/int8 to int8 and int8 to uint8",
                  dtype_name(x.type), dtype_name(y.type));
  if (x.type != DType::Float32) c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  c.shape_is(y, x.shape, "output");
}

void check_dequantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.type(y, DType::Float32, "output");
  c.shape_is(y, x.shape, "output");
}

void check_operator(const Graph& g, Operator& op) {
  OpCheck c(g, op);
  switch (op.type) {
    case OpType::Conv2D: return check_conv(c, std::get<Conv2DOptions>(op.options));
    case OpType::DepthwiseConv2D:
      return check_depthwise(c, std::get<DepthwiseConv2DOptions>(op.options));
    case OpType::FullyConnected:
      return check_fully_connected(c, std::get<FullyConnectedOptions>(op.options));
    case OpType::Add: return check_add(c);
    case OpType::AveragePool2D:
    case OpType::MaxPool2D: return check_pool(c, std::get<Pool2DOptions>(op.options));
    case OpType::Mean: return check_mean(c, std::get<ReducerOptions>(op.options));
    case OpType::Pad: return check_pad(c);
    case OpType::Reshape: return check_reshape(c);
    case OpType::Softmax: return check_softmax(c, std::get<SoftmaxOptions>(op.options));
    case OpType::Transpose: return check_transpose(c);
    case OpType::Concatenation:
      return check_concatenation(c, std::get<ConcatenationOptions>(op.options));
    case OpType::Quantize: return check_quantize(c);
    case OpType::Dequantize: return check_dequantize(c);
  }
}

}  // namespace

void check_operators(Graph& g) {
  for (Operator& op : g.ops) check_operator(g, op);
}

}  // namespace aotbench::codegen::reader_detail
