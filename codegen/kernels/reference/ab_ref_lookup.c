/* Table lookup of int8 -> int8 functions. The lowering evaluates TFLite Micro's arithmetic of
 * LOGISTIC, TANH, HARD_SWISH or RSQRT at every input value; nothing is left to compute here. */
#include "ab_ref_kernels.h"

void ab_ref_lookup_s8(const ab_lookup_params* p, const int8_t* input, int8_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) output[i] = p->table[(uint8_t)input[i]];
}
