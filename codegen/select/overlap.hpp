#pragma once
// Overlap windows from a kernel's access order. A kernel that runs in place may overwrite an
// input byte only once nothing reads it any more: if it works in steps, each reading input bytes
// and then writing output bytes, the output may start at most
//     min over steps s of (lowest input byte read after s's first write - end of s's writes)
// bytes after the input. The helpers below compute that bound exactly, at generation time, for
// the access orders of the reference and dsp kernels; each family says which applies to which of
// its kernels (codegen/kernels/<family>/overlap.cpp).
#include <cstdint>
#include <optional>

#include "codegen/select/schedule.hpp"

namespace aotbench::codegen {

// A sliding-window operator (convolution, depthwise convolution, pooling) in NHWC, in elements.
struct WindowGeometry {
  int64_t batches = 1;
  int64_t in_h = 1, in_w = 1, in_c = 1;
  int64_t out_h = 1, out_w = 1, out_c = 1;
  int64_t kernel_h = 1, kernel_w = 1, stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1;
  int64_t pad_h = 0, pad_w = 0;
  int64_t in_bytes = 1, out_bytes = 1;  // per element
};

// Output pixels in raster order, `pixels_per_step` at a time: a step reads the windows of its
// pixels, then writes all their channels. `rereads`: the step reads its windows again between
// writes (the reference kernels compute one output channel at a time).
std::optional<OverlapWindow> raster_window(const WindowGeometry& g, int64_t pixels_per_step, bool rereads);

// One channel at a time (channel blocks), output rows in order, each after the input rows its
// window needs have been read (copied aside; each row once, at the first output row that needs
// it): only with the output's channel c over the
// input's channel c (modulus: the channel count), for a depthwise operator with multiplier 1.
std::optional<OverlapWindow> channel_rows_window(const WindowGeometry& g);

// Element i read, then element i written, in order (`count` elements of the given sizes).
std::optional<OverlapWindow> elementwise_window(int64_t count, int64_t in_bytes, int64_t out_bytes);

}  // namespace aotbench::codegen
