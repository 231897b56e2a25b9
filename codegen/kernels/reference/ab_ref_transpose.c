/* TRANSPOSE reference kernel for 1-byte elements: walks the output in order and reads the
 * input through the permuted strides. */
#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

void ab_ref_transpose_s8(const ab_transpose_params* p, const int8_t* input, int8_t* output) {
  ab_idx_t count = 1;
  for (ab_idx_t d = 0; d < p->rank; ++d) count *= p->out_shape[d];
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t in_off = 0;
  for (ab_idx_t o = 0; o < count; ++o) {
    output[o] = input[in_off];
    ab_nd_step(idx, &in_off, p->out_shape, p->in_stride, p->rank);
  }
}
