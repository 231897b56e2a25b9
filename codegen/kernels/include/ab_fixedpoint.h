/* Integer arithmetic shared by all int8 kernels: the gemmlowp-style fixed-point primitives and
 * the default ("double rounding") requantization of TensorFlow Lite Micro's reference kernels.
 *
 * Numbers in fixed-point format Qk (k integer bits) are plain int32_t raw values whose real
 * value is raw / 2^(31-k). All functions are static inline so reference and optimized kernels
 * (and generated code) share one definition. Signed overflow never happens in C terms: where
 * TFLite relies on two's-complement wrap-around, the arithmetic is done in uint32_t. */
#ifndef AB_FIXEDPOINT_H
#define AB_FIXEDPOINT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Two's-complement wrapping add/sub/shift (what TFLite's int32 code does on every target). */
static inline int32_t ab_wrap_add(int32_t a, int32_t b) {
  return (int32_t)((uint32_t)a + (uint32_t)b);
}
static inline int32_t ab_wrap_sub(int32_t a, int32_t b) {
  return (int32_t)((uint32_t)a - (uint32_t)b);
}
static inline int32_t ab_wrap_shl(int32_t a, int shift) {
  return (int32_t)((uint32_t)a << shift);
}

/* a * b / 2^31 rounded to nearest with ties toward +infinity, saturating the single
 * overflow case (INT32_MIN * INT32_MIN). ARM's VQRDMULH: (2ab + 2^31) >> 32. */
static inline int32_t ab_srdhm(int32_t a, int32_t b) {
  if (a == b && a == INT32_MIN) {
    return INT32_MAX;
  }
  const int64_t ab = (int64_t)a * (int64_t)b;
  const int64_t nudge = ab >= 0 ? (int64_t)(1 << 30) : (int64_t)(1 - (1 << 30));
  return (int32_t)((ab + nudge) / ((int64_t)1 << 31));
}

/* x / 2^exponent rounded to nearest, ties away from zero; 0 <= exponent <= 31. */
static inline int32_t ab_rdbpot(int32_t x, int exponent) {
  const int32_t mask = (int32_t)(((int64_t)1 << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

/* x * 2^exponent for a signed exponent: saturating when shifting left, rounding (as
 * ab_rdbpot) when shifting right. gemmlowp's SaturatingRoundingMultiplyByPOT. */
static inline int32_t ab_srmbpot(int32_t x, int exponent) {
  if (exponent > 0) {
    const int32_t threshold = (int32_t)(((int64_t)1 << (31 - exponent)) - 1);
    if (x > threshold) return INT32_MAX;
    if (x < -threshold) return INT32_MIN;
    return ab_wrap_shl(x, exponent);
  }
  if (exponent < 0) {
    return ab_rdbpot(x, -exponent);
  }
  return x;
}

/* TFLite's MultiplyByQuantizedMultiplier (double rounding): x * multiplier * 2^shift where
 * multiplier is a Q0.31 value in [2^30, 2^31) (or 0) and shift is in [-31, 30]. */
static inline int32_t ab_mbqm(int32_t x, int32_t multiplier, int32_t shift) {
  const int left = shift > 0 ? (int)shift : 0;
  const int right = shift > 0 ? 0 : (int)-shift;
  return ab_rdbpot(ab_srdhm(ab_wrap_shl(x, left), multiplier), right);
}

/* MultiplyByQuantizedMultiplierGreaterThanOne: shift >= 0. */
static inline int32_t ab_mbqm_gt_one(int32_t x, int32_t multiplier, int32_t left_shift) {
  return ab_srdhm(ab_wrap_shl(x, (int)left_shift), multiplier);
}

/* MultiplyByQuantizedMultiplierSmallerThanOneExp: shift <= 0. */
static inline int32_t ab_mbqm_lt_one(int32_t x, int32_t multiplier, int32_t shift) {
  return ab_rdbpot(ab_srdhm(x, multiplier), (int)-shift);
}

/* TFLite's MultiplyByQuantizedMultiplier of a 64-bit accumulator (its 16-bit-activation kernels,
 * whose biases are int64): the multiplier rounded to its top 16 bits, then one rounding shift.
 * shift in [-31, 7], |x| < 2^47; the result is truncated to 32 bits as the reference's is. */
static inline int32_t ab_mbqm_i64(int64_t x, int32_t multiplier, int32_t shift) {
  const int64_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
  const int total_shift = 15 - (int)shift;
  return (int32_t)((x * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift);
}

/* Leading zero bits of x; 32 for x == 0. */
static inline int ab_clz32(uint32_t x) {
  if (x == 0) return 32;
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_clz(x);
#else
  int n = 0;
  while (!(x & 0x80000000u)) {
    x <<= 1;
    ++n;
  }
  return n;
#endif
}

/* Q0.31 constants of the gemmlowp fixed-point math functions. */
#define AB_FP_ONE_Q0 INT32_MAX
#define AB_FP_EXP_MINUS_ONE_EIGHTH 1895147668 /* exp(-1/8) */
#define AB_FP_ONE_THIRD 715827883             /* 1/3 */
#define AB_FP_48_OVER_17_Q2 1515870810        /* 48/17 in Q2.29 */
#define AB_FP_NEG_32_OVER_17_Q2 (-1010580540) /* -32/17 in Q2.29 */

/* exp(a) for a Q0.31 value a in [-1/4, 0): Taylor series around -1/8. Returns Q0.31. */
static inline int32_t ab_fp_exp_neg_quarter_to_0(int32_t a) {
  const int32_t x = ab_wrap_add(a, 1 << 28); /* a + 1/8 */
  const int32_t x2 = ab_srdhm(x, x);
  const int32_t x3 = ab_srdhm(x2, x);
  const int32_t x4 = ab_srdhm(x2, x2);
  const int32_t x4_over_4 = ab_rdbpot(x4, 2);
  const int32_t poly =
      ab_rdbpot(ab_wrap_add(ab_srdhm(ab_wrap_add(x4_over_4, x3), AB_FP_ONE_THIRD), x2), 1);
  return ab_wrap_add(AB_FP_EXP_MINUS_ONE_EIGHTH,
                     ab_srdhm(AB_FP_EXP_MINUS_ONE_EIGHTH, ab_wrap_add(x, poly)));
}

/* exp(a) for a <= 0 given in Q(integer_bits).(31-integer_bits), 0 <= integer_bits <= 30.
 * Returns Q0.31. gemmlowp's exp_on_negative_values: exp of the fractional quarter by
 * series, then one multiplication by exp(-2^k) per set bit of the rest. */
static inline int32_t ab_fp_exp_on_negative_values(int32_t a, int integer_bits) {
  static const int32_t k_exp_of_minus_pot[7] = {
      1672461947, /* exp(-1/4) */
      1302514674, /* exp(-1/2) */
      790015084,  /* exp(-1) */
      290630308,  /* exp(-2) */
      39332535,   /* exp(-4) */
      720401,     /* exp(-8) */
      242,        /* exp(-16) */
  };
  const int fractional_bits = 31 - integer_bits;
  const int32_t one_quarter = (int32_t)1 << (fractional_bits - 2);
  const int32_t mask = one_quarter - 1;
  const int32_t a_mod_quarter_minus_quarter = ab_wrap_sub(a & mask, one_quarter);
  int32_t result = ab_fp_exp_neg_quarter_to_0(ab_srmbpot(a_mod_quarter_minus_quarter, integer_bits));
  const int32_t remainder = ab_wrap_sub(a_mod_quarter_minus_quarter, a);
  for (int i = 0; i < 7; ++i) {
    const int exponent = i - 2; /* the bit worth 2^exponent */
    if (integer_bits > exponent) {
      const int bit = fractional_bits + exponent;
      if (remainder & (int32_t)((uint32_t)1 << bit)) {
        result = ab_srdhm(result, k_exp_of_minus_pot[i]);
      }
    }
  }
  if (integer_bits > 5) {
    const int32_t minus_32 = -((int32_t)1 << (36 - integer_bits));
    if (a < minus_32) result = 0;
  }
  if (a == 0) result = AB_FP_ONE_Q0;
  return result;
}

/* (a + b) / 2 rounded to nearest, ties away from zero (gemmlowp's RoundingHalfSum). */
static inline int32_t ab_rounding_half_sum(int32_t a, int32_t b) {
  const int64_t sum = (int64_t)a + (int64_t)b;
  const int64_t sign = sum >= 0 ? 1 : -1;
  return (int32_t)((sum + sign) / 2);
}

/* 1 / (1 + a) for a Q0.31 value a in [0, 1): three Newton-Raphson steps. Returns Q0.31. */
static inline int32_t ab_fp_one_over_one_plus_x(int32_t a) {
  const int32_t half_denominator = ab_rounding_half_sum(a, AB_FP_ONE_Q0); /* Q0 */
  int32_t x = ab_wrap_add(AB_FP_48_OVER_17_Q2,
                          ab_srdhm(half_denominator, AB_FP_NEG_32_OVER_17_Q2)); /* Q2 */
  for (int i = 0; i < 3; ++i) {
    const int32_t half_denominator_times_x = ab_srdhm(half_denominator, x);  /* Q2 */
    const int32_t one_minus = ab_wrap_sub((int32_t)1 << 29, half_denominator_times_x);
    x = ab_wrap_add(x, ab_srmbpot(ab_srdhm(x, one_minus), 2)); /* Q4 -> Q2 */
  }
  return ab_srmbpot(x, 1); /* x / 2 as Q1 -> Q0 */
}

/* Reciprocal of a positive Qx_integer_digits value x: returns 1/x as a Q0.31 mantissa and
 * sets *num_bits_over_unit so that 1/x = mantissa * 2^-num_bits_over_unit. */
static inline int32_t ab_fp_reciprocal(int32_t x, int x_integer_digits, int* num_bits_over_unit) {
  const int headroom_plus_one = ab_clz32((uint32_t)x);
  *num_bits_over_unit = x_integer_digits - headroom_plus_one;
  const int32_t shifted_minus_one =
      (int32_t)(((uint32_t)x << headroom_plus_one) - ((uint32_t)1 << 31));
  return ab_fp_one_over_one_plus_x(shifted_minus_one);
}

/* roundf(): nearest integer, ties away from zero, without libm. Exact for every float. */
static inline float ab_roundf(float x) {
  if (!(x < 8388608.0f && x > -8388608.0f)) {
    return x; /* |x| >= 2^23 is already integral (or NaN / infinity) */
  }
  int32_t t = (int32_t)x;             /* truncates toward zero */
  const float frac = x - (float)t;    /* exact: the fractional part of x */
  if (frac >= 0.5f) {
    t += 1;
  } else if (frac <= -0.5f) {
    t -= 1;
  }
  return (float)t;
}

/* Saturating float -> int32 conversion of an already integral value. */
static inline int32_t ab_f32_to_i32_sat(float x) {
  if (x >= 2147483648.0f) return INT32_MAX;
  if (x < -2147483648.0f) return INT32_MIN;
  if (x != x) return 0;
  return (int32_t)x;
}

static inline int32_t ab_clamp_i32(int32_t x, int32_t lo, int32_t hi) {
  return x < lo ? lo : (x > hi ? hi : x);
}

#ifdef __cplusplus
}
#endif

#endif /* AB_FIXEDPOINT_H */
