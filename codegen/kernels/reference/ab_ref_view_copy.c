/* Strided view copy, shared by the data-movement operators. The lowering merges dimensions
 * that are contiguous on both sides, so the innermost one is usually a run of bytes. */
#include <string.h>

#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

void ab_ref_view_copy(const ab_view_copy_params* p, const void* input, void* output) {
  const uint8_t* in = (const uint8_t*)input;
  uint8_t* out = (uint8_t*)output;
  const ab_idx_t e = p->elem_bytes;
  const ab_idx_t last = p->rank - 1;
  const ab_idx_t run = p->shape[last];
  /* Contiguous innermost dimension on both sides: one memcpy per row. */
  const int contiguous = p->in_stride[last] == 1 && p->out_stride[last] == 1;
  ab_idx_t rows = 1;
  for (ab_idx_t d = 0; d < last; ++d) rows *= p->shape[d];
  ab_idx_t idx_in[AB_MAX_VIEW_DIMS] = {0};
  ab_idx_t idx_out[AB_MAX_VIEW_DIMS] = {0};
  ab_idx_t at_in = p->in_offset;
  ab_idx_t at_out = p->out_offset;
  for (ab_idx_t r = 0; r < rows; ++r) {
    if (contiguous) {
      memcpy(out + at_out * e, in + at_in * e, (size_t)(run * e));
    } else {
      for (ab_idx_t i = 0; i < run; ++i) {
        memcpy(out + (at_out + i * p->out_stride[last]) * e, in + (at_in + i * p->in_stride[last]) * e,
               (size_t)e);
      }
    }
    if (last > 0) {
      ab_nd_step(idx_in, &at_in, p->shape, p->in_stride, last);
      ab_nd_step(idx_out, &at_out, p->shape, p->out_stride, last);
    }
  }
}
