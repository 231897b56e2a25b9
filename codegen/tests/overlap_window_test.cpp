// The overlap windows of select/overlap.hpp on small shapes worked out by hand from the kernels'
// access orders: how far after its input an output may start (bytes) when written in place.
#include <gtest/gtest.h>

#include "codegen/select/overlap.hpp"

namespace aotbench::codegen {
namespace {

TEST(OverlapWindow, ElementWise) {
  // Same sizes: element i is read, then written; the output may start exactly on the input.
  EXPECT_EQ(elementwise_window(10, 1, 1)->max_delta, 0);
  // int8 to int16 (10 elements): element 8's write ends at d + 18 and element 9 is read at 9,
  // so d <= -9.
  EXPECT_EQ(elementwise_window(10, 1, 2)->max_delta, -9);
  // int16 to int8: element 0's write ends at d + 1, element 1 is read at 2: d <= 1.
  EXPECT_EQ(elementwise_window(10, 2, 1)->max_delta, 1);
}

WindowGeometry pointwise(int64_t pixels, int64_t in_c, int64_t out_c) {
  WindowGeometry g;
  g.in_w = g.out_w = pixels;
  g.in_c = in_c, g.out_c = out_c;
  return g;
}

TEST(OverlapWindow, RasterPairsOfPixels) {
  // Four pixels, two at a time (the dsp convolution): pair 0 writes [d, d + 16) before pixel 2
  // is read at 16, nothing is read after pair 1: d <= 0.
  EXPECT_EQ(raster_window(pointwise(4, 8, 8), 2, false)->max_delta, 0);
  // 8 to 16 channels: pair 0 writes [d, d + 32) before pixel 2 is read at 16: d <= -16.
  EXPECT_EQ(raster_window(pointwise(4, 8, 16), 2, false)->max_delta, -16);
  // One pixel at a time, its own pixel read again while written (the reference kernels):
  // pixel p writes [d + 8p, d + 8p + 8) while reading [8p, 8p + 8): d <= -8.
  EXPECT_EQ(raster_window(pointwise(4, 8, 8), 1, true)->max_delta, -8);
}

TEST(OverlapWindow, DepthwiseChannelRows) {
  // 4x4x8, 3x3, stride 1, padding 1: output row y is written once input rows up to y + 1 are
  // in the ring; the next row first reads row y + 2. In pixels of one channel, row y's writes
  // end at 4(y + 1) and the next read is at 4(y + 2): the output may start one row (4 pixels of
  // 8 channels, 32 bytes) after the input, at a multiple of the 8 channels.
  WindowGeometry g;
  g.in_h = g.in_w = g.out_h = g.out_w = 4;
  g.in_c = g.out_c = 8;
  g.kernel_h = g.kernel_w = 3;
  g.pad_h = g.pad_w = 1;
  const auto w = channel_rows_window(g);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->max_delta, 32);
  EXPECT_EQ(w->modulus, 8);
  // Dilated rows are not read in order: 5x1x1, 3 rows dilated by 2, padding 2. Output row 0 reads
  // input rows 0 and 2, row 1 reads rows 1 and 3: writing row 0 one row up would overwrite input
  // row 1 before it is read. Only at or below the input.
  WindowGeometry d;
  d.in_h = d.out_h = 5;
  d.kernel_h = 3;
  d.dilation_h = 2;
  d.pad_h = 2;
  EXPECT_EQ(channel_rows_window(d)->max_delta, 0);
  // A channel multiplier (more output channels than input ones): never channel over channel.
  g.out_c = 16;
  EXPECT_FALSE(channel_rows_window(g));
}

}  // namespace
}  // namespace aotbench::codegen
