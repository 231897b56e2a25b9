// Data movement and shapes. Most operators here are a strided copy (ab_ref_view_copy):
// STRIDED_SLICE, SLICE, TILE, BROADCAST_TO, FILL, ZEROS_LIKE, SPACE_TO_DEPTH, DEPTH_TO_SPACE, and
// SHAPE (a constant). PACK joins its inputs and SPLIT, SPLIT_V, UNPACK cut their input along an
// axis (ab_ref_concatenation, ab_ref_split); PADV2 and MIRROR_PAD pad (ab_ref_pad); GATHER and
// the batch/space rearrangements have kernels of their own; SQUEEZE and EXPAND_DIMS are
// reshapes.
#include <cstring>

#include "codegen/ir/slice_rules.hpp"
#include "codegen/lower/render_c.hpp"
#include "codegen/lower/view_copy.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

int64_t normalized_axis(const OpContext& c, int64_t axis, std::size_t rank) {
  const auto r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) c.fail("axis {} is outside rank {}", axis, r);
  return axis < 0 ? axis + r : axis;
}

LoweredOp start_view_copy(const OpContext& c) {
  if (c.input(0).type != c.output().type) c.fail("input and output types differ");
  return start(c, "ab_ref_view_copy", "ab_view_copy_params");
}

// The value of a constant int8, int16 or int32 scalar (one element, any rank).
int32_t constant_scalar(const OpContext& c, const Tensor& t) {
  const std::size_t bytes = dtype_size(t.type);
  if (!t.is_constant() || t.num_elements() != 1 || t.data.size() < bytes || bytes > 4 || t.type == DType::Float32) {
    c.fail("tensor #{} must be one constant int8, int16 or int32 value", t.id);
  }
  if (bytes == 1) return static_cast<int8_t>(t.data[0]);
  if (bytes == 2) {
    int16_t v;
    std::memcpy(&v, t.data.data(), 2);
    return v;
  }
  int32_t v;
  std::memcpy(&v, t.data.data(), 4);
  return v;
}

void check_elements(const OpContext& c, int64_t elements) {
  if (elements != c.output().num_elements()) {
    c.fail("the copy has {} elements but the output {}", elements, c.output().num_elements());
  }
}

LoweredOp lower_strided_slice(const OpContext& c) {
  const auto& o = c.options<StridedSliceOptions>();
  const Tensor& in = c.input(0);
  LoweredOp l = start_view_copy(c);
  const std::vector<int64_t> begin = c.int_values(c.input(1));
  const std::vector<int64_t> end = c.int_values(c.input(2));
  const std::vector<int64_t> strides = c.int_values(c.input(3));
  const std::size_t rank = in.shape.size();
  if (begin.size() != rank || end.size() != rank || strides.size() != rank) {
    c.fail("begin, end and strides must have one entry per input dimension ({})", rank);
  }
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<int64_t> sizes(rank), steps(rank);
  int64_t in_offset = 0, elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    if (strides[d] == 0) c.fail("stride {} is 0", d);
    const SliceAxis a = strided_slice_axis(o, static_cast<int>(d), in.shape[d], begin[d], end[d], strides[d]);
    sizes[d] = a.count;
    steps[d] = a.step * in_strides[d];
    in_offset += a.start * in_strides[d];
    elements *= a.count;
  }
  check_elements(c, elements);
  l.params = dense_output_copy(c, sizes, steps, in_offset, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// SLICE: begin and size per dimension (size -1: to the end), as TFLite Micro reads them.
LoweredOp lower_slice(const OpContext& c) {
  const Tensor& in = c.input(0);
  LoweredOp l = start_view_copy(c);
  const std::vector<int64_t> begin = c.int_values(c.input(1));
  const std::vector<int64_t> size = c.int_values(c.input(2));
  const std::size_t rank = in.shape.size();
  if (begin.size() != rank || size.size() != rank) c.fail("begin and size must have {} entries", rank);
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<int64_t> sizes(rank);
  int64_t in_offset = 0, elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    sizes[d] = size[d] == -1 ? in.shape[d] - begin[d] : size[d];
    if (begin[d] < 0 || sizes[d] < 1 || begin[d] + sizes[d] > in.shape[d]) {
      c.fail("begin {} and size {} of dimension {} do not fit its {} elements", begin[d], size[d], d, in.shape[d]);
    }
    in_offset += begin[d] * in_strides[d];
    elements *= sizes[d];
  }
  check_elements(c, elements);
  l.params = dense_output_copy(c, sizes, in_strides, in_offset, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// TILE: output dimension d is the input's dimension repeated multiples[d] times, walked as a
// repeat (input stride 0) around the input's own dimension.
LoweredOp lower_tile(const OpContext& c) {
  const Tensor& in = c.input(0);
  LoweredOp l = start_view_copy(c);
  const std::vector<int64_t> multiples = c.int_values(c.input(1));
  const std::size_t rank = in.shape.size();
  if (multiples.size() != rank) c.fail("multiples must have {} entries", rank);
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<int64_t> sizes, strides;
  int64_t elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    if (multiples[d] < 1) c.fail("multiple {} of dimension {} is not positive", multiples[d], d);
    sizes.insert(sizes.end(), {multiples[d], in.shape[d]});
    strides.insert(strides.end(), {0, in_strides[d]});
    elements *= multiples[d] * in.shape[d];
  }
  check_elements(c, elements);
  l.params = dense_output_copy(c, sizes, strides, 0, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// BROADCAST_TO: the input right-aligned to the output's rank, stride 0 where it has size 1.
LoweredOp lower_broadcast_to(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start_view_copy(c);
  const std::size_t rank = out.shape.size();
  if (in.shape.size() > rank) c.fail("the input's rank is above the output's");
  const std::size_t lead = rank - in.shape.size();
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<int64_t> sizes(rank), strides(rank, 0);
  for (std::size_t d = 0; d < rank; ++d) {
    sizes[d] = out.shape[d];
    if (d < lead || in.shape[d - lead] == 1) continue;
    if (in.shape[d - lead] != out.shape[d]) c.fail("dimension {} does not broadcast", d);
    strides[d] = in_strides[d - lead];
  }
  l.params = dense_output_copy(c, sizes, strides, 0, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// FILL: the value (input 1, a scalar) repeated over the output.
LoweredOp lower_fill(const OpContext& c) {
  const Tensor &value = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_view_copy", "ab_view_copy_params");
  if (value.type != out.type || value.num_elements() != 1) c.fail("the value must be one {}", dtype_name(out.type));
  l.params = view_copy(c, {{out.num_elements(), 0, 1}}, 0, 0, dtype_size(out.type));
  l.args = {{ArgRole::Input, c.node.inputs[1]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// ZEROS_LIKE: zero bytes (not the zero point, as TFLite Micro) from a generated constant.
LoweredOp lower_zeros_like(const OpContext& c) {
  const Tensor& out = c.output();
  LoweredOp l = start_view_copy(c);
  l.constants.push_back({"zero", -1, std::vector<int32_t>{0, 0}});  // one element of up to 8 bytes
  l.params = view_copy(c, {{out.num_elements(), 0, 1}}, 0, 0, dtype_size(out.type));
  l.args = {{ArgRole::Input, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// SPACE_TO_DEPTH: output [b, h, w, (y * block + x) * C + c] = input [b, h * block + y,
// w * block + x, c]: the output walked as (b, h, w, y, x, c).
LoweredOp lower_space_to_depth(const OpContext& c) {
  const Tensor& in = c.input(0);
  LoweredOp l = start_view_copy(c);
  const int64_t bs = c.options<BlockSizeOptions>().block_size;
  const ab_dims4 i = c.dims4(in), o = c.dims4(c.output());
  if (o.h * bs != i.h || o.w * bs != i.w || o.c != i.c * bs * bs || o.n != i.n) {
    c.fail("shapes do not match block {}", bs);
  }
  const int64_t row = i.w * i.c;
  l.params = dense_output_copy(c, {o.n, o.h, o.w, bs, bs, i.c}, {i.h * row, bs * row, bs * i.c, row, i.c, 1}, 0,
                               dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// DEPTH_TO_SPACE, its inverse: output [b, h * block + y, w * block + x, c] = input [b, h, w,
// (y * block + x) * C + c]: the output walked as (b, h, y, w, x, c).
LoweredOp lower_depth_to_space(const OpContext& c) {
  const Tensor& in = c.input(0);
  LoweredOp l = start_view_copy(c);
  const int64_t bs = c.options<BlockSizeOptions>().block_size;
  const ab_dims4 i = c.dims4(in), o = c.dims4(c.output());
  if (i.h * bs != o.h || i.w * bs != o.w || i.c != o.c * bs * bs || o.n != i.n) {
    c.fail("shapes do not match block {}", bs);
  }
  l.params = dense_output_copy(c, {i.n, i.h, bs, i.w, bs, o.c},
                               {i.h * i.w * i.c, i.w * i.c, bs * o.c, i.c, o.c, 1}, 0, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// PACK: the inputs joined along a new axis of the output.
LoweredOp lower_pack(const OpContext& c) {
  const Tensor& out = c.output();
  LoweredOp l = start(c, "ab_ref_concatenation", "ab_join_params");
  std::vector<const Tensor*> parts;
  for (std::size_t i = 0; i < c.num_inputs(); ++i) {
    parts.push_back(&c.input(i));
    l.args.push_back({ArgRole::Input, c.node.inputs[i]});
  }
  l.params = join_params(c, l, out, normalized_axis(c, c.options<AxisCountOptions>().axis, out.shape.size()),
                         parts, true);
  l.inputs_as_array = true;
  l.args.push_back({ArgRole::Output, c.node.outputs[0]});
  return l;
}

// SPLIT (axis input 0, tensor input 1), SPLIT_V (tensor input 0, axis input 2) and UNPACK (the
// axis an option, the outputs without it): the input cut along the axis into the outputs.
LoweredOp lower_split(const OpContext& c) {
  const bool split = c.node.type == OpType::Split, unpack = c.node.type == OpType::Unpack;
  const Tensor& in = c.input(split ? 1 : 0);
  LoweredOp l = start(c, "ab_ref_split", "ab_join_params");
  int64_t axis = 0;
  if (unpack) {
    axis = c.options<AxisCountOptions>().axis;
  } else {
    const std::vector<int64_t> v = c.int_values(c.input(split ? 0 : 2));
    if (v.size() != 1) c.fail("the axis must be one value");
    axis = v[0];
  }
  l.args.push_back({ArgRole::Input, in.id});
  std::vector<const Tensor*> parts;
  for (std::size_t i = 0; i < c.node.outputs.size(); ++i) {
    parts.push_back(&c.output(i));
    l.args.push_back({ArgRole::Output, c.node.outputs[i]});
  }
  l.params = join_params(c, l, in, normalized_axis(c, axis, in.shape.size()), parts, unpack);
  l.outputs_as_array = true;
  return l;
}

// PADV2 (the pad value a constant scalar input) and MIRROR_PAD.
LoweredOp lower_pad_v2(const OpContext& c) {
  if (!c.has_input(2)) return lower_pad(c);  // no pad value: PAD's
  LoweredOp l = start(c, "ab_ref_pad", "ab_pad_params");
  l.params = pad_params(c, AB_PAD_CONSTANT, constant_scalar(c, c.input(2)));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_mirror_pad(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_pad", "ab_pad_params");
  l.params = pad_params(c, c.options<MirrorPadOptions>().symmetric ? AB_PAD_SYMMETRIC : AB_PAD_REFLECT, 0);
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// GATHER: TFLite Micro's Prepare sizes (batch, outer, axis, positions, inner).
LoweredOp lower_gather(const OpContext& c) {
  const auto& o = c.options<GatherOptions>();
  const Tensor &in = c.input(0), &positions = c.input(1), &out = c.output();
  LoweredOp l = start(c, "ab_ref_gather", "ab_gather_params");
  if (in.type != out.type) c.fail("input and output types differ");
  if (positions.type != DType::Int32) c.fail("positions must be int32");
  const int64_t axis = normalized_axis(c, o.axis, in.shape.size());
  const auto positions_rank = static_cast<int64_t>(positions.shape.size());
  const int64_t batch_dims = o.batch_dims < 0 ? o.batch_dims + positions_rank : o.batch_dims;
  if (batch_dims < 0 || batch_dims > axis || batch_dims > positions_rank) {
    c.fail("batch_dims {} does not fit axis {}", o.batch_dims, axis);
  }
  ab_gather_params p{};
  p.batch_size = p.outer_size = p.positions = 1;
  p.inner_bytes = static_cast<ab_idx_t>(dtype_size(in.type));
  for (int64_t d = 0; d < static_cast<int64_t>(in.shape.size()); ++d) {
    const int64_t n = in.shape[static_cast<std::size_t>(d)];
    if (d < batch_dims) {
      if (n != positions.shape[static_cast<std::size_t>(d)]) c.fail("batch dimension {} differs", d);
      p.batch_size *= n;
    } else if (d < axis) {
      p.outer_size *= n;
    } else if (d > axis) {
      p.inner_bytes *= n;
    }
  }
  p.axis_size = in.shape[static_cast<std::size_t>(axis)];
  for (std::size_t d = static_cast<std::size_t>(batch_dims); d < positions.shape.size(); ++d) {
    p.positions *= positions.shape[d];
  }
  if (p.batch_size * p.outer_size * p.positions * p.inner_bytes != out.num_bytes()) c.fail("the output does not match");
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND of rank-4 [N, H, W, C] or rank-3 [N, H, C] tensors.
LoweredOp lower_batch_space(const OpContext& c) {
  const bool to_batch = c.node.type == OpType::SpaceToBatchNd;
  const Tensor &in = c.input(0), &out = c.output();
  const Tensor &space = to_batch ? in : out, &batch = to_batch ? out : in;
  LoweredOp l = start(c, "ab_ref_batch_space", "ab_batch_space_params");
  if (in.type != out.type) c.fail("input and output types differ");
  const std::size_t rank = in.shape.size();
  if (rank < 3 || rank > 4 || out.shape.size() != rank) c.fail("rank {} is not 3 or 4", rank);
  const std::vector<int64_t> block = c.int_values(c.input(1));
  const std::vector<int64_t> edges = c.int_values(c.input(2));
  if (block.size() != rank - 2 || edges.size() != 2 * (rank - 2)) {
    c.fail("block and paddings/crops do not match rank {}", rank);
  }
  auto dims = [&](const Tensor& t) {  // [N, H, W, C], W = 1 for rank 3
    return rank == 4 ? ab_dims4{t.shape[0], t.shape[1], t.shape[2], t.shape[3]}
                     : ab_dims4{t.shape[0], t.shape[1], 1, t.shape[2]};
  };
  const ab_dims4 s = dims(space), b = dims(batch);
  ab_batch_space_params p{};
  p.to_batch = to_batch ? 1 : 0;
  p.elem_bytes = static_cast<ab_idx_t>(dtype_size(in.type));
  p.batch = s.n;
  p.space_h = s.h;
  p.space_w = s.w;
  p.depth = s.c;
  p.block_h = block[0];
  p.block_w = rank == 4 ? block[1] : 1;
  p.batch_h = b.h;
  p.batch_w = b.w;
  p.top = edges[0];
  p.left = rank == 4 ? edges[2] : 0;
  // TFLite Micro pads with SpaceToBatchParams::output_offset, which it never sets: the
  // persistent buffer it lives in is zeroed arena memory, so the padding is 0, not the zero point.
  p.pad_byte = 0;
  const int64_t bottom = b.h * p.block_h - s.h - p.top, right = b.w * p.block_w - s.w - p.left;
  const int64_t far[2] = {edges[1], rank == 4 ? edges[3] : 0};
  if (p.block_h < 1 || p.block_w < 1 || p.top < 0 || p.left < 0 || bottom != far[0] || right != far[1] ||
      b.n != s.n * p.block_h * p.block_w || b.c != s.c) {
    c.fail("the shapes do not match the block and paddings/crops");
  }
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// SHAPE is folded into a constant before code generation (fold_constants); lowered, it copies
// the shape from a generated constant.
LoweredOp lower_shape(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_view_copy", "ab_view_copy_params");
  std::vector<int32_t> words;
  for (int32_t d : in.shape) {
    words.push_back(d);
    if (out.type == DType::Int64) words.push_back(0);  // little-endian high word
  }
  if (static_cast<int64_t>(words.size() * 4) != out.num_bytes()) c.fail("output size does not match the input's rank");
  l.constants.push_back({"the input's shape", -1, words});
  l.params = view_copy(c, {{static_cast<int64_t>(words.size()), 1, 1}}, 0, 0, 4);
  l.args = {{ArgRole::Input, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::StridedSlice, lower_strided_slice},
    {OpType::Shape, lower_shape},
    {OpType::Slice, lower_slice},
    {OpType::Split, lower_split},
    {OpType::SplitV, lower_split},
    {OpType::Pack, lower_pack},
    {OpType::Unpack, lower_split},
    {OpType::Tile, lower_tile},
    {OpType::Gather, lower_gather},
    {OpType::Squeeze, lower_reshape},
    {OpType::ExpandDims, lower_reshape},
    {OpType::SpaceToDepth, lower_space_to_depth},
    {OpType::DepthToSpace, lower_depth_to_space},
    {OpType::BatchToSpaceNd, lower_batch_space},
    {OpType::SpaceToBatchNd, lower_batch_space},
    {OpType::MirrorPad, lower_mirror_pad},
    {OpType::PadV2, lower_pad_v2},
    {OpType::BroadcastTo, lower_broadcast_to},
    {OpType::Fill, lower_fill},
    {OpType::ZerosLike, lower_zeros_like},
};

}  // namespace

std::span<const LowerEntry> movement_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_gather_params& p) { AB_RENDER_FIELDS(AB_GATHER_FIELDS) }
void render_fields(FieldWriter& w, const ab_batch_space_params& p) { AB_RENDER_FIELDS(AB_BATCH_SPACE_FIELDS) }

}  // namespace aotbench::codegen
