// AVERAGE_POOL_2D, MAX_POOL_2D and MEAN reference kernels against naive formulations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

ab_pool2d_params pool(int h, int w, int c, int fh, int fw, int s, int pad, int oh, int ow) {
  ab_pool2d_params p{};
  p.input = {1, h, w, c};
  p.output = {1, oh, ow, c};
  p.filter_h = fh; p.filter_w = fw;
  p.stride_h = s; p.stride_w = s;
  p.pad_h = pad; p.pad_w = pad;
  p.act_min = -128; p.act_max = 127;
  return p;
}

TEST(AveragePool2D, HandWorkedRoundingAndClippedWindow) {
  // 2x2 input, one channel, 2x2 filter, stride 1, padding 1 (SAME-like): the corner window
  // sees only input (0,0); the centre window sees all four.
  const int8_t in[4] = {-1, -2, 5, 6};
  auto p = pool(2, 2, 1, 2, 2, 1, 1, 3, 3);
  int8_t out[9];
  ab_ref_avg_pool2d_s8(&p, in, out);
  EXPECT_EQ(out[0], -1);  // {-1}
  EXPECT_EQ(out[1], -2);  // {-1,-2}: -1.5 rounds away from zero
  EXPECT_EQ(out[4], 2);   // {-1,-2,5,6}: 8 / 4
  EXPECT_EQ(out[5], 2);   // {-2,6}: 2
  EXPECT_EQ(out[7], 6);   // {5,6}: 5.5 -> 6
}

TEST(AveragePool2D, MatchesRoundedMeanOfClippedWindows) {
  const int h = 9, w = 7, c = 5, f = 3, s = 2, pad = 1, oh = 5, ow = 4;
  const auto in = random_int8(size_t(h) * w * c, 51);
  auto p = pool(h, w, c, f, f, s, pad, oh, ow);
  p.act_min = -50; p.act_max = 60;
  std::vector<int8_t> out(size_t(oh) * ow * c);
  ab_ref_avg_pool2d_s8(&p, in.data(), out.data());
  for (int oy = 0; oy < oh; ++oy)
    for (int ox = 0; ox < ow; ++ox)
      for (int ch = 0; ch < c; ++ch) {
        double sum = 0;
        int n = 0;
        for (int y = oy * s - pad; y < oy * s - pad + f; ++y)
          for (int x = ox * s - pad; x < ox * s - pad + f; ++x)
            if (y >= 0 && y < h && x >= 0 && x < w) sum += in[(y * w + x) * c + ch], ++n;
        // std::round on the exact mean: ties away from zero, as the kernel's integer rounding.
        ASSERT_EQ(out[(oy * ow + ox) * c + ch], clamp(std::lround(sum / n), -50, 60));
      }
}

TEST(MaxPool2D, MatchesNaiveMaximum) {
  const int h = 8, w = 8, c = 3, f = 3, s = 2, pad = 0, oh = 3, ow = 3;
  const auto in = random_int8(size_t(h) * w * c, 52);
  auto p = pool(h, w, c, f, f, s, pad, oh, ow);
  p.act_min = -20;
  std::vector<int8_t> out(size_t(oh) * ow * c);
  ab_ref_max_pool2d_s8(&p, in.data(), out.data());
  for (int oy = 0; oy < oh; ++oy)
    for (int ox = 0; ox < ow; ++ox)
      for (int ch = 0; ch < c; ++ch) {
        int m = -128;
        for (int y = oy * s; y < oy * s + f; ++y)
          for (int x = ox * s; x < ox * s + f; ++x) m = std::max(m, int(in[(y * w + x) * c + ch]));
        ASSERT_EQ(out[(oy * ow + ox) * c + ch], std::max(m, -20));
      }
}

ab_mean_params mean(std::vector<int> shape, std::vector<int> axes, ab_mean_mode mode) {
  ab_mean_params p{};
  p.mode = mode;
  p.rank = ab_idx_t(shape.size());
  p.count = 1;
  for (size_t d = 0; d < shape.size(); ++d) p.in_shape[d] = shape[d];
  for (int a : axes) p.reduce[a] = 1, p.count *= shape[size_t(a)];
  return p;
}

// Naive sums over the reduced axes of a rank-3 tensor, output in kept-dimension order.
std::vector<int64_t> naive_sums(const std::vector<int8_t>& in, const int (&shape)[3],
                                const bool (&red)[3]) {
  std::vector<int64_t> sums;
  for (int i = 0; i < (red[0] ? 1 : shape[0]); ++i)
    for (int j = 0; j < (red[1] ? 1 : shape[1]); ++j)
      for (int k = 0; k < (red[2] ? 1 : shape[2]); ++k) {
        int64_t s = 0;
        for (int a = 0; a < shape[0]; ++a)
          for (int b = 0; b < shape[1]; ++b)
            for (int c = 0; c < shape[2]; ++c)
              if ((red[0] || a == i) && (red[1] || b == j) && (red[2] || c == k))
                s += in[(a * shape[1] + b) * shape[2] + c];
        sums.push_back(s);
      }
  return sums;
}

TEST(Mean, TruncatingModeOverEveryAxisSet) {
  const int shape[3] = {3, 4, 5};
  const auto in = random_int8(60, 61);
  for (int mask = 1; mask < 8; ++mask) {
    const bool red[3] = {(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0};
    std::vector<int> axes;
    for (int d = 0; d < 3; ++d) if (red[d]) axes.push_back(d);
    const auto p = mean({3, 4, 5}, axes, AB_MEAN_INT_TRUNCATE);
    const auto sums = naive_sums(in, shape, red);
    std::vector<int8_t> out(sums.size());
    ab_ref_mean_s8(&p, in.data(), out.data());
    for (size_t o = 0; o < sums.size(); ++o)
      ASSERT_EQ(out[o], int64_t(std::trunc(double(sums[o]) / double(p.count)))) << mask << " " << o;
  }
}

TEST(Mean, QuantizedModesMatchRealArithmeticAwayFromTies) {
  // MEAN over H and W of a 1x6x5x40 tensor with input scale 0.05 / zp -3, output scale 0.02 /
  // zp 7. real = (sum/count - in_zp) * 0.05 / 0.02 + out_zp.
  const int shape[3] = {30, 40, 1};
  const bool red[3] = {true, false, false};
  const auto in = random_int8(1200, 62);
  const auto sums = naive_sums(in, shape, red);
  auto p = mean({1, 6, 5, 40}, {1, 2}, AB_MEAN_FLOAT);
  p.input_zero_point = -3; p.output_zero_point = 7;
  p.float_scale = 0.05f / 0.02f;
  p.float_bias = float(3) * p.float_scale;
  // Multiplier mode: 2.5 / 30 = 0.0833.. = 0.6667 * 2^-3 -> (1431655765, -3);
  // divide mode: 2.5 = 0.625 * 2^2 -> (1342177280, 2), then / 30.
  for (int mode : {AB_MEAN_FLOAT, AB_MEAN_INT_MULTIPLIER, AB_MEAN_INT_DIVIDE}) {
    p.mode = mode;
    p.multiplier = mode == AB_MEAN_INT_MULTIPLIER ? 1431655765 : 1342177280;
    p.shift = mode == AB_MEAN_INT_MULTIPLIER ? -3 : 2;
    std::vector<int8_t> out(40);
    ab_ref_mean_s8(&p, in.data(), out.data());
    for (int o = 0; o < 40; ++o) {
      const double real = (double(sums[o]) / 30 + 3) * 2.5 + 7;
      if (near_tie(real, 0.05)) continue;
      ASSERT_EQ(out[o], clamp(std::lround(real), -128, 127)) << "mode " << mode << " o " << o;
    }
  }
}

}  // namespace
