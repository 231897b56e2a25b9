// CONV_2D and DEPTHWISE_CONV_2D reference kernels against a naive formulation that pads the
// input explicitly with its zero point (so padded taps contribute exactly 0).
#include <gtest/gtest.h>

#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

struct Geometry {
  int n, h, w, c;        // input
  int kh, kw;            // kernel
  int sh, sw, dh, dw;    // stride, dilation
  int ph, pw;            // padding before
  int oh, ow;            // output size
};

// Input padded with `zp` on every side, big enough for any window of g.
std::vector<int32_t> padded(const std::vector<int8_t>& in, const Geometry& g, int zp, int& ph_total,
                            int& pw_total) {
  ph_total = g.h + 2 * g.ph + g.kh * g.dh + g.sh * g.oh;
  pw_total = g.w + 2 * g.pw + g.kw * g.dw + g.sw * g.ow;
  std::vector<int32_t> p(size_t(g.n) * ph_total * pw_total * g.c, zp);
  for (int b = 0; b < g.n; ++b)
    for (int y = 0; y < g.h; ++y)
      for (int x = 0; x < g.w; ++x)
        for (int c = 0; c < g.c; ++c)
          p[((size_t(b) * ph_total + y + g.ph) * pw_total + x + g.pw) * g.c + c] =
              in[((size_t(b) * g.h + y) * g.w + x) * g.c + c];
  return p;
}

TEST(Conv2D, AccumulationMatchesNaiveWithPaddingStrideDilation) {
  const Geometry g{2, 5, 6, 3, 3, 2, 2, 1, 1, 2, 1, 1, 3, 5};
  const int oc = 4, in_zp = 5, out_zp = -3;
  const auto input = random_int8(size_t(g.n) * g.h * g.w * g.c, 11);
  const auto filter = random_int8(size_t(oc) * g.kh * g.kw * g.c, 12, -127, 127);
  const auto bias = random_int32(oc, 13, -2000, 2000);
  std::vector<int32_t> mult(oc, kUnitMultiplier), shift(oc, kUnitShift);

  ab_conv2d_params p{};
  p.input = {g.n, g.h, g.w, g.c};
  p.filter = {oc, g.kh, g.kw, g.c};
  p.output = {g.n, g.oh, g.ow, oc};
  p.stride_h = g.sh; p.stride_w = g.sw; p.dilation_h = g.dh; p.dilation_w = g.dw;
  p.pad_h = g.ph; p.pad_w = g.pw;
  p.input_offset = -in_zp; p.output_offset = out_zp;
  p.act_min = -100; p.act_max = 100;
  p.output_multiplier = mult.data(); p.output_shift = shift.data();
  std::vector<int8_t> out(size_t(g.n) * g.oh * g.ow * oc);
  ab_ref_conv2d_s8(&p, input.data(), filter.data(), bias.data(), out.data());

  int PH, PW;
  const auto pin = padded(input, g, in_zp, PH, PW);
  for (int b = 0; b < g.n; ++b)
    for (int oy = 0; oy < g.oh; ++oy)
      for (int ox = 0; ox < g.ow; ++ox)
        for (int o = 0; o < oc; ++o) {
          int64_t acc = bias[o];
          for (int ky = 0; ky < g.kh; ++ky)
            for (int kx = 0; kx < g.kw; ++kx)
              for (int c = 0; c < g.c; ++c) {
                const int y = oy * g.sh + ky * g.dh, x = ox * g.sw + kx * g.dw;
                const int32_t v = pin[((size_t(b) * PH + y) * PW + x) * g.c + c] - in_zp;
                acc += int64_t(v) * filter[((size_t(o) * g.kh + ky) * g.kw + kx) * g.c + c];
              }
          const int8_t got = out[((size_t(b) * g.oh + oy) * g.ow + ox) * oc + o];
          ASSERT_EQ(got, clamp(acc + out_zp, -100, 100)) << b << "," << oy << "," << ox << "," << o;
        }
}

TEST(Conv2D, PerChannelRequantizationHandWorked) {
  // 1x1 input with 1 channel of value 10 (zero point 0), 1x1 filter, 3 output channels with
  // weights 3, -3, 5 and no bias: accumulators 30, -30, 50.
  const int8_t input[1] = {10};
  const int8_t filter[3] = {3, -3, 5};
  const int32_t mult[3] = {1610612736, 1610612736, 1 << 30};  // 0.75, 0.75, 0.5
  const int32_t shift[3] = {0, -2, -1};                        // *1, *1/4, *1/2
  ab_conv2d_params p{};
  p.input = {1, 1, 1, 1};
  p.filter = {3, 1, 1, 1};
  p.output = {1, 1, 1, 3};
  p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
  p.output_offset = 1;
  p.act_min = -128; p.act_max = 127;
  p.output_multiplier = mult; p.output_shift = shift;
  int8_t out[3];
  ab_ref_conv2d_s8(&p, input, filter, nullptr, out);
  EXPECT_EQ(out[0], 23 + 1);   // 30 * 0.75 = 22.5 -> 23
  EXPECT_EQ(out[1], -6 + 1);   // -30 * 0.75 = -22.5 -> -22 (ties up), / 4 = -5.5 -> -6
  EXPECT_EQ(out[2], 13 + 1);   // 50 * 0.5 = 25, / 2 = 12.5 -> 13
}

TEST(Conv2D, GroupedConvolutionReadsItsGroupsChannels) {
  // Input 1x1x1x4 = {1, 2, 3, 4}; two groups of two input channels; four filters of ones.
  const int8_t input[4] = {1, 2, 3, 4};
  const int8_t filter[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  const int32_t mult[4] = {kUnitMultiplier, kUnitMultiplier, kUnitMultiplier, kUnitMultiplier};
  const int32_t shift[4] = {kUnitShift, kUnitShift, kUnitShift, kUnitShift};
  ab_conv2d_params p{};
  p.input = {1, 1, 1, 4};
  p.filter = {4, 1, 1, 2};
  p.output = {1, 1, 1, 4};
  p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
  p.act_min = -128; p.act_max = 127;
  p.output_multiplier = mult; p.output_shift = shift;
  int8_t out[4];
  ab_ref_conv2d_s8(&p, input, filter, nullptr, out);
  EXPECT_EQ(out[0], 3);  // group 0: 1 + 2
  EXPECT_EQ(out[1], 3);
  EXPECT_EQ(out[2], 7);  // group 1: 3 + 4
  EXPECT_EQ(out[3], 7);
}

TEST(DepthwiseConv2D, AccumulationMatchesNaiveWithMultiplierAndDilation) {
  const Geometry g{1, 7, 6, 3, 3, 3, 2, 2, 2, 1, 1, 2, 3, 3};
  const int dm = 2, oc = g.c * dm, in_zp = -7, out_zp = 4;
  const auto input = random_int8(size_t(g.n) * g.h * g.w * g.c, 21);
  const auto filter = random_int8(size_t(g.kh) * g.kw * oc, 22, -127, 127);
  const auto bias = random_int32(oc, 23, -500, 500);
  std::vector<int32_t> mult(oc, kUnitMultiplier), shift(oc, kUnitShift);

  ab_depthwise_conv2d_params p{};
  p.input = {g.n, g.h, g.w, g.c};
  p.filter = {1, g.kh, g.kw, oc};
  p.output = {g.n, g.oh, g.ow, oc};
  p.stride_h = g.sh; p.stride_w = g.sw; p.dilation_h = g.dh; p.dilation_w = g.dw;
  p.pad_h = g.ph; p.pad_w = g.pw;
  p.depth_multiplier = dm;
  p.input_offset = -in_zp; p.output_offset = out_zp;
  p.act_min = -128; p.act_max = 127;
  p.output_multiplier = mult.data(); p.output_shift = shift.data();
  std::vector<int8_t> out(size_t(g.oh) * g.ow * oc);
  ab_ref_depthwise_conv2d_s8(&p, input.data(), filter.data(), bias.data(), out.data());

  int PH, PW;
  const auto pin = padded(input, g, in_zp, PH, PW);
  for (int oy = 0; oy < g.oh; ++oy)
    for (int ox = 0; ox < g.ow; ++ox)
      for (int ic = 0; ic < g.c; ++ic)
        for (int m = 0; m < dm; ++m) {
          const int o = ic * dm + m;
          int64_t acc = bias[o];
          for (int ky = 0; ky < g.kh; ++ky)
            for (int kx = 0; kx < g.kw; ++kx) {
              const int y = oy * g.sh + ky * g.dh, x = ox * g.sw + kx * g.dw;
              acc += int64_t(pin[(size_t(y) * PW + x) * g.c + ic] - in_zp) *
                     filter[(size_t(ky) * g.kw + kx) * oc + o];
            }
          ASSERT_EQ(out[(size_t(oy) * g.ow + ox) * oc + o], clamp(acc + out_zp, -128, 127))
              << oy << "," << ox << "," << o;
        }
}

}  // namespace
