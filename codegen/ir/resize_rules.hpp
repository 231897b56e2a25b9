#pragma once
// TFLite's coordinate arithmetic of RESIZE_BILINEAR (integer) and RESIZE_NEAREST_NEIGHBOR (float),
// shared by the reader (what it can compute) and the lowering (scales and index tables).
#include <cstdint>

namespace aotbench::codegen {

// Bilinear resize works in 1/1024 input pixels: an axis of `in` pixels resized to `out` has
// this rounded scale (ResizeBilinearInteger's *_scale_10).
int64_t bilinear_scale_10(int64_t in, int64_t out, bool align_corners);

// Where output index v samples the input: `position` in 1/1024 pixels, between pixels `lower`
// and `upper` (clamped as TFLite clamps them: lower only below, upper only above).
struct BilinearSample {
  int64_t position = 0, lower = 0, upper = 0;
};
BilinearSample bilinear_sample(int64_t v, int64_t scale_10, bool half_pixel_centers, int64_t in);

// The input index output index v copies (GetNearestNeighbor, float arithmetic as TFLite does).
int32_t nearest_index(int32_t v, int32_t in, int32_t out, bool align_corners, bool half_pixel_centers);

}  // namespace aotbench::codegen
