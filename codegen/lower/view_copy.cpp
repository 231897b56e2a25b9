#include "lower/view_copy.hpp"

#include "lower/render_c.hpp"

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

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_view_copy_params& p) { AB_RENDER_FIELDS(AB_VIEW_COPY_FIELDS) }

}  // namespace aotbench::codegen
