#include "codegen/lower/view_copy.hpp"

#include <algorithm>

#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {

std::vector<int64_t> row_major_strides(const std::vector<int32_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

ab_view_copy_params view_copy(const OpContext& c, std::vector<ViewDim> dims, int64_t in_offset,
                              int64_t out_offset, std::size_t elem_bytes) {
  std::vector<ViewDim> merged;
  for (const ViewDim& d : dims) {
    if (d.size == 1) continue;
    if (!merged.empty()) {
      ViewDim& outer = merged.back();
      if (outer.in_stride == d.in_stride * d.size && outer.out_stride == d.out_stride * d.size) {
        outer = {outer.size * d.size, d.in_stride, d.out_stride};
        continue;
      }
    }
    merged.push_back(d);
  }
  if (merged.empty()) merged.push_back({1, 1, 1});
  if (merged.size() > AB_MAX_VIEW_DIMS) {
    c.fail("the copy walks {} dimensions; at most {} are supported", merged.size(), AB_MAX_VIEW_DIMS);
  }
  ab_view_copy_params p{};
  p.elem_bytes = static_cast<ab_idx_t>(elem_bytes);
  p.rank = static_cast<ab_idx_t>(merged.size());
  for (std::size_t d = 0; d < merged.size(); ++d) {
    p.shape[d] = merged[d].size;
    p.in_stride[d] = merged[d].in_stride;
    p.out_stride[d] = merged[d].out_stride;
  }
  p.in_offset = in_offset;
  p.out_offset = out_offset;
  return p;
}

ab_view_copy_params dense_output_copy(const OpContext& c, const std::vector<int64_t>& sizes,
                                      const std::vector<int64_t>& in_strides, int64_t in_offset,
                                      std::size_t elem_bytes) {
  std::vector<ViewDim> dims(sizes.size());
  int64_t out_stride = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    dims[d] = {sizes[d], in_strides[d], out_stride};
    out_stride *= sizes[d];
  }
  return view_copy(c, std::move(dims), in_offset, 0, elem_bytes);
}

ab_join_params join_params(const OpContext& c, LoweredOp& l, const Tensor& whole, int64_t axis,
                           const std::vector<const Tensor*>& parts, bool parts_lack_axis) {
  const auto rank = static_cast<int64_t>(whole.shape.size());
  if (axis < 0 || axis >= rank) c.fail("axis {} is outside rank {}", axis, rank);
  int64_t outer = 1, inner = static_cast<int64_t>(dtype_size(whole.type));
  for (int64_t d = 0; d < axis; ++d) outer *= whole.shape[static_cast<std::size_t>(d)];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= whole.shape[static_cast<std::size_t>(d)];
  std::vector<int32_t> part_bytes;
  int64_t along = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Tensor& t = *parts[i];
    const int64_t extent = parts_lack_axis ? 1 : t.shape.at(static_cast<std::size_t>(axis));
    if (t.type != whole.type) c.fail("part {} is {}, not {}", i, dtype_name(t.type), dtype_name(whole.type));
    if (t.num_bytes() != outer * extent * inner) c.fail("part {} does not line up with the axis {}", i, axis);
    part_bytes.push_back(static_cast<int32_t>(extent * inner));
    along += extent;
  }
  if (along != whole.shape[static_cast<std::size_t>(axis)]) c.fail("the parts do not fill axis {}", axis);
  ab_join_params p{};
  p.parts = static_cast<ab_idx_t>(parts.size());
  p.outer_size = outer;
  p.part_bytes = add_array(l, "part_bytes", std::move(part_bytes));
  return p;
}

ab_pad_params pad_params(const OpContext& c, ab_pad_mode mode, int32_t value) {
  const Tensor &in = c.input(0), &out = c.output();
  const std::size_t rank = in.shape.size();
  if (in.type != out.type) c.fail("input and output types differ");
  if (rank > AB_MAX_DIMS) c.fail("rank {} is above the supported {}", rank, AB_MAX_DIMS);
  const std::vector<int64_t> pads = c.int_values(c.input(1));
  if (pads.size() != 2 * rank || out.shape.size() != rank) c.fail("paddings do not match the input's rank {}", rank);
  // A mirror reaches at most the whole input beyond its border (less the border in REFLECT).
  const int64_t mirror_skip = mode == AB_PAD_REFLECT ? 1 : 0;
  ab_pad_params p{};
  p.mode = mode;
  p.elem_bytes = static_cast<ab_idx_t>(dtype_size(in.type));
  p.rank = static_cast<ab_idx_t>(rank);
  p.pad_value = value;
  for (std::size_t d = 0; d < rank; ++d) {
    const int64_t before = pads[2 * d], after = pads[2 * d + 1];
    if (before < 0 || after < 0 || in.shape[d] + before + after != out.shape[d]) {
      c.fail("padding {},{} of dimension {} does not give the output's {}", before, after, d, out.shape[d]);
    }
    if (mode != AB_PAD_CONSTANT && std::max(before, after) > in.shape[d] - mirror_skip) {
      c.fail("padding {},{} of dimension {} reaches beyond the {} input elements it mirrors", before, after, d,
             in.shape[d]);
    }
    p.in_shape[d] = in.shape[d];
    p.before[d] = before;
    p.out_shape[d] = out.shape[d];
  }
  return p;
}

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_view_copy_params& p) { AB_RENDER_FIELDS(AB_VIEW_COPY_FIELDS) }
void render_fields(FieldWriter& w, const ab_join_params& p) { AB_RENDER_FIELDS(AB_JOIN_FIELDS) }

}  // namespace aotbench::codegen
