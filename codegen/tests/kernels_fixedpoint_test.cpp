// Fixed-point helpers of ab_fixedpoint.h. Expectations come from hand-worked values, exact
// integer formulations (128-bit) and double-precision math where rounding is unambiguous.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "ab_fixedpoint.h"

namespace {

// ARM's definition of VQRDMULH: (2ab + 2^31) >> 32 with an arithmetic (flooring) shift,
// i.e. round to nearest with ties toward +infinity.
int64_t vqrdmulh(int32_t a, int32_t b) {
  const __int128 doubled = static_cast<__int128>(2) * a * b + (static_cast<__int128>(1) << 31);
  return static_cast<int64_t>(doubled >> 32);
}

TEST(FixedPoint, SrdhmHandWorked) {
  EXPECT_EQ(ab_srdhm(1 << 30, 1 << 30), 1 << 29);           // 0.5 * 0.5 = 0.25
  EXPECT_EQ(ab_srdhm(INT32_MIN, INT32_MIN), INT32_MAX);     // -1 * -1 saturates
  EXPECT_EQ(ab_srdhm(3, 1 << 30), 2);                       // 1.5: ties go up
  EXPECT_EQ(ab_srdhm(-3, 1 << 30), -1);                     // -1.5: ties go up
  EXPECT_EQ(ab_srdhm(5, 1 << 29), 1);                       // 1.25 -> 1
  EXPECT_EQ(ab_srdhm(INT32_MIN, INT32_MAX), -INT32_MAX);
}

TEST(FixedPoint, SrdhmMatchesArmDefinition) {
  std::mt19937 rng(1);
  std::uniform_int_distribution<int32_t> any(INT32_MIN, INT32_MAX);
  for (int i = 0; i < 100000; ++i) {
    const int32_t a = any(rng), b = any(rng);
    if (a == INT32_MIN && b == INT32_MIN) continue;
    ASSERT_EQ(ab_srdhm(a, b), vqrdmulh(a, b)) << a << " " << b;
  }
}

TEST(FixedPoint, RoundingDivideByPowerOfTwoMatchesDouble) {
  EXPECT_EQ(ab_rdbpot(5, 1), 3);    // 2.5 -> 3
  EXPECT_EQ(ab_rdbpot(-5, 1), -3);  // -2.5 -> -3
  EXPECT_EQ(ab_rdbpot(-4, 1), -2);
  EXPECT_EQ(ab_rdbpot(7, 0), 7);
  EXPECT_EQ(ab_rdbpot(INT32_MIN, 31), -1);
  std::mt19937 rng(2);
  std::uniform_int_distribution<int32_t> any(INT32_MIN, INT32_MAX);
  for (int i = 0; i < 100000; ++i) {
    const int32_t x = any(rng);
    const int e = i % 32;
    // x / 2^e is exact in double; std::round rounds ties away from zero.
    ASSERT_EQ(ab_rdbpot(x, e), static_cast<int32_t>(std::round(std::ldexp(double(x), -e))))
        << x << " >> " << e;
  }
}

TEST(FixedPoint, SaturatingRoundingMultiplyByPowerOfTwo) {
  EXPECT_EQ(ab_srmbpot(3, 2), 12);
  EXPECT_EQ(ab_srmbpot(1 << 29, 2), INT32_MAX);
  EXPECT_EQ(ab_srmbpot(-(1 << 29), 2), INT32_MIN);
  EXPECT_EQ(ab_srmbpot((1 << 29) - 1, 2), ((1 << 29) - 1) * 4);
  EXPECT_EQ(ab_srmbpot(6, -2), 2);  // 1.5 -> 2
  EXPECT_EQ(ab_srmbpot(-9, 0), -9);
}

TEST(FixedPoint, MultiplyByQuantizedMultiplierRoundsTwice) {
  EXPECT_EQ(ab_mbqm(100, 1 << 30, 0), 50);  // * 0.5
  EXPECT_EQ(ab_mbqm(7, 1 << 30, 1), 7);     // * 1.0 (multiplier 0.5, shift +1)
  EXPECT_EQ(ab_mbqm(-7, 1 << 30, 1), -7);
  // 5 * 0.25 = 1.25, but double rounding gives 2: 5 * 0.5 = 2.5 -> 3, then 3 / 2 = 1.5 -> 2.
  EXPECT_EQ(ab_mbqm(5, 1 << 30, -1), 2);
  // -5 * 0.5 = -2.5 -> -2 (the first rounding's ties go up), then -2 / 2 = -1.
  EXPECT_EQ(ab_mbqm(-5, 1 << 30, -1), -1);
  // -7 * 0.5 = -3.5 -> -3, then -3 / 2 = -1.5 -> -2 (the second rounding's ties go away from 0).
  EXPECT_EQ(ab_mbqm(-7, 1 << 30, -1), -2);
  EXPECT_EQ(ab_mbqm(3, 1 << 30, 3), 12);    // * 4
}

TEST(FixedPoint, MultiplyByQuantizedMultiplierWithinOneOfExact) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int32_t> mult(1 << 30, INT32_MAX);
  std::uniform_int_distribution<int32_t> x_dist(-(1 << 24), 1 << 24);
  for (int i = 0; i < 100000; ++i) {
    const int32_t m = mult(rng), x = x_dist(rng);
    const int shift = -(i % 20);
    const double exact = std::ldexp(double(x) * double(m), shift - 31);
    ASSERT_LE(std::fabs(ab_mbqm(x, m, shift) - exact), 1.0) << x << " " << m << " " << shift;
  }
}

TEST(FixedPoint, GreaterAndSmallerThanOneVariantsAgreeWithGeneral) {
  for (int32_t x = -1000; x <= 1000; x += 7) {
    EXPECT_EQ(ab_mbqm_gt_one(x, 1518500250, 3), ab_mbqm(x, 1518500250, 3));
    EXPECT_EQ(ab_mbqm_lt_one(x << 12, 1518500250, -5), ab_mbqm(x << 12, 1518500250, -5));
  }
}

TEST(FixedPoint, CountLeadingZeros) {
  EXPECT_EQ(ab_clz32(0), 32);
  EXPECT_EQ(ab_clz32(1), 31);
  EXPECT_EQ(ab_clz32(0x80000000u), 0);
  EXPECT_EQ(ab_clz32(0x00010000u), 15);
}

double q_to_double(int32_t raw, int integer_bits) { return std::ldexp(double(raw), integer_bits - 31); }

TEST(FixedPoint, ExpOnNegativeValuesTracksExp) {
  EXPECT_EQ(ab_fp_exp_on_negative_values(0, 5), INT32_MAX);  // exp(0) = "one"
  for (int integer_bits : {0, 3, 5, 8}) {
    const double lo = -std::min(31.0, std::ldexp(1.0, integer_bits) - 1e-3);
    for (double x = lo; x < 0; x += (0 - lo) / 997) {
      const int32_t raw = static_cast<int32_t>(std::ldexp(x, 31 - integer_bits));
      const double got = q_to_double(ab_fp_exp_on_negative_values(raw, integer_bits), 0);
      ASSERT_NEAR(got, std::exp(q_to_double(raw, integer_bits)), 1e-6) << x << " Q" << integer_bits;
    }
  }
}

TEST(FixedPoint, ExpClampsBelowMinus32ForWideFormats) {
  const int bits = 8;  // Q8: -40 is representable
  EXPECT_EQ(ab_fp_exp_on_negative_values(static_cast<int32_t>(std::ldexp(-40.0, 31 - bits)), bits), 0);
}

TEST(FixedPoint, OneOverOnePlusX) {
  for (double x = 0; x < 1; x += 1.0 / 1024) {
    const int32_t raw = static_cast<int32_t>(std::ldexp(x, 31));
    const double got = q_to_double(ab_fp_one_over_one_plus_x(raw), 0);
    ASSERT_NEAR(got, 1.0 / (1.0 + x), 1e-8) << x;
  }
}

TEST(FixedPoint, ReciprocalOfAccumulatorValue) {
  for (double v : {1.0, 1.25, 2.0, 3.7, 100.5, 2047.0}) {
    const int32_t raw = static_cast<int32_t>(std::ldexp(v, 31 - 12));  // Q12.19
    int bits = 0;
    const int32_t mantissa = ab_fp_reciprocal(raw, 12, &bits);
    ASSERT_NEAR(std::ldexp(q_to_double(mantissa, 0), -bits), 1.0 / v, 1e-6 / v) << v;
  }
}

TEST(FixedPoint, RoundfTiesAwayFromZero) {
  EXPECT_EQ(ab_roundf(0.5f), 1.0f);
  EXPECT_EQ(ab_roundf(-0.5f), -1.0f);
  EXPECT_EQ(ab_roundf(2.5f), 3.0f);
  EXPECT_EQ(ab_roundf(-2.5f), -3.0f);
  EXPECT_EQ(ab_roundf(0.49999997f), 0.0f);
  EXPECT_EQ(ab_roundf(8388607.5f), 8388608.0f);
  EXPECT_EQ(ab_roundf(1e20f), 1e20f);
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> any(-1e7f, 1e7f);
  for (int i = 0; i < 100000; ++i) {
    const float x = any(rng) / float(1 + i % 1000);
    ASSERT_EQ(ab_roundf(x), std::round(x)) << x;
  }
}

TEST(FixedPoint, FloatToIntSaturates) {
  EXPECT_EQ(ab_f32_to_i32_sat(3e9f), INT32_MAX);
  EXPECT_EQ(ab_f32_to_i32_sat(-3e9f), INT32_MIN);
  EXPECT_EQ(ab_f32_to_i32_sat(-7.0f), -7);
}

}  // namespace
