#pragma once
// What the data-movement lowerings share. Strided copies (ab_view_copy_params): an operator
// describes what it moves as dimensions with an input and an output stride each; the canonical
// form drops unit dimensions and merges dimensions that are contiguous on both sides, so the
// kernel copies long runs. Joins and cuts along an axis (ab_join_params) and pads
// (ab_pad_params) have their own kernels.
#include <cstdint>
#include <vector>

#include "ab_params.h"
#include "codegen/lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

struct ViewDim {
  int64_t size = 1;
  int64_t in_stride = 0;   // elements
  int64_t out_stride = 0;  // elements
};

// Row-major element strides of a shape.
std::vector<int64_t> row_major_strides(const std::vector<int32_t>& shape);

ab_view_copy_params view_copy(const OpContext& c, std::vector<ViewDim> dims, int64_t in_offset,
                              int64_t out_offset, std::size_t elem_bytes);

// A copy that writes the output in row-major order: output dimension d runs sizes[d] times,
// stepping in_strides[d] input elements (0 repeats, negative walks backwards).
ab_view_copy_params dense_output_copy(const OpContext& c, const std::vector<int64_t>& sizes,
                                      const std::vector<int64_t>& in_strides, int64_t in_offset,
                                      std::size_t elem_bytes);

// The tensors `parts` joined along `axis` of `whole` (CONCATENATION, PACK) or cut from it (SPLIT,
// SPLIT_V, UNPACK). A part spans its own extent along the axis, or one step when the parts lack
// the axis (PACK's inputs, UNPACK's outputs). The part sizes become an array of `l`.
ab_join_params join_params(const OpContext& c, LoweredOp& l, const Tensor& whole, int64_t axis,
                           const std::vector<const Tensor*>& parts, bool parts_lack_axis);

// PAD, PADV2 and MIRROR_PAD: input 0 padded by the constant paddings of input 1 into the
// output, in `mode`, with `value` in the constant padding.
ab_pad_params pad_params(const OpContext& c, ab_pad_mode mode, int32_t value);

}  // namespace aotbench::codegen::lower_detail
