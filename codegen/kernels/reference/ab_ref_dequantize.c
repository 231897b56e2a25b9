/* DEQUANTIZE reference kernels: int8, int16 or uint8 -> float32. TFLite computes
 * (float)(double scale * (v - zp)); the double product of a float and an integer below 2^24 in
 * magnitude is exact, so one float multiplication rounds identically. */
#include "ab_ref_kernels.h"

#define AB_DEFINE_DEQUANTIZE(NAME, IN_T)                                            \
  void NAME(const ab_dequantize_params* p, const IN_T* input, float* output) {      \
    for (ab_idx_t i = 0; i < p->size; ++i) {                                       \
      output[i] = p->scale * (float)((int32_t)input[i] - p->zero_point);            \
    }                                                                              \
  }

AB_DEFINE_DEQUANTIZE(ab_ref_dequantize_s8_f32, int8_t)
AB_DEFINE_DEQUANTIZE(ab_ref_dequantize_s16_f32, int16_t)
AB_DEFINE_DEQUANTIZE(ab_ref_dequantize_u8_f32, uint8_t)

#undef AB_DEFINE_DEQUANTIZE
