// SOFTMAX, QUANTIZE and DEQUANTIZE reference kernels.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

// Softmax parameters for beta = 1 and input scale 1/16 as TFLite derives them (by hand):
// beta * scale * 2^(31-5) = 2^22 -> QuantizeMultiplier: (2^30, 23);
// diff_min = -floor((2^5 - 1) * 2^26 / 2^23) = -248.
ab_softmax_params softmax_params(int rows, int depth) {
  ab_softmax_params p{};
  p.outer_size = rows;
  p.depth = depth;
  p.input_multiplier = 1 << 30;
  p.input_left_shift = 23;
  p.diff_min = -248;
  return p;
}

TEST(Softmax, MatchesDoubleSoftmaxWithinOneStep) {
  const int rows = 20, depth = 10;
  const auto in = random_int8(size_t(rows) * depth, 81);
  auto p = softmax_params(rows, depth);
  std::vector<int8_t> out(in.size());
  ab_ref_softmax_s8(&p, in.data(), out.data());
  for (int r = 0; r < rows; ++r) {
    double max = -1e9, sum = 0;
    for (int c = 0; c < depth; ++c) max = std::max(max, double(in[r * depth + c]));
    for (int c = 0; c < depth; ++c) sum += std::exp((in[r * depth + c] - max) / 16.0);
    for (int c = 0; c < depth; ++c) {
      const double prob = std::exp((in[r * depth + c] - max) / 16.0) / sum;
      const double q = prob * 256 - 128;  // output scale 1/256, zero point -128
      ASSERT_LE(std::fabs(out[r * depth + c] - clamp(std::lround(q), -128, 127)), 1) << r << "," << c;
    }
  }
}

TEST(Softmax, UniformRowsAndExactPowersOfTwo) {
  auto p = softmax_params(2, 4);
  const int8_t in[8] = {5, 5, 5, 5, -128, 127, -128, -128};
  int8_t out[8];
  ab_ref_softmax_s8(&p, in, out);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(out[c], 64 - 128);  // 1/4 of 256
  // Differences of -255 are below diff_min (-248): exactly zero probability, output -128;
  // the maximum takes everything: 256 - 128 saturates to 127.
  EXPECT_EQ(out[4], -128);
  EXPECT_EQ(out[5], 127);
}

TEST(Quantize, FloatToInt8RoundsHalfAwayAndSaturates) {
  ab_quantize_params p{};
  p.kind = AB_QUANTIZE_F32_TO_S8;
  p.size = 7;
  p.scale = 0.5f;
  p.output_zero_point = -1;
  const float in[7] = {1.25f, -1.25f, 0.0f, 100.0f, -100.0f, 0.2f, 63.9f};
  int8_t out[7];
  ab_ref_quantize(&p, in, out);
  EXPECT_EQ(out[0], 3 - 1);   // 2.5 -> 3
  EXPECT_EQ(out[1], -3 - 1);  // -2.5 -> -3
  EXPECT_EQ(out[2], -1);
  EXPECT_EQ(out[3], 127);
  EXPECT_EQ(out[4], -128);
  EXPECT_EQ(out[5], 0 - 1);   // 0.4 -> 0
  EXPECT_EQ(out[6], 127);     // 127.8 -> 128 - 1
}

TEST(Quantize, RequantizeBetweenEightBitTypes) {
  ab_quantize_params p{};
  p.size = 256;
  std::vector<int8_t> s8(256);
  std::vector<uint8_t> u8(256);
  for (int i = 0; i < 256; ++i) s8[i] = int8_t(i - 128), u8[i] = uint8_t(i);
  // Same scale, zero points -128 (int8) and 0 (uint8): v -> v + 128.
  p.kind = AB_REQUANTIZE_S8_TO_U8;
  p.multiplier = kUnitMultiplier; p.shift = kUnitShift;
  p.input_zero_point = -128; p.output_zero_point = 0;
  std::vector<uint8_t> to_u8(256);
  ab_ref_quantize(&p, s8.data(), to_u8.data());
  for (int i = 0; i < 256; ++i) ASSERT_EQ(to_u8[i], i);
  p.kind = AB_REQUANTIZE_U8_TO_S8;
  p.input_zero_point = 0; p.output_zero_point = -128;
  std::vector<int8_t> to_s8(256);
  ab_ref_quantize(&p, u8.data(), to_s8.data());
  for (int i = 0; i < 256; ++i) ASSERT_EQ(to_s8[i], i - 128);
  // int8 -> int8 with scale ratio 2 (multiplier 0.5, shift 2) and zero points 1 -> -3.
  p.kind = AB_REQUANTIZE_S8_TO_S8;
  p.multiplier = 1 << 30; p.shift = 2;
  p.input_zero_point = 1; p.output_zero_point = -3;
  ab_ref_quantize(&p, s8.data(), to_s8.data());
  for (int i = 0; i < 256; ++i) ASSERT_EQ(to_s8[i], clamp(2 * (s8[i] - 1) - 3, -128, 127)) << i;
}

TEST(Dequantize, ScalesDifferenceToZeroPoint) {
  ab_dequantize_params p{};
  p.size = 3;
  p.scale = 0.25f;
  p.zero_point = -2;
  const int8_t in[3] = {-2, 2, -128};
  float out[3];
  ab_ref_dequantize_s8_f32(&p, in, out);
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_EQ(out[2], -31.5f);
}

}  // namespace
