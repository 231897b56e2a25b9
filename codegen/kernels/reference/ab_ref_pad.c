/* PAD int8 reference kernel: constant padding with pad_value. */
#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

/* Input offset of output index idx, or -1 when idx lies in the padding. */
static ab_idx_t input_offset_of(const ab_pad_params* p, const ab_idx_t* idx,
                                const ab_idx_t* in_stride) {
  ab_idx_t off = 0;
  for (ab_idx_t d = 0; d < p->rank; ++d) {
    const ab_idx_t i = idx[d] - p->before[d];
    if (i < 0 || i >= p->in_shape[d]) return -1;
    off += i * in_stride[d];
  }
  return off;
}

void ab_ref_pad_s8(const ab_pad_params* p, const int8_t* input, int8_t* output) {
  ab_idx_t in_stride[AB_MAX_DIMS];
  ab_idx_t out_stride[AB_MAX_DIMS];
  ab_nd_strides(p->in_shape, p->rank, in_stride);
  ab_nd_strides(p->out_shape, p->rank, out_stride);
  const ab_idx_t out_count = p->rank > 0 ? out_stride[0] * p->out_shape[0] : 1;
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t out_off = 0;
  for (ab_idx_t o = 0; o < out_count; ++o) {
    const ab_idx_t in_off = input_offset_of(p, idx, in_stride);
    output[o] = in_off < 0 ? p->pad_value : input[in_off];
    ab_nd_step(idx, &out_off, p->out_shape, out_stride, p->rank);
  }
}
