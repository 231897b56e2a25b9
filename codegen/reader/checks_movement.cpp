// Data movement and shapes: STRIDED_SLICE, SLICE, SPLIT, SPLIT_V, PACK, UNPACK, TILE, GATHER,
// SQUEEZE, EXPAND_DIMS, SPACE_TO_DEPTH, DEPTH_TO_SPACE, BATCH_TO_SPACE_ND, SPACE_TO_BATCH_ND,
// MIRROR_PAD, PADV2, BROADCAST_TO, FILL, ZEROS_LIKE, SHAPE. The kernels copy bytes; each
// operator takes the element types TFLite Micro's kernel takes (TILE: TFLite's, which TFLite
// Micro lacks).
#include <fmt/ranges.h>

#include <algorithm>

#include "codegen/ir/slice_rules.hpp"
#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

constexpr auto I8 = DType::Int8, I16 = DType::Int16, I32 = DType::Int32, I64 = DType::Int64,
               Bool = DType::Bool;

// Output i of the operator.
const Tensor& out_at(const OpCheck& c, std::size_t i) { return c.graph.tensors[c.node.outputs[i]]; }

void outputs_are(const OpCheck& c, std::size_t n) {
  if (c.node.outputs.size() != n) c.fail("has {} outputs; expected {}", c.node.outputs.size(), n);
}

// The input's element type among `allowed`, and the output's the same.
void moves(const OpCheck& c, const Tensor& x, std::initializer_list<DType> allowed) {
  c.type_in(x, allowed, "input");
  for (std::size_t i = 0; i < c.node.outputs.size(); ++i) c.type(out_at(c, i), x.type, "output");
}

void max_rank(const OpCheck& c, const Tensor& x, std::size_t rank) {
  if (x.shape.size() > rank) c.fail("input rank {} is above the supported {}", x.shape.size(), rank);
}

// An axis in [-rank, rank), made non-negative.
int64_t axis_in(const OpCheck& c, int64_t axis, std::size_t rank) {
  const auto r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) c.fail("axis {} is outside rank {}", axis, r);
  return axis < 0 ? axis + r : axis;
}

// A constant int32 scalar (TFLite Micro reads axes as int32).
int64_t int32_scalar(const OpCheck& c, const Tensor& t, const char* role) {
  c.type(t, I32, role);
  const std::vector<int64_t> v = c.int_values(t, role);
  if (v.size() != 1) c.fail("{} {} has {} values; expected one", role, c.label(t.id), v.size());
  return v[0];
}

// A constant int32 (or, where TFLite Micro reads both, int64) vector of `n` values.
std::vector<int64_t> int_vector(const OpCheck& c, const Tensor& t, const char* role, std::size_t n, bool int64_ok) {
  if (int64_ok) {
    c.type_in(t, {I32, I64}, role);
  } else {
    c.type(t, I32, role);
  }
  std::vector<int64_t> v = c.int_values(t, role);
  if (v.size() != n) c.fail("{} {} has {} values; expected {}", role, c.label(t.id), v.size(), n);
  return v;
}

// TFLite Micro's STRIDED_SLICE: constant int32 begin/end/strides, rank up to 5 (TFLite's
// reference; TFLite Micro stops at 4); the ellipsis and new-axis masks and `offset` are not
// applied by TFLite Micro, so a model that sets them is refused rather than computed otherwise.
void check_strided_slice(const OpCheck& c, Operator& op) {
  const auto& o = std::get<StridedSliceOptions>(op.options);
  c.arity(4, 4);
  outputs_are(c, 1);
  const Tensor &x = c.in(0), &y = c.out();
  moves(c, x, {I8, I16, I32, Bool});
  max_rank(c, x, 5);
  if (o.ellipsis_mask || o.new_axis_mask) {
    c.fail("ellipsis_mask {} / new_axis_mask {}: TFLite Micro does not apply these masks; convert "
           "with explicit slices", o.ellipsis_mask, o.new_axis_mask);
  }
  if (o.offset) c.fail("offset=true (end relative to begin) is not supported by TFLite Micro");
  std::vector<std::vector<int64_t>> v;
  for (std::size_t i = 1; i <= 3; ++i) {
    v.push_back(int_vector(c, c.in(i), i == 1 ? "begin" : i == 2 ? "end" : "strides", x.shape.size(), false));
  }
  Shape want;
  for (std::size_t d = 0; d < x.shape.size(); ++d) {
    if (v[2][d] == 0) c.fail("stride of dimension {} is 0", d);
    const int64_t n = strided_slice_axis(o, static_cast<int>(d), x.shape[d], v[0][d], v[1][d], v[2][d]).count;
    if (n == 0) c.fail("the slice of dimension {} is empty; empty tensors are not supported", d);
    if (!(o.shrink_axis_mask & (1 << d))) want.push_back(static_cast<int32_t>(n));
  }
  c.shape_is(y, want, "output");
}

// SLICE: constant begin and size of one type (int32 or int64), size -1 meaning "to the end".
void check_slice(const OpCheck& c, Operator&) {
  c.arity(3, 3);
  outputs_are(c, 1);
  const Tensor &x = c.in(0), &y = c.out();
  moves(c, x, {I8, I16, I32, Bool});
  max_rank(c, x, 5);
  const std::vector<int64_t> begin = int_vector(c, c.in(1), "begin", x.shape.size(), true);
  const std::vector<int64_t> size = int_vector(c, c.in(2), "size", x.shape.size(), true);
  if (c.in(1).type != c.in(2).type) c.fail("begin and size have different types");
  Shape want;
  for (std::size_t d = 0; d < x.shape.size(); ++d) {
    const int64_t n = size[d] == -1 ? x.shape[d] - begin[d] : size[d];
    if (begin[d] < 0 || begin[d] >= x.shape[d] || n < 1 || begin[d] + n > x.shape[d]) {
      c.fail("begin {} and size {} of dimension {} do not select a part of its {} elements", begin[d], size[d],
             d, x.shape[d]);
    }
    want.push_back(static_cast<int32_t>(n));
  }
  c.shape_is(y, want, "output");
}

// The outputs of a cut along `axis`: the input's shape with the axis extent of each output
// (cut) or without the axis (UNPACK).
void check_cut_outputs(const OpCheck& c, const Tensor& x, int64_t axis, bool drop_axis) {
  int64_t along = 0;
  for (std::size_t i = 0; i < c.node.outputs.size(); ++i) {
    const Tensor& y = out_at(c, i);
    Shape want = x.shape;
    if (drop_axis) {
      want.erase(want.begin() + axis);
    } else if (y.shape.size() == want.size()) {
      want[static_cast<std::size_t>(axis)] = y.shape[static_cast<std::size_t>(axis)];
    }
    c.shape_is(y, want, "output");
    along += drop_axis ? 1 : y.shape[static_cast<std::size_t>(axis)];
  }
  if (along != x.shape[static_cast<std::size_t>(axis)]) {
    c.fail("the outputs take {} of the {} elements along axis {}", along, x.shape[static_cast<std::size_t>(axis)],
           axis);
  }
}

void outputs_count(const OpCheck& c, int32_t count, const char* option) {
  if (count < 1 || static_cast<std::size_t>(count) != c.node.outputs.size()) {
    c.fail("{} is {} but the operator has {} outputs; the model is corrupt", option, count, c.node.outputs.size());
  }
}

// SPLIT: the axis (a constant int32, input 0) cut into num_splits equal parts.
void check_split(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  const Tensor& x = c.in(1);
  moves(c, x, {I8, I16, I32});
  outputs_count(c, std::get<AxisCountOptions>(op.options).count, "num_splits");
  const int64_t axis = axis_in(c, int32_scalar(c, c.in(0), "axis"), x.shape.size());
  if (x.shape[static_cast<std::size_t>(axis)] % static_cast<int64_t>(c.node.outputs.size()) != 0) {
    c.fail("axis {} of {} elements does not split into {} equal parts", axis, x.shape[static_cast<std::size_t>(axis)],
           c.node.outputs.size());
  }
  for (std::size_t i = 1; i < c.node.outputs.size(); ++i) {
    if (out_at(c, i).shape != c.out().shape) c.fail("the outputs of SPLIT differ in shape");
  }
  check_cut_outputs(c, x, axis, false);
}

// SPLIT_V: the axis (input 2) cut as the outputs' shapes say, which is all TFLite Micro reads;
// constant size_splits (input 1) must agree with them.
void check_split_v(const OpCheck& c, Operator& op) {
  c.arity(3, 3);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32});
  outputs_count(c, std::get<AxisCountOptions>(op.options).count, "num_splits");
  const int64_t axis = axis_in(c, int32_scalar(c, c.in(2), "axis"), x.shape.size());
  check_cut_outputs(c, x, axis, false);
  const Tensor& sizes = c.in(1);
  if (!sizes.is_constant()) return;
  const std::vector<int64_t> v = int_vector(c, sizes, "size_splits", c.node.outputs.size(), true);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] != -1 && v[i] != out_at(c, i).shape[static_cast<std::size_t>(axis)]) {
      c.fail("size_splits[{}] is {} but output {} has {} along axis {}", i, v[i], i,
             out_at(c, i).shape[static_cast<std::size_t>(axis)], axis);
    }
  }
  if (std::count(v.begin(), v.end(), -1) > 1) c.fail("size_splits has more than one -1");
}

// UNPACK: the input cut into `num` outputs along the axis, which they lack.
void check_unpack(const OpCheck& c, Operator& op) {
  const auto& o = std::get<AxisCountOptions>(op.options);
  c.arity(1, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32});
  outputs_count(c, o.count, "num");
  check_cut_outputs(c, x, axis_in(c, o.axis, x.shape.size()), true);
}

// PACK: values_count inputs of one shape stacked along a new axis of the output.
void check_pack(const OpCheck& c, Operator& op) {
  const auto& o = std::get<AxisCountOptions>(op.options);
  c.arity(1, c.node.inputs.size());
  outputs_are(c, 1);
  if (o.count < 1 || static_cast<std::size_t>(o.count) != c.node.inputs.size()) {
    c.fail("values_count is {} but the operator has {} inputs; the model is corrupt", o.count, c.node.inputs.size());
  }
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32, I64});
  for (std::size_t i = 1; i < c.node.inputs.size(); ++i) {
    if (!c.has(i)) c.fail("input {} is missing", i);
    c.type(c.in(i), x.type, "input");
    if (c.in(i).shape != x.shape) {
      c.fail("input {} has shape {}, input 0 {}", i, shape_text(c.in(i).shape), shape_text(x.shape));
    }
  }
  Shape want = x.shape;
  want.insert(want.begin() + axis_in(c, o.axis, x.shape.size() + 1), static_cast<int32_t>(c.node.inputs.size()));
  c.shape_is(c.out(), want, "output");
}

// TILE (TFLite's reference kernel: TFLite Micro lacks it). The copy walks a repeat and an
// element dimension per tiled dimension, at most 8 in all.
void check_tile(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32, I64, Bool});
  const std::vector<int64_t> m = int_vector(c, c.in(1), "multiples", x.shape.size(), true);
  Shape want;
  std::size_t walked = x.shape.size();
  for (std::size_t d = 0; d < m.size(); ++d) {
    if (m[d] < 1) c.fail("multiple {} of dimension {} is not positive; empty tensors are not supported", m[d], d);
    walked += m[d] > 1 ? 1 : 0;
    want.push_back(checked_dim(c, x.shape[d] * m[d]));
  }
  if (walked > 8) {
    c.fail("tiling {} of the {} dimensions walks {} dimensions; at most 8 are supported", walked - m.size(), m.size(),
           walked);
  }
  c.shape_is(c.out(), want, "output");
}

// GATHER: TFLite Micro gathers int8 data only, by int32 positions.
void check_gather(const OpCheck& c, Operator& op) {
  const auto& o = std::get<GatherOptions>(op.options);
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor &x = c.in(0), &pos = c.in(1);
  moves(c, x, {I8});
  if (pos.type != I32) {
    c.fail("positions {} are {}; TFLite Micro's GATHER takes int32 positions only", c.label(pos.id),
           dtype_name(pos.type));
  }
  const int64_t axis = axis_in(c, o.axis, x.shape.size());
  const int64_t rank_pos = static_cast<int64_t>(pos.shape.size());
  const int64_t batch_dims = o.batch_dims < 0 ? o.batch_dims + rank_pos : o.batch_dims;
  if (batch_dims < 0 || batch_dims > axis || batch_dims > rank_pos) {
    c.fail("batch_dims {} must lie in [0, {}] (the axis and the positions' rank)", o.batch_dims,
           std::min(axis, rank_pos));
  }
  for (int64_t d = 0; d < batch_dims; ++d) {
    if (x.shape[static_cast<std::size_t>(d)] != pos.shape[static_cast<std::size_t>(d)]) {
      c.fail("batch dimension {} of input and positions differ", d);
    }
  }
  if (pos.is_constant()) {
    const int32_t n = x.shape[static_cast<std::size_t>(axis)];
    for (int64_t p : c.int_values(pos, "positions")) {
      if (p < 0 || p >= n) c.fail("position {} is outside the {} elements of axis {}", p, n, axis);
    }
  }
  Shape want(x.shape.begin(), x.shape.begin() + axis);
  want.insert(want.end(), pos.shape.begin() + batch_dims, pos.shape.end());
  want.insert(want.end(), x.shape.begin() + axis + 1, x.shape.end());
  c.shape_is(c.out(), want, "output");
}

// SQUEEZE: the listed dimensions (each of size 1), or every dimension of size 1.
void check_squeeze(const OpCheck& c, Operator& op) {
  const auto& dims = std::get<SqueezeOptions>(op.options).dims;
  c.arity(1, 1);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32, I64, Bool});
  std::vector<bool> squeezed(x.shape.size(), dims.empty());
  for (std::size_t d = 0; dims.empty() && d < x.shape.size(); ++d) squeezed[d] = x.shape[d] == 1;
  for (int32_t a : dims) {
    const auto d = static_cast<std::size_t>(axis_in(c, a, x.shape.size()));
    if (x.shape[d] != 1) c.fail("squeezed dimension {} has size {}, not 1", a, x.shape[d]);
    squeezed[d] = true;
  }
  Shape want;
  for (std::size_t d = 0; d < x.shape.size(); ++d) {
    if (!squeezed[d]) want.push_back(x.shape[d]);
  }
  c.shape_is(c.out(), want, "output");
}

// EXPAND_DIMS: a dimension of size 1 at the axis (a constant int32; negative counts from the
// end of the output).
void check_expand_dims(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16});
  const Tensor& a = c.in(1);
  if (a.shape.size() > 1) c.fail("axis {} has rank {}; expected a scalar", c.label(a.id), a.shape.size());
  const int64_t axis = axis_in(c, int32_scalar(c, a, "axis"), x.shape.size() + 1);
  Shape want = x.shape;
  want.insert(want.begin() + axis, 1);
  c.shape_is(c.out(), want, "output");
}

// SPACE_TO_DEPTH and DEPTH_TO_SPACE: int8 [N, H, W, C] (TFLite Micro's types).
void check_space_to_depth(const OpCheck& c, Operator& op) {
  const int32_t bs = std::get<BlockSizeOptions>(op.options).block_size;
  c.arity(1, 1);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8});
  c.rank_is(x, 4, "input");
  if (x.shape[1] % bs || x.shape[2] % bs) {
    c.fail("height {} and width {} are not multiples of block_size {}", x.shape[1], x.shape[2], bs);
  }
  c.shape_is(c.out(), {x.shape[0], x.shape[1] / bs, x.shape[2] / bs, checked_dim(c, int64_t{x.shape[3]} * bs * bs)},
             "output");
}

void check_depth_to_space(const OpCheck& c, Operator& op) {
  const int32_t bs = std::get<BlockSizeOptions>(op.options).block_size;
  c.arity(1, 1);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8});
  c.rank_is(x, 4, "input");
  if (x.shape[3] % (int64_t{bs} * bs)) c.fail("depth {} is not a multiple of block_size {} squared", x.shape[3], bs);
  c.shape_is(c.out(), {x.shape[0], checked_dim(c, int64_t{x.shape[1]} * bs), checked_dim(c, int64_t{x.shape[2]} * bs),
                       static_cast<int32_t>(x.shape[3] / (int64_t{bs} * bs))}, "output");
}

// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND: int8 [N, H, W, C] or [N, H, C]; constant int32 block
// shape and paddings (crops), as TFLite Micro reads them.
void check_batch_space(const OpCheck& c, Operator& op) {
  const bool to_batch = op.type == OpType::SpaceToBatchNd;
  const char* edges_role = to_batch ? "paddings" : "crops";
  c.arity(3, 3);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8});
  if (x.shape.size() < 3 || x.shape.size() > 4) c.fail("input rank {} is not 3 or 4", x.shape.size());
  const std::size_t spatial = x.shape.size() - 2;
  const std::vector<int64_t> block = int_vector(c, c.in(1), "block_shape", spatial, false);
  const std::vector<int64_t> edges = int_vector(c, c.in(2), edges_role, 2 * spatial, false);
  Shape want = x.shape;
  int64_t blocks = 1;
  for (std::size_t d = 0; d < spatial; ++d) {
    const int64_t b = block[d], before = edges[2 * d], after = edges[2 * d + 1];
    if (b < 1) c.fail("block_shape {} of dimension {} is not positive", b, d + 1);
    if (before < 0 || after < 0) c.fail("{} {},{} of dimension {} are negative", edges_role, before, after, d + 1);
    const int64_t n = x.shape[d + 1];
    if (to_batch && (n + before + after) % b) {
      c.fail("dimension {} padded to {} is not a multiple of block_shape {}", d + 1, n + before + after, b);
    }
    const int64_t size = to_batch ? (n + before + after) / b : n * b - before - after;
    if (size < 1) c.fail("crops {},{} of dimension {} leave nothing", before, after, d + 1);
    want[d + 1] = checked_dim(c, size);
    blocks *= b;
  }
  if (!to_batch && x.shape[0] % blocks) c.fail("batch {} is not a multiple of the {} blocks", x.shape[0], blocks);
  want[0] = checked_dim(c, to_batch ? x.shape[0] * blocks : x.shape[0] / blocks);
  c.shape_is(c.out(), want, "output");
}

// MIRROR_PAD: int8 (TFLite Micro's type), paddings no wider than the input they mirror.
void check_mirror_pad(const OpCheck& c, Operator& op) {
  const bool symmetric = std::get<MirrorPadOptions>(op.options).symmetric;
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8});
  const std::vector<int64_t> pads = int_vector(c, c.in(1), "paddings", 2 * x.shape.size(), true);
  if (c.in(1).shape != Shape{static_cast<int32_t>(x.shape.size()), 2}) {
    c.fail("paddings {} have shape {}; expected [{}x2]", c.label(c.in(1).id), shape_text(c.in(1).shape),
           x.shape.size());
  }
  Shape want = x.shape;
  for (std::size_t d = 0; d < x.shape.size(); ++d) {
    const int64_t before = pads[2 * d], after = pads[2 * d + 1], most = x.shape[d] - (symmetric ? 0 : 1);
    if (before < 0 || after < 0 || before > most || after > most) {
      c.fail("padding {},{} of dimension {} is outside [0, {}] ({} mirrors at most {} of its {} elements)", before,
             after, d, most, symmetric ? "SYMMETRIC" : "REFLECT", most, x.shape[d]);
    }
    want[d] = checked_dim(c, want[d] + before + after);
  }
  c.shape_is(c.out(), want, "output");
}

// BROADCAST_TO: the input right-aligned to the constant shape, size-1 dimensions repeated.
void check_broadcast_to(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor& x = c.in(0);
  moves(c, x, {I8, I16, I32, I64, Bool});
  const Tensor& s = c.in(1);
  c.rank_is(s, 1, "shape");
  const std::vector<int64_t> shape = int_vector(c, s, "shape", static_cast<std::size_t>(s.num_elements()), true);
  if (shape.size() > 5) c.fail("output rank {} is above the 5 TFLite Micro supports", shape.size());
  if (x.shape.size() > shape.size()) c.fail("input rank {} is above the output's {}", x.shape.size(), shape.size());
  const std::size_t lead = shape.size() - x.shape.size();
  Shape want;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 1) c.fail("shape dimension {} is {}; empty tensors are not supported", d, shape[d]);
    if (d >= lead && x.shape[d - lead] != 1 && x.shape[d - lead] != shape[d]) {
      c.fail("input {} does not broadcast to {}", shape_text(x.shape), fmt::format("[{}]", fmt::join(shape, "x")));
    }
    want.push_back(checked_dim(c, shape[d]));
  }
  c.shape_is(c.out(), want, "output");
}

// FILL: a scalar int8 or int32 value (TFLite Micro's types) over the constant dims.
void check_fill(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  outputs_are(c, 1);
  const Tensor &dims = c.in(0), &value = c.in(1);
  c.type_in(value, {I8, I32}, "value");
  if (!value.shape.empty()) {
    c.fail("value {} has rank {}; TFLite Micro takes a scalar", c.label(value.id), value.shape.size());
  }
  c.type(c.out(), value.type, "output");
  c.rank_is(dims, 1, "dims");
  Shape want;
  for (int64_t d : int_vector(c, dims, "dims", static_cast<std::size_t>(dims.num_elements()), true)) {
    if (d < 1) c.fail("dims has {}; empty tensors are not supported", d);
    want.push_back(checked_dim(c, d));
  }
  c.shape_is(c.out(), want, "output");
}

// ZEROS_LIKE: zero bytes in the input's shape (int8, int32, int64: TFLite Micro's types).
void check_zeros_like(const OpCheck& c, Operator&) {
  c.arity(1, 1);
  outputs_are(c, 1);
  moves(c, c.in(0), {I8, I32, I64});
  c.shape_is(c.out(), c.in(0).shape, "output");
}

void check_pad_v2(const OpCheck& c, Operator&) { check_pad(c); }

// SHAPE: the input's static shape as int32 or int64 (computed at generation time).
void check_shape(const OpCheck& c, Operator&) {
  c.arity(1, 1);
  outputs_are(c, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(y, {I32, I64}, "output");
  c.shape_is(y, {static_cast<int32_t>(x.shape.size())}, "output");
}

const CheckEntry kChecks[] = {
    {OpType::StridedSlice, check_strided_slice, "int8, int16, int32, bool (rank <= 5)"},
    {OpType::Shape, check_shape, "any -> int32 or int64 (computed at generation time)"},
    {OpType::Slice, check_slice, "int8, int16, int32, bool"},
    {OpType::Split, check_split, "int8, int16, int32"},
    {OpType::SplitV, check_split_v, "int8, int16, int32"},
    {OpType::Pack, check_pack, "int8, int16, int32, int64"},
    {OpType::Unpack, check_unpack, "int8, int16, int32"},
    {OpType::Tile, check_tile, "int8, int16, int32, int64, bool (TFLite's reference: TFLite Micro lacks TILE)"},
    {OpType::Gather, check_gather, "int8 data, int32 positions"},
    {OpType::Squeeze, check_squeeze, "int8, int16, int32, int64, bool (shares its input's memory)"},
    {OpType::ExpandDims, check_expand_dims, "int8, int16 (shares its input's memory)"},
    {OpType::SpaceToDepth, check_space_to_depth, "int8"},
    {OpType::DepthToSpace, check_depth_to_space, "int8"},
    {OpType::BatchToSpaceNd, check_batch_space, "int8"},
    {OpType::SpaceToBatchNd, check_batch_space, "int8"},
    {OpType::MirrorPad, check_mirror_pad, "int8 (REFLECT, SYMMETRIC)"},
    {OpType::PadV2, check_pad_v2, "int8, int16, int32"},
    {OpType::BroadcastTo, check_broadcast_to, "int8, int16, int32, int64, bool"},
    {OpType::Fill, check_fill, "int8, int32"},
    {OpType::ZerosLike, check_zeros_like, "int8, int32, int64"},
};

}  // namespace

std::span<const CheckEntry> movement_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
