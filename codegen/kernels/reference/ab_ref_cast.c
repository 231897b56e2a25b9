/* CAST between integer types (TFLite Micro's static_cast per element): narrowing keeps the low
 * bits, as every compiler aotbench supports converts. The type switches sit outside the loops,
 * one plain loop per pair of types. */
#include "ab_ref_kernels.h"

#define AB_CAST_LOOP(in_t, out_t)                                              \
  for (ab_idx_t i = 0; i < p->size; ++i) ((out_t*)output)[i] = (out_t)((const in_t*)input)[i]; \
  break;

/* bool is read as a byte (0 or 1). */
#define AB_CAST_FROM(in_t)                                                     \
  switch (p->output_type) {                                                    \
    case AB_CAST_INT8: AB_CAST_LOOP(in_t, int8_t)                              \
    case AB_CAST_INT16: AB_CAST_LOOP(in_t, int16_t)                            \
    case AB_CAST_UINT32: AB_CAST_LOOP(in_t, uint32_t)                          \
    default: AB_CAST_LOOP(in_t, int32_t) /* AB_CAST_INT32 */                   \
  }                                                                            \
  break;

void ab_ref_cast(const ab_cast_params* p, const void* input, void* output) {
  switch (p->input_type) {
    case AB_CAST_INT8: AB_CAST_FROM(int8_t)
    case AB_CAST_INT16: AB_CAST_FROM(int16_t)
    case AB_CAST_INT32: AB_CAST_FROM(int32_t)
    case AB_CAST_UINT32: AB_CAST_FROM(uint32_t)
    default: AB_CAST_FROM(uint8_t) /* AB_CAST_BOOL */
  }
}
