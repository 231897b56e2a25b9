#include "codegen/ir/slice_rules.hpp"

#include <algorithm>

namespace aotbench::codegen {

SliceAxis strided_slice_axis(const StridedSliceOptions& o, int axis, int64_t size, int64_t begin,
                             int64_t end, int64_t stride) {
  auto clamp = [](int64_t v, int64_t lo, int64_t hi) { return std::min(std::max(v, lo), hi); };
  int64_t start = begin < 0 ? begin + size : begin;
  start = stride > 0 ? clamp(start, 0, size) : clamp(start, -1, size - 1);
  if (o.begin_mask & (1 << axis)) start = stride > 0 ? 0 : size - 1;
  int64_t stop;
  if (o.shrink_axis_mask & (1 << axis)) {
    stop = start >= size ? start : start + 1;  // a shrunk axis takes one element
  } else {
    stop = end < 0 ? end + size : end;
    stop = stride > 0 ? clamp(stop, 0, size) : clamp(stop, -1, size - 1);
    if (o.end_mask & (1 << axis)) stop = stride > 0 ? size : -1;
  }
  const int64_t span = stride > 0 ? stop - start : start - stop;
  const int64_t step = stride > 0 ? stride : -stride;
  return {start, stride, span <= 0 ? 0 : (span + step - 1) / step};
}

}  // namespace aotbench::codegen
