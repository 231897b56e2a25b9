/* LOG_SOFTMAX int8 -> int8 reference kernel (TFLite Micro's LogSoftmaxQuantized): output
 * (x - max) - log(sum exp(x - max)) in Q4.3 (scale 16/256) offset to 127; the exps summed in
 * Q12.19 as for SOFTMAX, their log taken in Q5.26. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

enum { kInputIntegerBits = 5, kAccumulationIntegerBits = 12, kOutputIntegerBits = 4 };

static int32_t scaled_diff(const ab_log_softmax_params* p, int32_t diff) {
  return ab_mbqm(diff, p->input_multiplier, p->input_left_shift); /* Q5.26 */
}

void ab_ref_log_softmax_s8(const ab_log_softmax_params* p, const int8_t* input, int8_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    const int8_t* in = input + row * p->depth;
    int8_t* out = output + row * p->depth;
    int32_t max = INT8_MIN;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      if (in[c] > max) max = in[c];
    }
    int32_t sum_of_exps = 0; /* Q12.19 */
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t diff = (int32_t)in[c] - max;
      if (diff < p->diff_min) continue;
      const int32_t e = ab_fp_exp_on_negative_values(scaled_diff(p, diff), kInputIntegerBits);
      sum_of_exps = ab_wrap_add(sum_of_exps, ab_srmbpot(e, -kAccumulationIntegerBits));
    }
    const int32_t log_sum = ab_fp_log_x_ge_1(sum_of_exps, kAccumulationIntegerBits, kInputIntegerBits);
    /* Differences whose result would fall below Q5.26's range give the lowest output. */
    const int32_t rescaled_min =
        ab_mbqm(ab_wrap_add(log_sum, INT32_MIN), p->reverse_scaling_divisor, p->reverse_scaling_shift);
    const int32_t adjusted_diff_min = rescaled_min > p->diff_min - 1 ? rescaled_min : p->diff_min - 1;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t diff = (int32_t)in[c] - max;
      if (diff <= adjusted_diff_min) {
        out[c] = INT8_MIN;
        continue;
      }
      const int32_t y = ab_rdbpot(ab_wrap_sub(scaled_diff(p, diff), log_sum),
                                  31 - kInputIntegerBits - kOutputIntegerBits) + INT8_MAX;
      out[c] = (int8_t)ab_clamp_i32(y, INT8_MIN, INT8_MAX);
    }
  }
}
