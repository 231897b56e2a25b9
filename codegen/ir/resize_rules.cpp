#include "codegen/ir/resize_rules.hpp"

#include <algorithm>
#include <cmath>

namespace aotbench::codegen {

int64_t bilinear_scale_10(int64_t in, int64_t out, bool align_corners) {
  if (align_corners && out > 1) return (1024 * (in - 1) + (out - 1) / 2) / (out - 1);
  return (1024 * in + out / 2) / out;
}

BilinearSample bilinear_sample(int64_t v, int64_t scale_10, bool half_pixel_centers, int64_t in) {
  BilinearSample s;
  s.position = v * scale_10 + (half_pixel_centers ? scale_10 / 2 - 512 : 0);
  // Division truncates toward zero, as in C++: a position in (-1024, 0) has lower pixel 0.
  s.lower = std::max<int64_t>(s.position / 1024, 0);
  s.upper = std::min<int64_t>((s.position + 1023) / 1024, in - 1);
  return s;
}

int32_t nearest_index(int32_t v, int32_t in, int32_t out, bool align_corners, bool half_pixel_centers) {
  // Single-precision steps, each rounded to float like the reference's.
  const float scale = align_corners && out > 1 ? static_cast<float>(in - 1) / static_cast<float>(out - 1)
                                               : static_cast<float>(in) / static_cast<float>(out);
  const float at = (static_cast<float>(v) + (half_pixel_centers ? 0.5f : 0.0f)) * scale;
  int32_t i = static_cast<int32_t>(align_corners ? std::round(at) : std::floor(at));
  i = std::min(i, in - 1);
  if (half_pixel_centers) i = std::max(i, 0);
  return i;
}

}  // namespace aotbench::codegen
