/* CAST between integer types (TFLite Micro's static_cast per element): narrowing keeps the low
 * bits, as every compiler aotbench supports converts. */
#include "ab_ref_kernels.h"

static int32_t load(ab_cast_type type, const void* data, ab_idx_t i) {
  switch (type) {
    case AB_CAST_INT8: return ((const int8_t*)data)[i];
    case AB_CAST_INT16: return ((const int16_t*)data)[i];
    case AB_CAST_INT32: return ((const int32_t*)data)[i];
    case AB_CAST_UINT32: return (int32_t)((const uint32_t*)data)[i]; /* keeps the bits */
    default: return ((const uint8_t*)data)[i]; /* AB_CAST_BOOL */
  }
}

void ab_ref_cast(const ab_cast_params* p, const void* input, void* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const int32_t v = load((ab_cast_type)p->input_type, input, i);
    switch (p->output_type) {
      case AB_CAST_INT8: ((int8_t*)output)[i] = (int8_t)v; break;
      case AB_CAST_INT16: ((int16_t*)output)[i] = (int16_t)v; break;
      case AB_CAST_UINT32: ((uint32_t*)output)[i] = (uint32_t)v; break;
      default: ((int32_t*)output)[i] = v; break; /* AB_CAST_INT32 */
    }
  }
}
