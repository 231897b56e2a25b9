// TFLite's Prepare-time arithmetic (lower/quant_math): hand-worked values and identities.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "codegen/lower/quant_math.hpp"

using namespace aotbench::codegen;

namespace {

TEST(QuantizeMultiplier, HandWorkedValues) {
  auto m = quantize_multiplier(0.5);
  EXPECT_EQ(m.multiplier, 1 << 30);
  EXPECT_EQ(m.shift, 0);
  m = quantize_multiplier(1.0);  // 0.5 * 2^1
  EXPECT_EQ(m.multiplier, 1 << 30);
  EXPECT_EQ(m.shift, 1);
  m = quantize_multiplier(0.75);  // 0.75 * 2^31 = 1610612736
  EXPECT_EQ(m.multiplier, 1610612736);
  EXPECT_EQ(m.shift, 0);
  m = quantize_multiplier(0.0);
  EXPECT_EQ(m.multiplier, 0);
  EXPECT_EQ(m.shift, 0);
  m = quantize_multiplier(std::ldexp(1.0, -40));  // below 2^-31: flushed to zero
  EXPECT_EQ(m.multiplier, 0);
  EXPECT_EQ(m.shift, 0);
  // 1 - 2^-40: the 31-bit mantissa rounds up to 2^31, which becomes 2^30 with shift + 1.
  m = quantize_multiplier(1.0 - std::ldexp(1.0, -40));
  EXPECT_EQ(m.multiplier, 1 << 30);
  EXPECT_EQ(m.shift, 1);
}

TEST(QuantizeMultiplier, ReconstructsTheRealValue) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> mant(0.5, 1.0);
  for (int i = 0; i < 10000; ++i) {
    const double real = std::ldexp(mant(rng), i % 40 - 30);
    const auto m = quantize_multiplier(real);
    ASSERT_GE(m.multiplier, 1 << 30);
    const double back = std::ldexp(static_cast<double>(m.multiplier), m.shift - 31);
    ASSERT_LE(std::fabs(back - real), std::ldexp(real, -31)) << real;  // half an ulp of 31 bits
  }
}

TEST(QuantizeMultiplier, RangeCheckedVariants) {
  EXPECT_FALSE(quantize_multiplier_smaller_than_one(1.0));
  EXPECT_FALSE(quantize_multiplier_smaller_than_one(0.0));
  EXPECT_EQ(quantize_multiplier_smaller_than_one(0.25)->shift, -1);
  EXPECT_FALSE(quantize_multiplier_greater_than_one(1.0));
  EXPECT_EQ(quantize_multiplier_greater_than_one(8.0)->shift, 4);
}

TEST(ActivationRange, QuantizesClampBounds) {
  auto r = activation_range_int8(Activation::None, 0.1f, 3);
  EXPECT_EQ(r.min, -128);
  EXPECT_EQ(r.max, 127);
  r = activation_range_int8(Activation::Relu, 0.1f, 10);
  EXPECT_EQ(r.min, 10);
  EXPECT_EQ(r.max, 127);
  r = activation_range_int8(Activation::Relu6, 6.0f / 255, -128);  // 6 / (6/255) = 255
  EXPECT_EQ(r.min, -128);
  EXPECT_EQ(r.max, 127);
  r = activation_range_int8(Activation::Relu6, 0.05f, -100);  // 6 / 0.05 = 120
  EXPECT_EQ(r.min, -100);
  EXPECT_EQ(r.max, 20);
  r = activation_range_int8(Activation::ReluN1To1, 1.0f / 64, 0);
  EXPECT_EQ(r.min, -64);
  EXPECT_EQ(r.max, 64);
}

TEST(WindowDim, SameAndValidPadding) {
  auto d = window_dim(Padding::Same, 96, 3, 2, 1);  // total padding 47*2 + 3 - 96 = 1
  EXPECT_EQ(d.out, 48);
  EXPECT_EQ(d.pad_before, 0);
  d = window_dim(Padding::Same, 7, 3, 1, 1);
  EXPECT_EQ(d.out, 7);
  EXPECT_EQ(d.pad_before, 1);
  d = window_dim(Padding::Same, 10, 3, 1, 2);  // effective filter 5: total 4
  EXPECT_EQ(d.out, 10);
  EXPECT_EQ(d.pad_before, 2);
  d = window_dim(Padding::Valid, 80, 3, 2, 1);
  EXPECT_EQ(d.out, 39);
  EXPECT_EQ(d.pad_before, 0);
  d = window_dim(Padding::Same, 49, 10, 2, 1);  // KWS first conv: total 24*2 + 10 - 49 = 9
  EXPECT_EQ(d.out, 25);
  EXPECT_EQ(d.pad_before, 4);
}

TEST(SoftmaxScaling, HandWorked) {
  // beta 1, scale 1/16: 2^-4 * 2^26 = 2^22 -> (2^30, 23); radius 31 * 2^26 / 2^23 = 248.
  auto s = softmax_scaling(1.0f, 1.0f / 16);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->multiplier, 1 << 30);
  EXPECT_EQ(s->left_shift, 23);
  EXPECT_EQ(s->diff_min, -248);
  // scale 1/256: 2^18 -> (2^30, 19); radius 31 * 2^26 / 2^19 = 3968.
  s = softmax_scaling(1.0f, 1.0f / 256);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->left_shift, 19);
  EXPECT_EQ(s->diff_min, -3968);
  EXPECT_FALSE(softmax_scaling(1.0f, 1e-9f));  // beta * scale * 2^26 < 1
}

TEST(FoldMeanCount, DividesTheMultiplierByTheCount) {
  // 1.0 = (2^30, 1) over 49 elements: shift floor(log2 49) = 5, 2^35 / 49 = 701219150.
  const auto m = fold_mean_count({1 << 30, 1}, 49);
  EXPECT_EQ(m.multiplier, 701219150);
  EXPECT_EQ(m.shift, -4);
  EXPECT_NEAR(std::ldexp(double(m.multiplier), m.shift - 31), 1.0 / 49, 1e-9);
}

}  // namespace
