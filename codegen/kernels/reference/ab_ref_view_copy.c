/* Strided view copy, shared by the data-movement operators. The lowering merges dimensions
 * that are contiguous on both sides, so the innermost one is usually a run of bytes. */
#include <string.h>

#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

/* One row of elements with strides: element by element in the element's own width (a memcpy
 * call per element would cost more than the copy). */
static void copy_strided(uint8_t* out, ab_idx_t out_stride, const uint8_t* in, ab_idx_t in_stride,
                         ab_idx_t n, ab_idx_t e) {
  switch (e) {
    case 1:
      for (ab_idx_t i = 0; i < n; ++i) out[i * out_stride] = in[i * in_stride];
      return;
    case 2:
      for (ab_idx_t i = 0; i < n; ++i) memcpy(out + 2 * i * out_stride, in + 2 * i * in_stride, 2);
      return;
    case 4:
      for (ab_idx_t i = 0; i < n; ++i) memcpy(out + 4 * i * out_stride, in + 4 * i * in_stride, 4);
      return;
    default:
      for (ab_idx_t i = 0; i < n; ++i) memcpy(out + e * i * out_stride, in + e * i * in_stride, (size_t)e);
  }
}

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
      copy_strided(out + at_out * e, p->out_stride[last], in + at_in * e, p->in_stride[last], run, e);
    }
    if (last > 0) {
      ab_nd_step(idx_in, &at_in, p->shape, p->in_stride, last);
      ab_nd_step(idx_out, &at_out, p->shape, p->out_stride, last);
    }
  }
}
