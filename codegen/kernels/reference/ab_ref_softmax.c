/* SOFTMAX reference kernels (TFLite Micro's). int8 input: fixed-point exp of the scaled
 * difference to the row maximum in Q5.26 -> Q0.31, sum in Q12.19, one reciprocal per row, output
 * int8 or int16. int16 input: exp and 1 / (1 + x) read from interpolated 513-entry tables. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

enum { kScaledDiffIntegerBits = 5, kAccumulationIntegerBits = 12 };

/* exp((x - row_max) * beta * input_scale) as Q0.31, or -1 when below diff_min. */
static int32_t row_exp(const ab_softmax_params* p, int32_t diff) {
  if (diff < p->diff_min) return -1;
  const int32_t scaled = ab_mbqm_gt_one(diff, p->input_multiplier, p->input_left_shift);
  return ab_fp_exp_on_negative_values(scaled, kScaledDiffIntegerBits);
}

/* One row of int8 input; outputs of `output_bits` bits (8 or 16) offset by their minimum, as
 * TFLite writes probabilities with the output's lowest value as zero point. */
static void softmax_s8_row(const ab_softmax_params* p, const int8_t* in, void* output,
                           int output_bits) {
  int32_t max = INT8_MIN;
  for (ab_idx_t c = 0; c < p->depth; ++c) {
    if (in[c] > max) max = in[c];
  }
  int32_t sum_of_exps = 0; /* Q12.19 */
  for (ab_idx_t c = 0; c < p->depth; ++c) {
    const int32_t e = row_exp(p, (int32_t)in[c] - max);
    if (e >= 0) sum_of_exps = ab_wrap_add(sum_of_exps, ab_srmbpot(e, -kAccumulationIntegerBits));
  }
  int num_bits_over_unit = 0;
  const int32_t scale = ab_fp_reciprocal(sum_of_exps, kAccumulationIntegerBits, &num_bits_over_unit);
  const int exponent = num_bits_over_unit + 31 - output_bits;
  const int32_t lowest = -((int32_t)1 << (output_bits - 1));
  const int32_t highest = ((int32_t)1 << (output_bits - 1)) - 1;
  for (ab_idx_t c = 0; c < p->depth; ++c) {
    const int32_t e = row_exp(p, (int32_t)in[c] - max);
    const int32_t y = e < 0 ? lowest
                            : ab_clamp_i32(ab_rdbpot(ab_srdhm(scale, e), exponent) + lowest,
                                           lowest, highest);
    if (output_bits == 8) {
      ((int8_t*)output)[c] = (int8_t)y;
    } else {
      ((int16_t*)output)[c] = (int16_t)y;
    }
  }
}

void ab_ref_softmax_s8(const ab_softmax_params* p, const int8_t* input, int8_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    softmax_s8_row(p, input + row * p->depth, output + row * p->depth, 8);
  }
}

void ab_ref_softmax_s8_s16(const ab_softmax_params* p, const int8_t* input, int16_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    softmax_s8_row(p, input + row * p->depth, output + row * p->depth, 16);
  }
}

/* TFLite's int16 table lookup: the top 9 bits of x pick an entry, the low 7 interpolate
 * towards the next one. */
static int16_t table_s16(const int16_t* table, int32_t x) {
  const int32_t index = 256 + (x >> 7);
  const int32_t offset = x & 0x7f;
  const int32_t base = table[index];
  const int32_t slope = (int16_t)(table[index + 1] - table[index]);
  return (int16_t)(base + ((slope * offset + 64) >> 7));
}

void ab_ref_softmax_s16(const ab_softmax_s16_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t row = 0; row < p->outer_size; ++row) {
    const int16_t* in = input + row * p->depth;
    int16_t* out = output + row * p->depth;
    int32_t max = INT16_MIN;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      if (in[c] > max) max = in[c];
    }
    /* exp(x - max) in Q0.15, kept in the output until the sum is known. */
    int32_t sum_of_exps = 0;
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t scaled = ab_mbqm((int32_t)in[c] - max, p->input_multiplier, p->input_shift);
      out[c] = table_s16(p->exp_table, ab_clamp_i32(scaled + 32767, INT16_MIN, INT16_MAX));
      sum_of_exps += out[c];
    }
    /* 1 / sum: the sum normalized to [1, 2) in Q1.14 minus one, recentred on the table. */
    const int headroom_plus_one = ab_clz32((uint32_t)sum_of_exps);
    const int32_t shifted_sum =
        (int32_t)((((int64_t)sum_of_exps << (headroom_plus_one - 1)) + (1 << 13)) >> 14);
    const int32_t reciprocal = table_s16(
        p->reciprocal_table, ab_clamp_i32(shifted_sum - (1 << 15) - (1 << 16), INT16_MIN, INT16_MAX));
    const int right_shift = 31 - headroom_plus_one;
    const int64_t round = (int64_t)1 << (right_shift - 1);
    for (ab_idx_t c = 0; c < p->depth; ++c) {
      const int32_t y = (int32_t)(((int64_t)out[c] * reciprocal + round) >> right_shift);
      out[c] = (int16_t)ab_clamp_i32(y, 0, INT16_MAX);
    }
  }
}
