// Cases of the data-movement and shape operators: STRIDED_SLICE (negative indices and strides,
// masks, shrunk axes) and SHAPE (alone, and folded into the slices that read it).
#include "ir/slice_rules.hpp"
#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

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
  CaseBuilder b(case_name("strided_slice", type, n));
  const Quant q = type == TT::INT32 ? Quant{} : Quant{rng.scale(), type == TT::INT8 ? rng.uniform(-128, 127) : 0};
  const int32_t x = b.input(type, in_shape, q);
  const int32_t out = b.tensor(type, out_shape, q);
  tfl::StridedSliceOptionsT t;
  t.begin_mask = o.begin_mask;
  t.end_mask = o.end_mask;
  t.shrink_axis_mask = o.shrink_axis_mask;
  const std::vector<int32_t> vec{rank};
  b.op(BO::STRIDED_SLICE,
       {x, b.constant_values(TT::INT32, vec, begin), b.constant_values(TT::INT32, vec, end),
        b.constant_values(TT::INT32, vec, strides)},
       {out}, t);
  b.output(out);
  return b.finish(rng);
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

}  // namespace

std::vector<OpCase> movement_cases() {
  CaseRng rng(23);
  std::vector<OpCase> cases;
  for (int n = 0; n < 30; ++n) {
    for (TT type : {TT::INT8, TT::INT16, TT::INT32}) cases.push_back(strided_slice_case(rng, n, type));
  }
  for (int n = 0; n < 6; ++n) cases.push_back(shape_case(rng, n));
  return cases;
}

}  // namespace aotbench::codegen::test
