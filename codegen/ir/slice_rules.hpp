#pragma once
// TFLite's index arithmetic of STRIDED_SLICE, shared by the reader (output shapes) and the
// lowering (the copy's offsets and strides).
#include <cstdint>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// One axis of a strided slice as TFLite's reference StridedSlice walks it: the first index, the
// step and how many elements (StridedSliceStartForAxis / StridedSliceEndForAxis).
struct SliceAxis {
  int64_t start = 0, step = 1, count = 0;
};
SliceAxis strided_slice_axis(const StridedSliceOptions& o, int axis, int64_t size, int64_t begin,
                             int64_t end, int64_t stride);

}  // namespace aotbench::codegen
