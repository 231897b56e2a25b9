#pragma once
// Strided copies (ab_view_copy_params): the data-movement operators describe what they move as
// dimensions with an input and an output stride each; this canonical form drops unit dimensions
// and merges dimensions that are contiguous on both sides, so the kernel copies long runs.
#include <cstdint>
#include <vector>

#include "ab_params.h"
#include "lower/lower_context.hpp"

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

}  // namespace aotbench::codegen::lower_detail
