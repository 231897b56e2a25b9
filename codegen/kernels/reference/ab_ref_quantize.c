/* QUANTIZE reference kernel: float32 -> int8/int16 (TFLite's AffineQuantize, float division and
 * round-half-away-from-zero) or requantization between integer types (TFLite's Requantize). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

static int32_t affine(const ab_quantize_params* p, float x, int32_t lo, int32_t hi) {
  const int64_t q = (int64_t)ab_f32_to_i32_sat(ab_roundf(x / p->scale)) + p->output_zero_point;
  return q < lo ? lo : (q > hi ? hi : (int32_t)q);
}

/* int32 inputs far from their zero point wrap as in TFLite (never in a sane model). */
static int32_t requantize(const ab_quantize_params* p, int32_t v) {
  const int32_t r = ab_mbqm(ab_wrap_sub(v, p->input_zero_point), p->multiplier, p->shift);
  return ab_wrap_add(r, p->output_zero_point);
}

/* One loop per pair of element types: in[i] requantized, clamped to the output type's range. */
#define AB_REQUANTIZE_LOOP(IN_T, OUT_T, LO, HI)                                      \
  do {                                                                              \
    const IN_T* in = (const IN_T*)input;                                            \
    OUT_T* out = (OUT_T*)output;                                                    \
    for (ab_idx_t i = 0; i < p->size; ++i) {                                        \
      out[i] = (OUT_T)ab_clamp_i32(requantize(p, in[i]), LO, HI);                   \
    }                                                                               \
  } while (0)

/* The loops read a local copy of the parameters: a store through an 8-bit output may alias the
 * caller's struct, which would make the compiler reload every field for every element. */
void ab_ref_quantize(const ab_quantize_params* params, const void* input, void* output) {
  const ab_quantize_params local = *params;
  const ab_quantize_params* p = &local;
  switch (p->kind) {
    case AB_QUANTIZE_F32_TO_S8: {
      const float* in = (const float*)input;
      int8_t* out = (int8_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int8_t)affine(p, in[i], INT8_MIN, INT8_MAX);
      break;
    }
    case AB_QUANTIZE_F32_TO_S16: {
      const float* in = (const float*)input;
      int16_t* out = (int16_t*)output;
      for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int16_t)affine(p, in[i], INT16_MIN, INT16_MAX);
      break;
    }
    case AB_REQUANTIZE_S8_TO_S8: AB_REQUANTIZE_LOOP(int8_t, int8_t, INT8_MIN, INT8_MAX); break;
    case AB_REQUANTIZE_S8_TO_U8: AB_REQUANTIZE_LOOP(int8_t, uint8_t, 0, UINT8_MAX); break;
    case AB_REQUANTIZE_U8_TO_S8: AB_REQUANTIZE_LOOP(uint8_t, int8_t, INT8_MIN, INT8_MAX); break;
    case AB_REQUANTIZE_S8_TO_S16: AB_REQUANTIZE_LOOP(int8_t, int16_t, INT16_MIN, INT16_MAX); break;
    case AB_REQUANTIZE_S8_TO_S32: AB_REQUANTIZE_LOOP(int8_t, int32_t, INT32_MIN, INT32_MAX); break;
    case AB_REQUANTIZE_S16_TO_S8: AB_REQUANTIZE_LOOP(int16_t, int8_t, INT8_MIN, INT8_MAX); break;
    case AB_REQUANTIZE_S16_TO_S16: AB_REQUANTIZE_LOOP(int16_t, int16_t, INT16_MIN, INT16_MAX); break;
    case AB_REQUANTIZE_S16_TO_S32: AB_REQUANTIZE_LOOP(int16_t, int32_t, INT32_MIN, INT32_MAX); break;
    case AB_REQUANTIZE_S32_TO_S8: AB_REQUANTIZE_LOOP(int32_t, int8_t, INT8_MIN, INT8_MAX); break;
    case AB_REQUANTIZE_S32_TO_S16: AB_REQUANTIZE_LOOP(int32_t, int16_t, INT16_MIN, INT16_MAX); break;
  }
}

#undef AB_REQUANTIZE_LOOP
