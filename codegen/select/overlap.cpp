#include "codegen/select/overlap.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace aotbench::codegen {
namespace {

constexpr int64_t kNever = std::numeric_limits<int64_t>::max() / 4;  // no read follows

// The first of `taps` positions start, start + step, ... inside [0, limit), or -1.
int64_t first_inside(int64_t start, int64_t step, int64_t taps, int64_t limit) {
  int64_t f = 0;
  if (start < 0) f = (-start + step - 1) / step;
  const int64_t at = start + f * step;
  return f < taps && at < limit ? at : -1;
}

// The bound over steps walked backwards: `read_from(j)` is the lowest input byte step j reads,
// `write_end(j)` the end of its writes.
template <class ReadFrom, class WriteEnd>
int64_t bound_of_steps(int64_t steps, bool rereads, ReadFrom read_from, WriteEnd write_end) {
  int64_t later = kNever, bound = kNever;
  for (int64_t j = steps - 1; j >= 0; --j) {
    const int64_t own = read_from(j);
    const int64_t live = std::min(later, rereads ? own : kNever);
    if (live < kNever) bound = std::min(bound, live - write_end(j));
    later = std::min(later, own);
  }
  return bound;
}

}  // namespace

std::optional<OverlapWindow> raster_window(const WindowGeometry& g, int64_t pixels_per_step, bool rereads) {
  const int64_t per_image = g.out_h * g.out_w, pixels = g.batches * per_image;
  // The lowest input byte output pixel p reads: its window's first row and column inside.
  auto pixel_read = [&](int64_t p) {
    const int64_t b = p / per_image, y = p % per_image / g.out_w, x = p % g.out_w;
    const int64_t row = first_inside(y * g.stride_h - g.pad_h, g.dilation_h, g.kernel_h, g.in_h);
    const int64_t col = first_inside(x * g.stride_w - g.pad_w, g.dilation_w, g.kernel_w, g.in_w);
    if (row < 0 || col < 0) return kNever;  // the window lies in the padding
    return ((b * g.in_h + row) * g.in_w + col) * g.in_c * g.in_bytes;
  };
  const int64_t steps = (pixels + pixels_per_step - 1) / pixels_per_step;
  const int64_t bound = bound_of_steps(
      steps, rereads,
      [&](int64_t j) {
        int64_t low = kNever;
        for (int64_t p = j * pixels_per_step; p < std::min(pixels, (j + 1) * pixels_per_step); ++p)
          low = std::min(low, pixel_read(p));
        return low;
      },
      [&](int64_t j) { return std::min(pixels, (j + 1) * pixels_per_step) * g.out_c * g.out_bytes; });
  return OverlapWindow{bound, 1};
}

std::optional<OverlapWindow> channel_rows_window(const WindowGeometry& g) {
  if (g.in_c != g.out_c || g.in_bytes != g.out_bytes) return std::nullopt;
  // In pixels of one channel. Each input row is read (copied aside) once, at the first output
  // row whose window has it among its taps (with a dilation, not in row order); output row y is
  // written after its window's rows are read.
  std::vector<int64_t> first_step(static_cast<std::size_t>(g.in_h), -1);
  for (int64_t y = g.out_h - 1; y >= 0; --y) {
    for (int64_t k = 0; k < g.kernel_h; ++k) {
      const int64_t row = y * g.stride_h - g.pad_h + k * g.dilation_h;
      if (row >= 0 && row < g.in_h) first_step[static_cast<std::size_t>(row)] = y;
    }
  }
  std::vector<int64_t> lowest_new_row(static_cast<std::size_t>(g.out_h), kNever);
  for (int64_t row = 0; row < g.in_h; ++row) {
    const int64_t y = first_step[static_cast<std::size_t>(row)];
    if (y >= 0) lowest_new_row[static_cast<std::size_t>(y)] = std::min(lowest_new_row[static_cast<std::size_t>(y)], row);
  }
  const int64_t bound = bound_of_steps(
      g.batches * g.out_h, false,
      [&](int64_t j) {
        const int64_t row = lowest_new_row[static_cast<std::size_t>(j % g.out_h)];
        return row >= kNever ? kNever : (j / g.out_h * g.in_h + row) * g.in_w;
      },
      [&](int64_t j) { return (j + 1) * g.out_w; });
  if (bound >= kNever) return OverlapWindow{kNever, g.in_c * g.in_bytes};
  return OverlapWindow{bound * g.in_c * g.in_bytes, g.in_c * g.in_bytes};
}

std::optional<OverlapWindow> elementwise_window(int64_t count, int64_t in_bytes, int64_t out_bytes) {
  if (count < 2) return OverlapWindow{kNever, 1};
  // Element i's write ends at (i + 1) * out_bytes, element i + 1 is read from (i + 1) * in_bytes.
  const int64_t per = in_bytes - out_bytes;
  return OverlapWindow{per >= 0 ? per : (count - 1) * per, 1};
}

}  // namespace aotbench::codegen
