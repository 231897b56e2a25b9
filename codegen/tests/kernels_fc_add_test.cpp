// FULLY_CONNECTED and ADD reference kernels: naive sums with an exact unit requantization,
// hand-worked requantization, and real-number formulations away from rounding ties.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

TEST(FullyConnected, PerTensorWithFilterOffsetMatchesNaive) {
  const int batches = 3, depth = 17, outputs = 5, in_zp = 9, w_zp = 2, out_zp = -20;
  const auto input = random_int8(size_t(batches) * depth, 31);
  const auto filter = random_int8(size_t(outputs) * depth, 32, -100, 100);
  const auto bias = random_int32(outputs, 33, -300, 300);
  ab_fully_connected_params p{};
  p.batches = batches; p.accum_depth = depth; p.output_depth = outputs;
  p.input_offset = -in_zp; p.filter_offset = -w_zp; p.output_offset = out_zp;
  p.output_multiplier = kUnitMultiplier; p.output_shift = kUnitShift;
  p.act_min = -128; p.act_max = 127;
  std::vector<int8_t> out(size_t(batches) * outputs);
  ab_ref_fully_connected_s8(&p, input.data(), filter.data(), bias.data(), out.data());
  for (int b = 0; b < batches; ++b)
    for (int o = 0; o < outputs; ++o) {
      int64_t acc = bias[o];
      for (int d = 0; d < depth; ++d)
        acc += int64_t(filter[o * depth + d] - w_zp) * (input[b * depth + d] - in_zp);
      ASSERT_EQ(out[b * outputs + o], clamp(acc + out_zp, -128, 127)) << b << "," << o;
    }
}

TEST(FullyConnected, PerChannelMultipliersAndReluClamp) {
  // input {2, 4}, weights rows {1, 1} and {-1, -1}: accumulators 6 and -6.
  const int8_t input[2] = {2, 4};
  const int8_t filter[4] = {1, 1, -1, -1};
  const int32_t mult[2] = {1 << 30, 1 << 30};
  const int32_t shift[2] = {0, 2};  // * 0.5, * 2
  ab_fully_connected_params p{};
  p.batches = 1; p.accum_depth = 2; p.output_depth = 2;
  p.act_min = -10; p.act_max = 127;
  p.per_channel_multiplier = mult; p.per_channel_shift = shift;
  int8_t out[2];
  ab_ref_fully_connected_s8(&p, input, filter, nullptr, out);
  EXPECT_EQ(out[0], 3);    // 6 * 0.5
  EXPECT_EQ(out[1], -10);  // -6 * 2 = -12, clamped
}

// Parameters TFLite derives for two inputs of equal scale and zero point 0 (worked by hand):
// input multipliers 0.5 = (2^30, 0); output multiplier 2^-19 = (2^30, -18). The sum is exact.
ab_add_params equal_scale_add() {
  ab_add_params p{};
  p.left_shift = 20;
  p.input1_multiplier = 1 << 30; p.input1_shift = 0;
  p.input2_multiplier = 1 << 30; p.input2_shift = 0;
  p.output_multiplier = 1 << 30; p.output_shift = -18;
  p.act_min = -128; p.act_max = 127;
  return p;
}

TEST(Add, EqualScalesAddExactly) {
  auto p = equal_scale_add();
  const auto a = random_int8(1000, 41), b = random_int8(1000, 42);
  p.flat_size = 1000;
  std::vector<int8_t> out(1000);
  ab_ref_add_s8(&p, a.data(), b.data(), out.data());
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], clamp(a[i] + b[i], -128, 127)) << i;
}

TEST(Add, DifferentScalesMatchRealArithmeticAwayFromTies) {
  // scales: in1 0.5, in2 0.25, out 0.3; zero points 3, -4, 10. Multipliers by hand:
  // twice_max = 1.0; in1: 0.5 -> (2^30, 0); in2: 0.25 -> (2^30, -1);
  // out: 1 / (2^20 * 0.3) = 3.333.. * 2^-20 = 0.8333.. * 2^-18 -> (1789569707, -18).
  ab_add_params p{};
  p.left_shift = 20;
  p.input1_offset = -3; p.input2_offset = 4; p.output_offset = 10;
  p.input1_multiplier = 1 << 30; p.input1_shift = 0;
  p.input2_multiplier = 1 << 30; p.input2_shift = -1;
  p.output_multiplier = 1789569707; p.output_shift = -18;
  p.act_min = -128; p.act_max = 127;
  int checked = 0;
  for (int x = -128; x <= 127; x += 3)
    for (int y = -128; y <= 127; y += 5) {
      const double real = (0.5 * (x - 3) + 0.25 * (y + 4)) / 0.3 + 10;
      if (near_tie(real, 1e-4)) continue;
      p.flat_size = 1;
      const int8_t a = int8_t(x), b = int8_t(y);
      int8_t out;
      ab_ref_add_s8(&p, &a, &b, &out);
      ASSERT_EQ(out, clamp(std::lround(real), -128, 127)) << x << " + " << y;
      ++checked;
    }
  EXPECT_GT(checked, 3000);
}

TEST(Add, BroadcastFollowsNumpyRules) {
  // [2,1,3] + [1,4,1] -> [2,4,3], right-aligned into 6 dimensions.
  auto p = equal_scale_add();
  p.broadcast = 1;
  p.flat_size = 24;
  const ab_idx_t shape[AB_MAX_DIMS] = {1, 1, 1, 2, 4, 3};
  const ab_idx_t s1[AB_MAX_DIMS] = {0, 0, 0, 3, 0, 1};
  const ab_idx_t s2[AB_MAX_DIMS] = {0, 0, 0, 0, 1, 0};
  for (int d = 0; d < AB_MAX_DIMS; ++d) {
    p.out_shape[d] = shape[d]; p.in1_stride[d] = s1[d]; p.in2_stride[d] = s2[d];
  }
  const int8_t a[6] = {1, 2, 3, 10, 20, 30};
  const int8_t b[4] = {100, -100, 0, 7};
  int8_t out[24];
  ab_ref_add_s8(&p, a, b, out);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        ASSERT_EQ(out[(i * 4 + j) * 3 + k], clamp(a[i * 3 + k] + b[j], -128, 127)) << i << j << k;
}

}  // namespace
