/* SOFTMAX int8 -> int8 reference kernel (TFLite's fixed-point softmax): exp of the scaled
 * difference to the row maximum in Q5.26 -> Q0.31, sum in Q12.19, one reciprocal per row. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

enum { kScaledDiffIntegerBits = 5, kAccumulationIntegerBits = 12 };

/* exp((x - row_max) * beta * input_scale) as Q0.31, or -1 when below diff_min. */
static int32_t row_exp(const ab_softmax_params* p, int32_t diff) {
  if (diff < p->diff_min) return -1;
  const int32_t scaled = ab_mbqm_gt_one(diff, p->input_multiplier, p->input_left_shift);
  return ab_fp_exp_on_negative_values(scaled, kScaledDiffIntegerBits);
}

void ab_ref_softmax_s8(const ab_softmax_params* p, const int8_t* input, int8_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    const int8_t* in = input + row * p->depth;
    int8_t* out = output + row * p->depth;
    int32_t max = INT8_MIN;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      if (in[c] > max) max = in[c];
    }
    int32_t sum_of_exps = 0; /* Q12.19 */
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t e = row_exp(p, (int32_t)in[c] - max);
      if (e >= 0) {
        sum_of_exps = ab_wrap_add(sum_of_exps, ab_srmbpot(e, -kAccumulationIntegerBits));
      }
    }
    int num_bits_over_unit = 0;
    const int32_t scale = ab_fp_reciprocal(sum_of_exps, kAccumulationIntegerBits,
                                           &num_bits_over_unit);
    const int exponent = num_bits_over_unit + 31 - 8;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t e = row_exp(p, (int32_t)in[c] - max);
      if (e < 0) {
        out[c] = INT8_MIN;
        continue;
      }
      const int32_t unsat = ab_rdbpot(ab_srdhm(scale, e), exponent);
      out[c] = (int8_t)ab_clamp_i32(unsat + INT8_MIN, INT8_MIN, INT8_MAX);
    }
  }
}
