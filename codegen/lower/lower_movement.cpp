// Data movement and shapes: STRIDED_SLICE (a strided copy) and SHAPE (a constant).
#include "ir/slice_rules.hpp"
#include "lower/view_copy.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

LoweredOp lower_strided_slice(const OpContext& c) {
  const auto& o = c.options<StridedSliceOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_view_copy", "ab_view_copy_params");
  const std::vector<int64_t> begin = c.int_values(c.input(1));
  const std::vector<int64_t> end = c.int_values(c.input(2));
  const std::vector<int64_t> strides = c.int_values(c.input(3));
  const std::size_t rank = in.shape.size();
  if (begin.size() != rank || end.size() != rank || strides.size() != rank) {
    c.fail("begin, end and strides must have one entry per input dimension ({})", rank);
  }
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<SliceAxis> axes(rank);
  int64_t elements = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    if (strides[d] == 0) c.fail("stride {} is 0", d);
    axes[d] = strided_slice_axis(o, static_cast<int>(d), in.shape[d], begin[d], end[d], strides[d]);
    elements *= axes[d].count;
  }
  if (elements != out.num_elements()) {
    c.fail("the slice has {} elements but the output {}", elements, out.num_elements());
  }
  // The output is the slice's elements in row-major order.
  std::vector<ViewDim> dims(rank);
  int64_t out_stride = 1, in_offset = 0;
  for (std::size_t d = rank; d-- > 0;) {
    dims[d] = {axes[d].count, axes[d].step * in_strides[d], out_stride};
    out_stride *= axes[d].count;
    in_offset += axes[d].start * in_strides[d];
  }
  l.params = view_copy(c, dims, in_offset, 0, dtype_size(in.type));
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
};

}  // namespace

std::span<const LowerEntry> movement_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail
