/* FULLY_CONNECTED reference kernels (TFLite Micro's FullyConnected / ...PerChannel): int8, and
 * 16x8 (int16 activations, int8 weights) with an int64 or an int32 accumulator. */
#include <stddef.h>

#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* Defines `name`, which sums input row `in_row` times weight row `w_row`. One definition for
 * both input types. */
#define AB_FC_DOT(name, in_t, acc_t)                                                         \
  static acc_t name(const ab_fully_connected_params* p, const in_t* in_row,                  \
                    const int8_t* w_row) {                                                   \
    acc_t acc = 0;                                                                           \
    for (ab_idx_t d = 0; d < p->accum_depth; ++d) {                                          \
      acc += ((int32_t)w_row[d] + p->filter_offset) * ((int32_t)in_row[d] + p->input_offset); \
    }                                                                                        \
    return acc;                                                                              \
  }

AB_FC_DOT(fc_dot_s8, int8_t, int32_t)
/* 16x8: the exact sum; an int32 accumulator is this sum wrapped to 32 bits. */
AB_FC_DOT(fc_dot_s16, int16_t, int64_t)

static int32_t fc_multiplier(const ab_fully_connected_params* p, ab_idx_t o) {
  return p->per_channel_multiplier ? p->per_channel_multiplier[o] : p->output_multiplier;
}

static int32_t fc_shift(const ab_fully_connected_params* p, ab_idx_t o) {
  return p->per_channel_multiplier ? p->per_channel_shift[o] : p->output_shift;
}

void ab_ref_fully_connected_s8(const ab_fully_connected_params* p, const int8_t* input,
                               const int8_t* filter, const int32_t* bias, int8_t* output) {
  for (ab_idx_t b = 0; b < p->batches; ++b) {
    const int8_t* in_row = input + b * p->accum_depth;
    for (ab_idx_t o = 0; o < p->output_depth; ++o) {
      int32_t acc = fc_dot_s8(p, in_row, filter + o * p->accum_depth);
      if (bias) acc += bias[o];
      acc = ab_mbqm(acc, fc_multiplier(p, o), fc_shift(p, o));
      acc += p->output_offset;
      output[b * p->output_depth + o] = (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
    }
  }
}

/* 16x8. TFLite Micro accumulates in int64 with an int64 bias, or in int32 (wrapping) when the
 * bias is int32. */
static void fully_connected_s16(const ab_fully_connected_params* p, const int16_t* input,
                                const int8_t* filter, const int64_t* bias64,
                                const int32_t* bias32, int acc32, int16_t* output) {
  for (ab_idx_t b = 0; b < p->batches; ++b) {
    const int16_t* in_row = input + b * p->accum_depth;
    for (ab_idx_t o = 0; o < p->output_depth; ++o) {
      const int64_t sum = fc_dot_s16(p, in_row, filter + o * p->accum_depth);
      int32_t scaled;
      if (acc32) {
        int32_t acc = (int32_t)(uint32_t)(uint64_t)sum;
        if (bias32) acc = ab_wrap_add(acc, bias32[o]);
        scaled = ab_mbqm(acc, fc_multiplier(p, o), fc_shift(p, o));
      } else {
        scaled = ab_mbqm_i64(bias64 ? sum + bias64[o] : sum, fc_multiplier(p, o), fc_shift(p, o));
      }
      scaled += p->output_offset;
      output[b * p->output_depth + o] = (int16_t)ab_clamp_i32(scaled, p->act_min, p->act_max);
    }
  }
}

void ab_ref_fully_connected_s16(const ab_fully_connected_params* p, const int16_t* input,
                                const int8_t* filter, const int64_t* bias, int16_t* output) {
  fully_connected_s16(p, input, filter, bias, NULL, 0, output);
}

void ab_ref_fully_connected_s16_acc32(const ab_fully_connected_params* p, const int16_t* input,
                                      const int8_t* filter, const int32_t* bias,
                                      int16_t* output) {
  fully_connected_s16(p, input, filter, NULL, bias, 1, output);
}
