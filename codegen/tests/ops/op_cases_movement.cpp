// Cases of the data-movement and shape operators, each with every element type TFLite Micro
// takes for it (TILE: TFLite's reference kernels): slices (negative indices and strides, masks,
// shrunk axes, size -1), splits and packs (negative axes, several outputs, and joined again),
// tiles, gathers (batch_dims, constant and computed positions), squeezes and expansions (alone
// and aliased), space/depth/batch rearrangements, pads (constant, PADV2's value, mirrored),
// transposes, concatenations, broadcasts, fills, SHAPE (alone, and folded into the slices that
// read it) and the Keras dynamic-batch reshape (SHAPE -> STRIDED_SLICE -> PACK -> RESHAPE).
#include <algorithm>
#include <numeric>

#include "codegen/ir/slice_rules.hpp"
#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

// Quantization of a moved tensor: int8 with a zero point at either end of its range or
// between, int16 symmetric, the other types none.
Quant moved_quant(CaseRng& rng, TT type) {
  if (type == TT::INT8) return {rng.scale(), rng.pick<int64_t>({-128, 127, rng.uniform(-128, 127)})};
  if (type == TT::INT16) return {rng.scale(), 0};
  return {};
}

std::vector<int64_t> as_values(const std::vector<int32_t>& v) { return {v.begin(), v.end()}; }

int32_t product(const std::vector<int32_t>& shape) {
  return std::accumulate(shape.begin(), shape.end(), int32_t{1}, std::multiplies<>());
}

// The shape of a one-element operand: a scalar or a vector of one, as converters write both.
std::vector<int32_t> one_element(CaseRng& rng) { return rng.coin() ? std::vector<int32_t>{} : std::vector<int32_t>{1}; }

// A model of one operator under construction: its graph input x (more operands are added by
// the caller) and its outputs, all of one type and quantization.
struct OneOp {
  CaseBuilder b;
  int32_t x = -1;
  std::vector<int32_t> outs;
};
OneOp one_op(const std::string& name, TT type, const std::vector<int32_t>& in,
             const std::vector<std::vector<int32_t>>& outs, Quant q) {
  OneOp m{CaseBuilder(name), -1, {}};
  m.x = m.b.input(type, in, q);
  for (const auto& s : outs) m.outs.push_back(m.b.tensor(type, s, q));
  return m;
}
OpCase finish(OneOp& m, CaseRng& rng) {
  for (int32_t t : m.outs) m.b.output(t);
  return m.b.finish(rng);
}

OpCase strided_slice_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 4));  // TFLite Micro's limit
  const std::vector<int32_t> in_shape = rng.shape(rank, 7);
  StridedSliceOptions o;
  std::vector<int64_t> begin(rank), end(rank), strides(rank);
  std::vector<int32_t> out_shape;
  for (int tries = 0;; ++tries) {
    o.begin_mask = static_cast<int32_t>(rng.uniform(0, (1 << rank) - 1)) & (rng.coin() ? -1 : 0);
    o.end_mask = static_cast<int32_t>(rng.uniform(0, (1 << rank) - 1)) & (rng.coin() ? -1 : 0);
    o.shrink_axis_mask = n % 3 == 2 ? static_cast<int32_t>(rng.uniform(0, (1 << rank) - 1)) : 0;
    out_shape.clear();
    bool empty = false;
    for (int d = 0; d < rank; ++d) {
      const int64_t size = in_shape[static_cast<std::size_t>(d)];
      begin[d] = rng.uniform(-size - 1, size);
      end[d] = rng.uniform(-size - 1, size + 1);
      strides[d] = rng.pick<int64_t>({1, 1, 2, 3, -1, -2});
      const int64_t count = strided_slice_axis(o, d, size, begin[d], end[d], strides[d]).count;
      empty = empty || count == 0;
      if (!(o.shrink_axis_mask & (1 << d))) out_shape.push_back(static_cast<int32_t>(count));
    }
    if (!empty && (!out_shape.empty() || tries > 50)) break;
  }
  if (out_shape.empty()) out_shape = {1};  // every axis shrunk: keep the output a vector
  OneOp m = one_op(case_name("strided_slice", type, n), type, in_shape, {out_shape}, moved_quant(rng, type));
  tfl::StridedSliceOptionsT t;
  t.begin_mask = o.begin_mask;
  t.end_mask = o.end_mask;
  t.shrink_axis_mask = o.shrink_axis_mask;
  const std::vector<int32_t> vec{rank};
  m.b.op(BO::STRIDED_SLICE,
         {m.x, m.b.constant_values(TT::INT32, vec, begin), m.b.constant_values(TT::INT32, vec, end),
          m.b.constant_values(TT::INT32, vec, strides)},
         m.outs, t);
  return finish(m, rng);
}

// SHAPE of an activation, sliced and multiplied as shape arithmetic is: everything but the
// input is computable at generation time.
OpCase shape_case(CaseRng& rng, int n) {
  const int rank = static_cast<int>(rng.uniform(2, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 9);
  CaseBuilder b(case_name("shape", TT::INT32, n));
  const int32_t x = b.input(TT::INT8, in_shape, {0.1f, 3});
  const int32_t shape = b.tensor(TT::INT32, {rank});
  b.op(BO::SHAPE, {x}, {shape}, tfl::ShapeOptionsT{});
  if (n % 2 == 0) {  // SHAPE alone as the graph's output
    b.output(shape);
    return b.finish(rng);
  }
  const int32_t tail = b.tensor(TT::INT32, {rank - 1});
  tfl::StridedSliceOptionsT t;
  b.op(BO::STRIDED_SLICE,
       {shape, b.constant_values(TT::INT32, {1}, {1}), b.constant_values(TT::INT32, {1}, {rank}),
        b.constant_values(TT::INT32, {1}, {1})},
       {tail}, t);
  const int32_t scaled = b.tensor(TT::INT32, {rank - 1});
  b.op(BO::MUL, {tail, b.input(TT::INT32, {1}, {}, -100, 100)}, {scaled}, tfl::MulOptionsT{});
  b.output(scaled);
  return b.finish(rng);
}

// SLICE with int32 or int64 begin/size (n odd), size -1 now and then; rank up to 5.
OpCase slice_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 5));
  const std::vector<int32_t> in_shape = rng.shape(rank, rank > 3 ? 4 : 7);
  std::vector<int64_t> begin, size;
  std::vector<int32_t> out_shape;
  for (int32_t d : in_shape) {
    begin.push_back(rng.uniform(0, d - 1));
    const int64_t count = rng.uniform(1, d - begin.back());
    size.push_back(count == d - begin.back() && rng.coin() ? -1 : count);
    out_shape.push_back(static_cast<int32_t>(count));
  }
  OneOp m = one_op(case_name("slice", type, n), type, in_shape, {out_shape}, moved_quant(rng, type));
  const TT index = n % 2 ? TT::INT64 : TT::INT32;
  m.b.op(BO::SLICE, {m.x, m.b.constant_values(index, {rank}, begin), m.b.constant_values(index, {rank}, size)},
         m.outs, tfl::SliceOptionsT{});
  return finish(m, rng);
}

// A random axis of `rank` dimensions, negative half of the time.
int pick_axis(CaseRng& rng, int rank, int& written) {
  const int axis = static_cast<int>(rng.uniform(0, rank - 1));
  written = rng.coin() ? axis - rank : axis;
  return axis;
}

// SPLIT into equal parts, or SPLIT_V into parts of any size (size_splits int32 or int64, one
// of them -1 now and then).
OpCase split_case(CaseRng& rng, int n, TT type, bool v) {
  const int rank = static_cast<int>(rng.uniform(1, 4));
  std::vector<int32_t> in_shape = rng.shape(rank, 4);
  int written;
  const int axis = pick_axis(rng, rank, written);
  const int parts = static_cast<int>(rng.uniform(1, 4));
  std::vector<int64_t> extents;
  const int32_t equal = static_cast<int32_t>(rng.uniform(1, 3));
  for (int i = 0; i < parts; ++i) extents.push_back(v ? rng.uniform(1, 3) : equal);
  const int64_t total = std::accumulate(extents.begin(), extents.end(), int64_t{0});
  in_shape[static_cast<std::size_t>(axis)] = static_cast<int32_t>(total);
  std::vector<std::vector<int32_t>> out_shapes;
  for (int64_t e : extents) {
    out_shapes.push_back(in_shape);
    out_shapes.back()[static_cast<std::size_t>(axis)] = static_cast<int32_t>(e);
  }
  OneOp m = one_op(case_name(v ? "split_v" : "split", type, n), type, in_shape, out_shapes, moved_quant(rng, type));
  const int32_t axis_t = m.b.constant_values(TT::INT32, {}, {written});
  if (v) {
    if (rng.coin()) extents[static_cast<std::size_t>(rng.uniform(0, parts - 1))] = -1;
    tfl::SplitVOptionsT o;
    o.num_splits = parts;
    m.b.op(BO::SPLIT_V, {m.x, m.b.constant_values(n % 2 ? TT::INT64 : TT::INT32, {parts}, extents), axis_t}, m.outs, o);
  } else {
    tfl::SplitOptionsT o;
    o.num_splits = parts;
    m.b.op(BO::SPLIT, {axis_t, m.x}, m.outs, o);
  }
  return finish(m, rng);
}

// PACK of 1 to 4 inputs (12 in the last case) of rank 0 to 3 along a new axis.
OpCase pack_case(CaseRng& rng, int n, TT type, int count) {
  const int rank = static_cast<int>(rng.uniform(0, 3));
  const std::vector<int32_t> in_shape = rng.shape(rank, 4);
  int written;
  const int axis = pick_axis(rng, rank + 1, written);
  std::vector<int32_t> out_shape = in_shape;
  out_shape.insert(out_shape.begin() + axis, count);
  CaseBuilder b(case_name("pack", type, n));
  const Quant q = moved_quant(rng, type);
  std::vector<int32_t> ins;
  for (int i = 0; i < count; ++i) ins.push_back(b.input(type, in_shape, q));
  const int32_t out = b.tensor(type, out_shape, q);
  tfl::PackOptionsT o;
  o.values_count = count;
  o.axis = written;
  b.op(BO::PACK, ins, {out}, o);
  b.output(out);
  return b.finish(rng);
}

OpCase unpack_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 4);
  int written;
  const int axis = pick_axis(rng, rank, written);
  std::vector<int32_t> part = in_shape;
  part.erase(part.begin() + axis);
  const int count = in_shape[static_cast<std::size_t>(axis)];
  OneOp m = one_op(case_name("unpack", type, n), type, in_shape, std::vector<std::vector<int32_t>>(count, part),
                   moved_quant(rng, type));
  tfl::UnpackOptionsT o;
  o.num = count;
  o.axis = written;
  m.b.op(BO::UNPACK, {m.x}, m.outs, o);
  return finish(m, rng);
}

// A tensor cut and joined again: SPLIT then CONCATENATION of the parts in reverse, or UNPACK
// then PACK along another axis; the parts live in the arena between the two.
OpCase cut_and_join_case(CaseRng& rng, int n) {
  const TT type = TT::INT8;
  const Quant q = moved_quant(rng, type);
  std::vector<int32_t> in_shape = rng.shape(3, 4);
  const int axis = static_cast<int>(rng.uniform(0, 2));
  const bool split = n % 2 == 0;
  if (split) in_shape[static_cast<std::size_t>(axis)] *= 2;
  CaseBuilder b(case_name("cut_and_join", type, n));
  const int32_t x = b.input(type, in_shape, q);
  std::vector<int32_t> parts;
  int32_t out = -1;
  if (split) {
    std::vector<int32_t> half = in_shape;
    half[static_cast<std::size_t>(axis)] /= 2;
    parts = {b.tensor(type, half, q), b.tensor(type, half, q)};
    tfl::SplitOptionsT so;
    so.num_splits = 2;
    b.op(BO::SPLIT, {b.constant_values(TT::INT32, {}, {axis}), x}, parts, so);
    out = b.tensor(type, in_shape, q);
    tfl::ConcatenationOptionsT co;
    co.axis = axis;
    b.op(BO::CONCATENATION, {parts[1], parts[0]}, {out}, co);
  } else {
    std::vector<int32_t> part = in_shape;
    part.erase(part.begin() + axis);
    for (int i = 0; i < in_shape[static_cast<std::size_t>(axis)]; ++i) parts.push_back(b.tensor(type, part, q));
    tfl::UnpackOptionsT uo;
    uo.num = static_cast<int32_t>(parts.size());
    uo.axis = axis;
    b.op(BO::UNPACK, {x}, parts, uo);
    const int new_axis = (axis + 1) % 3;
    part.insert(part.begin() + new_axis, static_cast<int32_t>(parts.size()));
    out = b.tensor(type, part, q);
    tfl::PackOptionsT po;
    po.values_count = static_cast<int32_t>(parts.size());
    po.axis = new_axis;
    b.op(BO::PACK, parts, {out}, po);
  }
  b.output(out);
  return b.finish(rng);
}

// TILE (TFLite's reference kernels: TFLite Micro lacks it), int32 or int64 multiples.
OpCase tile_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 4);
  std::vector<int64_t> multiples;
  std::vector<int32_t> out_shape;
  for (int32_t d : in_shape) {
    multiples.push_back(rng.uniform(1, 3));
    out_shape.push_back(d * static_cast<int32_t>(multiples.back()));
  }
  OneOp m = one_op(case_name("tile", type, n), type, in_shape, {out_shape}, moved_quant(rng, type));
  m.b.op(BO::TILE, {m.x, m.b.constant_values(n % 2 ? TT::INT64 : TT::INT32, {rank}, multiples)}, m.outs,
         tfl::TileOptionsT{});
  return finish(m, rng);
}

// GATHER (int8, int32 positions: TFLite Micro's only types) along any axis, batch_dims up to
// the axis (negative now and then), positions constant (n even) or a graph input.
OpCase gather_case(CaseRng& rng, int n) {
  const TT type = TT::INT8;
  const int rank = static_cast<int>(rng.uniform(1, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 5);
  const int axis = static_cast<int>(rng.uniform(0, rank - 1));
  const int batch_dims = static_cast<int>(rng.uniform(0, std::min(axis, 2)));
  std::vector<int32_t> pos_shape(in_shape.begin(), in_shape.begin() + batch_dims);
  for (int i = 0, extra = static_cast<int>(rng.uniform(0, 2)); i < extra; ++i) {
    pos_shape.push_back(static_cast<int32_t>(rng.uniform(1, 3)));
  }
  std::vector<int32_t> out_shape(in_shape.begin(), in_shape.begin() + axis);
  out_shape.insert(out_shape.end(), pos_shape.begin() + batch_dims, pos_shape.end());
  out_shape.insert(out_shape.end(), in_shape.begin() + axis + 1, in_shape.end());
  const int64_t axis_size = in_shape[static_cast<std::size_t>(axis)];
  CaseBuilder b(case_name("gather", type, n));
  const Quant q = moved_quant(rng, type);
  const int32_t x = b.input(type, in_shape, q);
  const int32_t pos = n % 2 ? b.input(TT::INT32, pos_shape, {}, 0, axis_size - 1)
                            : b.constant_random(rng, TT::INT32, pos_shape, {}, 0, axis_size - 1);
  const int32_t out = b.tensor(type, out_shape, q);
  tfl::GatherOptionsT o;
  o.axis = rng.coin() ? axis - rank : axis;
  o.batch_dims = batch_dims > 0 && rng.coin() ? batch_dims - static_cast<int32_t>(pos_shape.size()) : batch_dims;
  b.op(BO::GATHER, {x, pos}, {out}, o);
  b.output(out);
  return b.finish(rng);
}

// SQUEEZE of listed dimensions (negative now and then) or of every size-1 one; for n odd it
// feeds a RESHAPE, so the planner makes it an alias of its input.
OpCase squeeze_case(CaseRng& rng, int n, TT type) {
  std::vector<int32_t> in_shape = rng.shape(static_cast<int>(rng.uniform(1, 3)), 5);
  const int ones = static_cast<int>(rng.uniform(1, 3));
  for (int i = 0; i < ones; ++i) {
    in_shape.insert(in_shape.begin() + rng.uniform(0, static_cast<int64_t>(in_shape.size())), 1);
  }
  const int rank = static_cast<int>(in_shape.size());
  // Listed: some of the size-1 dimensions (all of them when the coins pick none, since an
  // empty list means every one).
  const bool listed = rng.coin();
  std::vector<bool> squeeze(static_cast<std::size_t>(rank));
  for (int d = 0; d < rank; ++d) squeeze[d] = in_shape[static_cast<std::size_t>(d)] == 1 && (!listed || rng.coin());
  if (std::none_of(squeeze.begin(), squeeze.end(), [](bool s) { return s; })) {
    for (int d = 0; d < rank; ++d) squeeze[d] = in_shape[static_cast<std::size_t>(d)] == 1;
  }
  tfl::SqueezeOptionsT o;
  std::vector<int32_t> out_shape;
  for (int d = 0; d < rank; ++d) {
    if (squeeze[d] && listed) o.squeeze_dims.push_back(rng.coin() ? d - rank : d);
    if (!squeeze[d]) out_shape.push_back(in_shape[static_cast<std::size_t>(d)]);
  }
  const bool chain = n % 2 == 1 && type != TT::INT64;
  CaseBuilder b(case_name("squeeze", type, n));
  const Quant q = moved_quant(rng, type);
  const int32_t x = b.input(type, in_shape, q);
  const int32_t y = b.tensor(type, out_shape, q);
  b.op(BO::SQUEEZE, {x}, {y}, o);
  if (!chain) {
    b.output(y);
    return b.finish(rng);
  }
  const int32_t z = b.tensor(type, {product(out_shape)}, q);
  b.op(BO::RESHAPE, {y}, {z}, tfl::ReshapeOptionsT{});
  b.output(z);
  return b.finish(rng);
}

// EXPAND_DIMS (int8, int16: TFLite Micro's types), the axis negative now and then; for n odd
// squeezed again, so the expansion is an alias.
OpCase expand_dims_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(0, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 5);
  const int axis = static_cast<int>(rng.uniform(0, rank));
  std::vector<int32_t> out_shape = in_shape;
  out_shape.insert(out_shape.begin() + axis, 1);
  CaseBuilder b(case_name("expand_dims", type, n));
  const Quant q = moved_quant(rng, type);
  const int32_t x = b.input(type, in_shape, q);
  const int32_t y = b.tensor(type, out_shape, q);
  const int64_t written = rng.coin() ? axis - rank - 1 : axis;
  b.op(BO::EXPAND_DIMS, {x, b.constant_values(TT::INT32, one_element(rng), {written})}, {y}, tfl::ExpandDimsOptionsT{});
  if (n % 2 == 0) {
    b.output(y);
    return b.finish(rng);
  }
  const int32_t z = b.tensor(type, in_shape, q);
  tfl::SqueezeOptionsT o;
  o.squeeze_dims = {axis};
  b.op(BO::SQUEEZE, {y}, {z}, o);
  b.output(z);
  return b.finish(rng);
}

// SPACE_TO_DEPTH and DEPTH_TO_SPACE (int8), block 1 to 3, batch up to 2.
OpCase depth_space_case(CaseRng& rng, int n, bool to_depth) {
  const int32_t bs = static_cast<int32_t>(rng.uniform(1, 3));
  const int32_t batch = static_cast<int32_t>(rng.uniform(1, 2)), h = static_cast<int32_t>(rng.uniform(1, 3)),
                w = static_cast<int32_t>(rng.uniform(1, 3)), c = static_cast<int32_t>(rng.uniform(1, 4));
  const std::vector<int32_t> space{batch, h * bs, w * bs, c}, depth{batch, h, w, c * bs * bs};
  OneOp m = one_op(case_name(to_depth ? "space_to_depth" : "depth_to_space", TT::INT8, n), TT::INT8,
                   to_depth ? space : depth, {to_depth ? depth : space}, moved_quant(rng, TT::INT8));
  if (to_depth) {
    tfl::SpaceToDepthOptionsT o;
    o.block_size = bs;
    m.b.op(BO::SPACE_TO_DEPTH, {m.x}, m.outs, o);
  } else {
    tfl::DepthToSpaceOptionsT o;
    o.block_size = bs;
    m.b.op(BO::DEPTH_TO_SPACE, {m.x}, m.outs, o);
  }
  return finish(m, rng);
}

// SPACE_TO_BATCH_ND with padding and BATCH_TO_SPACE_ND with crops (int8, rank 4, or rank 3 for
// n % 3 == 2), zero points far from 0 (TFLite Micro pads with 0 bytes all the same).
OpCase batch_space_case(CaseRng& rng, int n, bool to_batch) {
  const bool rank3 = n % 3 == 2;
  const int spatial = rank3 ? 1 : 2;
  const int32_t batch = static_cast<int32_t>(rng.uniform(1, 2)), depth = static_cast<int32_t>(rng.uniform(1, 3));
  std::vector<int64_t> block, edges;
  std::vector<int32_t> space{batch}, batched{batch};
  for (int d = 0; d < spatial; ++d) {
    const int64_t bs = rng.uniform(1, 3), blocks = rng.uniform(1, 3);
    const int64_t before = rng.uniform(0, bs);
    // Padding (crops) after, leaving at least one row or column of the space tensor.
    const int64_t room = blocks * bs - before - 1;
    const int64_t after = room > 0 ? rng.uniform(0, std::min(bs, room)) : 0;
    block.push_back(bs);
    edges.insert(edges.end(), {before, after});
    space.push_back(static_cast<int32_t>(blocks * bs - before - after));
    batched.push_back(static_cast<int32_t>(blocks));
    batched[0] *= static_cast<int32_t>(bs);
  }
  space.push_back(depth);
  batched.push_back(depth);
  const TT type = TT::INT8;
  const Quant q{rng.scale(), rng.pick<int64_t>({-128, 127, 77})};
  OneOp m = one_op(case_name(to_batch ? "space_to_batch_nd" : "batch_to_space_nd", type, n), type,
                   to_batch ? space : batched, {to_batch ? batched : space}, q);
  const int32_t block_t = m.b.constant_values(TT::INT32, {spatial}, block);
  const int32_t edges_t = m.b.constant_values(TT::INT32, {spatial, 2}, edges);
  if (to_batch) {
    m.b.op(BO::SPACE_TO_BATCH_ND, {m.x, block_t, edges_t}, m.outs, tfl::SpaceToBatchNDOptionsT{});
  } else {
    m.b.op(BO::BATCH_TO_SPACE_ND, {m.x, block_t, edges_t}, m.outs, tfl::BatchToSpaceNDOptionsT{});
  }
  return finish(m, rng);
}

// Paddings for an input shape: up to `most(d)` before and after each dimension.
template <class Most>
std::vector<int64_t> paddings(CaseRng& rng, const std::vector<int32_t>& shape, Most most, std::vector<int32_t>& out) {
  std::vector<int64_t> p;
  out.clear();
  for (int32_t d : shape) {
    p.push_back(rng.uniform(0, most(d)));
    p.push_back(rng.uniform(0, most(d)));
    out.push_back(d + static_cast<int32_t>(p[p.size() - 2] + p.back()));
  }
  return p;
}

// PAD (n even) and PADV2 of int8, int16 and int32, rank up to 5; PADV2's value anywhere in
// the type's range (for int8 quantized as the output).
OpCase pad_case(CaseRng& rng, int n, TT type, bool v2) {
  const int rank = static_cast<int>(rng.uniform(1, 5));
  const std::vector<int32_t> in_shape = rng.shape(rank, rank > 3 ? 3 : 5);
  std::vector<int32_t> out_shape;
  const std::vector<int64_t> pads = paddings(rng, in_shape, [](int32_t) { return 2; }, out_shape);
  const Quant q = moved_quant(rng, type);
  OneOp m = one_op(case_name(v2 ? "padv2" : "pad", type, n), type, in_shape, {out_shape}, q);
  const int32_t pads_t = m.b.constant_values(TT::INT32, {rank, 2}, pads);
  if (!v2) {
    m.b.op(BO::PAD, {m.x, pads_t}, m.outs, tfl::PadOptionsT{});
    return finish(m, rng);
  }
  const auto [lo, hi] = type_range(type);
  const std::vector<int32_t> value_shape = one_element(rng);
  m.b.op(BO::PADV2, {m.x, pads_t, m.b.constant_random(rng, type, value_shape, q, lo, hi)}, m.outs,
         tfl::PadV2OptionsT{});
  return finish(m, rng);
}

// MIRROR_PAD (int8), REFLECT or SYMMETRIC, paddings up to their limits, int32 or int64.
OpCase mirror_pad_case(CaseRng& rng, int n) {
  const bool symmetric = n % 2 == 1;
  const int rank = static_cast<int>(rng.uniform(1, 4));
  const std::vector<int32_t> in_shape = rng.shape(rank, 5);
  std::vector<int32_t> out_shape;
  const std::vector<int64_t> pads =
      paddings(rng, in_shape, [&](int32_t d) { return symmetric ? d : d - 1; }, out_shape);
  OneOp m = one_op(case_name("mirror_pad", TT::INT8, n), TT::INT8, in_shape, {out_shape}, moved_quant(rng, TT::INT8));
  tfl::MirrorPadOptionsT o;
  o.mode = symmetric ? tfl::MirrorPadMode::SYMMETRIC : tfl::MirrorPadMode::REFLECT;
  m.b.op(BO::MIRROR_PAD, {m.x, m.b.constant_values(n % 4 < 2 ? TT::INT32 : TT::INT64, {rank, 2}, pads)}, m.outs, o);
  return finish(m, rng);
}

// TRANSPOSE (int8, int16: TFLite Micro's types), rank up to 5.
OpCase transpose_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 5));
  const std::vector<int32_t> in_shape = rng.shape(rank, rank > 3 ? 3 : 5);
  std::vector<int32_t> perm(static_cast<std::size_t>(rank));
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng.engine());
  std::vector<int32_t> out_shape;
  for (int32_t p : perm) out_shape.push_back(in_shape[static_cast<std::size_t>(p)]);
  OneOp m = one_op(case_name("transpose", type, n), type, in_shape, {out_shape}, moved_quant(rng, type));
  m.b.op(BO::TRANSPOSE, {m.x, m.b.constant_values(TT::INT32, {rank}, as_values(perm))}, m.outs,
         tfl::TransposeOptionsT{});
  return finish(m, rng);
}

// CONCATENATION of 1 to 4 inputs (10, TFLite Micro's most, in the last case), rank up to 6, a
// constant among them now and then.
OpCase concatenation_case(CaseRng& rng, int n, TT type, int count) {
  const int rank = static_cast<int>(rng.uniform(1, 6));
  const std::vector<int32_t> base = rng.shape(rank, rank > 3 ? 3 : 4);
  int written;
  const int axis = pick_axis(rng, rank, written);
  CaseBuilder b(case_name("concatenation", type, n));
  const Quant q = moved_quant(rng, type);
  const auto [lo, hi] = type_range(type);
  std::vector<int32_t> ins;
  std::vector<int32_t> out_shape = base;
  out_shape[static_cast<std::size_t>(axis)] = 0;
  for (int i = 0; i < count; ++i) {
    std::vector<int32_t> s = base;
    s[static_cast<std::size_t>(axis)] = static_cast<int32_t>(rng.uniform(1, 3));
    out_shape[static_cast<std::size_t>(axis)] += s[static_cast<std::size_t>(axis)];
    ins.push_back(i == 1 && n % 3 == 0 ? b.constant_random(rng, type, s, q, lo, hi) : b.input(type, s, q));
  }
  const int32_t out = b.tensor(type, out_shape, q);
  tfl::ConcatenationOptionsT o;
  o.axis = written;
  b.op(BO::CONCATENATION, ins, {out}, o);
  b.output(out);
  return b.finish(rng);
}

// BROADCAST_TO of an input of lower or equal rank with size-1 dimensions, up to rank 5.
OpCase broadcast_to_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 5));
  const std::vector<int32_t> out_shape = rng.shape(rank, rank > 3 ? 3 : 4);
  std::vector<int32_t> in_shape(out_shape.begin() + rng.uniform(0, rank - 1), out_shape.end());
  for (int32_t& d : in_shape) {
    if (rng.coin()) d = 1;
  }
  OneOp m = one_op(case_name("broadcast_to", type, n), type, in_shape, {out_shape}, moved_quant(rng, type));
  m.b.op(BO::BROADCAST_TO, {m.x, m.b.constant_values(n % 2 ? TT::INT64 : TT::INT32, {rank}, as_values(out_shape))},
         m.outs, tfl::BroadcastToOptionsT{});
  return finish(m, rng);
}

// FILL (int8, int32 values: TFLite Micro's types) of a value given at run time (a constant one
// would leave the model without inputs), dims int32 or int64.
OpCase fill_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 4));
  const std::vector<int32_t> out_shape = rng.shape(rank, 5);
  CaseBuilder b(case_name("fill", type, n));
  const Quant q = moved_quant(rng, type);
  const int32_t value = b.input(type, {}, q);
  const int32_t dims = b.constant_values(n % 3 == 2 ? TT::INT64 : TT::INT32, {rank}, as_values(out_shape));
  const int32_t out = b.tensor(type, out_shape, q);
  b.op(BO::FILL, {dims, value}, {out}, tfl::FillOptionsT{});
  b.output(out);
  return b.finish(rng);
}

OpCase zeros_like_case(CaseRng& rng, int n, TT type) {
  const std::vector<int32_t> shape = rng.shape(static_cast<int>(rng.uniform(1, 4)), 5);
  OneOp m = one_op(case_name("zeros_like", type, n), type, shape, {shape}, moved_quant(rng, type));
  m.b.op(BO::ZEROS_LIKE, {m.x}, m.outs, tfl::ZerosLikeOptionsT{});
  return finish(m, rng);
}

// Keras' reshape with a dynamic batch: SHAPE -> STRIDED_SLICE (the batch, shrunk to a scalar)
// -> PACK([batch, -1]) (n = 0) or PACK([batch, rows, -1]) (n = 1) -> RESHAPE. After
// fold_constants only the RESHAPE is left (interp_test.cpp checks that).
OpCase keras_reshape_case(CaseRng& rng, int n) {
  const auto rows = static_cast<int32_t>(rng.uniform(2, 4));
  const auto columns = static_cast<int32_t>(rng.uniform(2, 4));
  const std::vector<int32_t> in_shape{1, rows, columns, 3};
  CaseBuilder b(case_name("keras_reshape", TT::INT8, n));
  const Quant q = moved_quant(rng, TT::INT8);
  const int32_t x = b.input(TT::INT8, in_shape, q);
  const int32_t shape = b.tensor(TT::INT32, {4});
  b.op(BO::SHAPE, {x}, {shape}, tfl::ShapeOptionsT{});
  tfl::StridedSliceOptionsT shrink;
  shrink.shrink_axis_mask = 1;
  std::vector<int32_t> dims;
  for (int d = 0; d <= n; ++d) {
    dims.push_back(b.tensor(TT::INT32, {}));
    b.op(BO::STRIDED_SLICE,
         {shape, b.constant_values(TT::INT32, {1}, {d}), b.constant_values(TT::INT32, {1}, {d + 1}),
          b.constant_values(TT::INT32, {1}, {1})},
         {dims.back()}, shrink);
  }
  dims.push_back(b.constant_values(TT::INT32, {}, {-1}));
  const int32_t new_shape = b.tensor(TT::INT32, {static_cast<int32_t>(dims.size())});
  tfl::PackOptionsT po;
  po.values_count = static_cast<int32_t>(dims.size());
  b.op(BO::PACK, dims, {new_shape}, po);
  std::vector<int32_t> out_shape(in_shape.begin(), in_shape.begin() + n + 1);
  out_shape.push_back(product({in_shape.begin() + n + 1, in_shape.end()}));
  const int32_t out = b.tensor(TT::INT8, out_shape, q);
  b.op(BO::RESHAPE, {x, new_shape}, {out}, tfl::ReshapeOptionsT{});
  b.output(out);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> movement_cases() {
  CaseRng rng(23);
  std::vector<OpCase> cases;
  const std::vector<TT> i8_16{TT::INT8, TT::INT16}, i8_16_32{TT::INT8, TT::INT16, TT::INT32},
      i8_16_32_bool{TT::INT8, TT::INT16, TT::INT32, TT::BOOL}, i8_16_32_64{TT::INT8, TT::INT16, TT::INT32, TT::INT64},
      all{TT::INT8, TT::INT16, TT::INT32, TT::INT64, TT::BOOL};
  for (int n = 0; n < 20; ++n) {
    for (TT type : i8_16_32) cases.push_back(strided_slice_case(rng, n, type));
  }
  for (int n = 0; n < 6; ++n) cases.push_back(shape_case(rng, n));
  for (int n = 0; n < 8; ++n) {
    for (TT type : i8_16_32_bool) cases.push_back(slice_case(rng, n, type));
  }
  for (int n = 0; n < 6; ++n) {
    for (TT type : i8_16_32) {
      cases.push_back(split_case(rng, n, type, false));
      cases.push_back(split_case(rng, n, type, true));
      cases.push_back(unpack_case(rng, n, type));
    }
  }
  for (int n = 0; n < 6; ++n) {
    for (TT type : i8_16_32_64) {
      const int count = n == 5 ? 12 : static_cast<int>(rng.uniform(1, 4));
      cases.push_back(pack_case(rng, n, type, count));
    }
  }
  for (int n = 0; n < 4; ++n) cases.push_back(cut_and_join_case(rng, n));
  for (int n = 0; n < 4; ++n) {
    for (TT type : all) cases.push_back(tile_case(rng, n, type));
  }
  for (int n = 0; n < 12; ++n) cases.push_back(gather_case(rng, n));
  for (int n = 0; n < 4; ++n) {
    for (TT type : all) cases.push_back(squeeze_case(rng, n, type));
  }
  for (int n = 0; n < 6; ++n) {
    for (TT type : i8_16) cases.push_back(expand_dims_case(rng, n, type));
  }
  for (int n = 0; n < 5; ++n) {
    cases.push_back(depth_space_case(rng, n, true));
    cases.push_back(depth_space_case(rng, n, false));
  }
  for (int n = 0; n < 6; ++n) {
    cases.push_back(batch_space_case(rng, n, true));
    cases.push_back(batch_space_case(rng, n, false));
  }
  for (int n = 0; n < 4; ++n) {
    for (TT type : i8_16_32) {
      cases.push_back(pad_case(rng, n, type, false));
      cases.push_back(pad_case(rng, n, type, true));
    }
  }
  for (int n = 0; n < 8; ++n) cases.push_back(mirror_pad_case(rng, n));
  for (int n = 0; n < 5; ++n) {
    for (TT type : i8_16) cases.push_back(transpose_case(rng, n, type));
  }
  for (int n = 0; n < 5; ++n) {
    for (TT type : all) {
      const int count = n == 4 ? 10 : static_cast<int>(rng.uniform(1, 4));
      cases.push_back(concatenation_case(rng, n, type, count));
    }
  }
  for (int n = 0; n < 3; ++n) {
    for (TT type : all) cases.push_back(broadcast_to_case(rng, n, type));
  }
  for (int n = 0; n < 3; ++n) {
    for (TT type : {TT::INT8, TT::INT32}) cases.push_back(fill_case(rng, n, type));
    for (TT type : {TT::INT8, TT::INT32, TT::INT64}) cases.push_back(zeros_like_case(rng, n, type));
  }
  for (int n = 0; n < 2; ++n) cases.push_back(keras_reshape_case(rng, n));
  return cases;
}

}  // namespace aotbench::codegen::test
