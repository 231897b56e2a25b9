/* RSQRT of int8 and int16 (TFLite Micro's RsqrtEvalQuantized): 1/sqrt of the input's distance to
 * its zero point as a multiplier, applied to 1 with 20 bits to spare, then rescaled. int8 runs
 * at generation time only, filling ab_ref_lookup_s8's table. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

enum { kExtraBits = 20 };

static int32_t rsqrt(const ab_rsqrt_params* p, int32_t x, int32_t highest) {
  const int32_t v = x - p->input_zero_point;
  if (v <= 0) return highest;
  int32_t inv_multiplier = INT32_MAX, inv_shift = 0; /* 1/sqrt(1) */
  if (v > 1) ab_fp_inv_sqrt(v, &inv_multiplier, &inv_shift);
  const int32_t scaled = ab_mbqm(1, inv_multiplier, inv_shift + kExtraBits);
  return ab_mbqm(scaled, p->multiplier, p->shift - kExtraBits) + p->output_zero_point;
}

void ab_ref_rsqrt(const ab_rsqrt_params* p, const void* input, void* output) {
  if (p->type == AB_ELEM_INT16) {
    const int16_t* in = (const int16_t*)input;
    int16_t* out = (int16_t*)output;
    for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int16_t)ab_clamp_i32(rsqrt(p, in[i], INT16_MAX), INT16_MIN, INT16_MAX);
  } else {
    const int8_t* in = (const int8_t*)input;
    int8_t* out = (int8_t*)output;
    for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int8_t)ab_clamp_i32(rsqrt(p, in[i], INT8_MAX), INT8_MIN, INT8_MAX);
  }
}
