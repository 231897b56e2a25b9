/* L2_NORMALIZATION int8 reference kernel (TFLite Micro's L2Normalization): each row of the last
 * dimension divided by its L2 norm with gemmlowp's fixed-point inverse square root; the output
 * is in units of 1/128 whatever the output tensor's quantization says (TFLite Micro ignores it). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

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
    /* TFLite takes a sum of squares of 0 or 1 as 1 (and 0 cannot divide). */
    int32_t multiplier = INT32_MAX, shift = 0;
    if (sum_of_squares > 1) ab_fp_inv_sqrt(sum_of_squares, &multiplier, &shift);
    /* The output's 7 fractional bits are folded into the shift. */
    for (ab_idx_t i = 0; i < p->depth; ++i) {
      const int32_t v = x[i] - p->input_zero_point;
      y[i] = (int8_t)ab_clamp_i32(ab_mbqm(v, multiplier, shift + 7), -128, 127);
    }
  }
}
