/* DEQUANTIZE int8 -> float32 reference kernel. TFLite computes (float)(double scale * (v - zp));
 * the double product of a float and a small integer is exact, so one float multiplication
 * rounds identically. */
#include "ab_ref_kernels.h"

void ab_ref_dequantize_s8_f32(const ab_dequantize_params* p, const int8_t* input,
                              float* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    output[i] = p->scale * (float)((int32_t)input[i] - p->zero_point);
  }
}
