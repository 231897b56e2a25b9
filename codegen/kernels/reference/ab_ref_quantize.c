/* QUANTIZE reference kernel: float32 -> int8 (TFLite's AffineQuantize, float division and
 * round-half-away-from-zero) or 8-bit requantization (TFLite's Requantize). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

static int32_t affine(const ab_quantize_params* p, float x) {
  const int64_t q = (int64_t)ab_f32_to_i32_sat(ab_roundf(x / p->scale)) + p->output_zero_point;
  return q < INT8_MIN ? INT8_MIN : (q > INT8_MAX ? INT8_MAX : (int32_t)q);
}

static int32_t requantize(const ab_quantize_params* p, int32_t v) {
  return ab_mbqm(v - p->input_zero_point, p->multiplier, p->shift) + p->output_zero_point;
}

void ab_ref_quantize(const ab_quantize_params* p, const void* input, void* output) {
  switch (p->kind) {
    case AB_QUANTIZE_F32_TO_S8: {
      const float* in = (const float*)input;
      int8_t* out = (int8_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int8_t)affine(p, in[i]);
      break;
    }
    case AB_REQUANTIZE_S8_TO_S8: {
      const int8_t* in = (const int8_t*)input;
      int8_t* out = (int8_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) {
        out[i] = (int8_t)ab_clamp_i32(requantize(p, in[i]), INT8_MIN, INT8_MAX);
      }
      break;
    }
    case AB_REQUANTIZE_S8_TO_U8: {
      const int8_t* in = (const int8_t*)input;
      uint8_t* out = (uint8_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) {
        out[i] = (uint8_t)ab_clamp_i32(requantize(p, in[i]), 0, UINT8_MAX);
      }
      break;
    }
    default: { /* AB_REQUANTIZE_U8_TO_S8 */
      const uint8_t* in = (const uint8_t*)input;
      int8_t* out = (int8_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) {
        out[i] = (int8_t)ab_clamp_i32(requantize(p, in[i]), INT8_MIN, INT8_MAX);
      }
      break;
    }
  }
}
