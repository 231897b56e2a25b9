/* L2_NORMALIZATION int8 reference kernel (TFLite Micro's L2Normalization): each row of the last
 * dimension divided by its L2 norm with gemmlowp's fixed-point inverse square root; the output
 * is in units of 1/128 whatever the output tensor's quantization says (TFLite Micro ignores it). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* 1/sqrt(x) for x >= 0 as a multiplier and a right shift (TFLite's
 * GetInvSqrtQuantizedMultiplierExp with reverse_shift -1): x <= 1 gives (INT32_MAX, 0). */
static void inv_sqrt_multiplier(int32_t x, int32_t* multiplier, int32_t* right_shift) {
  if (x <= 1) {
    *multiplier = INT32_MAX;
    *right_shift = 0;
    return;
  }
  /* Normalize x into [2^27, 2^29) by an even number of bits, counting the square root's shift. */
  int32_t shift = 11;
  while (x >= (1 << 29)) {
    x /= 4;
    ++shift;
  }
  const int pairs = (ab_clz32((uint32_t)x) - 1) / 2 - 1;
  shift -= pairs;
  x = ab_wrap_shl(x, 2 * pairs);
  /* Newton-Raphson on y = 1/sqrt(x) in Q3.28 from y = 1, five steps:
   * y = 3/2 y - x/2 y^3. Products of two Q3 values are Q6, of three Q9. */
  const int32_t half_x = ab_rdbpot(x >> 1, 1);
  const int32_t three_halves = (1 << 28) + (1 << 27);
  int32_t y = 1 << 28;
  for (int i = 0; i < 5; ++i) {
    const int32_t y3 = ab_srmbpot(ab_srdhm(ab_srdhm(y, y), y), 6);
    y = ab_srmbpot(ab_wrap_sub(ab_srdhm(three_halves, y), ab_srdhm(half_x, y3)), 3);
  }
  int32_t m = ab_srdhm(y, 1518500250); /* times sqrt(2)/2 in Q0.31 */
  if (shift < 0) {
    m = ab_wrap_shl(m, -shift);
    shift = 0;
  }
  *multiplier = m;
  *right_shift = shift;
}

void ab_ref_l2_normalization_s8(const ab_l2_normalization_params* p, const int8_t* input,
                                int8_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    const int8_t* x = input + row * p->depth;
    int8_t* y = output + row * p->depth;
    int32_t sum_of_squares = 0;
    for (ab_idx_t i = 0; i < p->depth; ++i) {
      const int32_t v = x[i] - p->input_zero_point;
      sum_of_squares += v * v;
    }
    int32_t multiplier, right_shift;
    inv_sqrt_multiplier(sum_of_squares, &multiplier, &right_shift);
    /* The output's 7 fractional bits are folded into the shift. */
    for (ab_idx_t i = 0; i < p->depth; ++i) {
      const int32_t v = x[i] - p->input_zero_point;
      y[i] = (int8_t)ab_clamp_i32(ab_mbqm(v, multiplier, 7 - right_shift), -128, 127);
    }
  }
}
