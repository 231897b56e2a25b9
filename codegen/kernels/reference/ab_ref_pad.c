/* PAD, PADV2 and MIRROR_PAD reference kernel: every output element is the input element at
 * its index minus `before`, or, outside the input, the pad value (constant mode) or the input
 * element mirrored at the border. Elements are moved as bytes, so one kernel serves every type. */
#include <string.h>

#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

/* The input coordinate read for output coordinate `at` along a dimension of n input elements,
 * or -1 where the constant padding is. The lowering keeps mirrored padding within the input. */
static ab_idx_t source_coordinate(int32_t mode, ab_idx_t at, ab_idx_t before, ab_idx_t n) {
  const ab_idx_t i = at - before;
  if (i >= 0 && i < n) return i;
  if (mode == AB_PAD_CONSTANT) return -1;
  const ab_idx_t border = mode == AB_PAD_REFLECT ? 1 : 0; /* REFLECT skips the border element */
  return i < 0 ? -i - 1 + border : 2 * n - 1 - i - border;
}

/* The pad value as one element of `bytes` bytes, in the machine's byte order. */
static void pad_element(int32_t value, ab_idx_t bytes, uint8_t* element) {
  const int8_t v8 = (int8_t)value;
  const int16_t v16 = (int16_t)value;
  const void* from = bytes == 1 ? (const void*)&v8 : bytes == 2 ? (const void*)&v16 : (const void*)&value;
  memcpy(element, from, (size_t)bytes);
}

/* Advances a row-major index over shape[0..rank) by one element. */
static void next_index(ab_idx_t* idx, const ab_idx_t* shape, ab_idx_t rank) {
  for (ab_idx_t d = rank - 1; d >= 0; --d) {
    if (++idx[d] < shape[d]) return;
    idx[d] = 0;
  }
}

void ab_ref_pad(const ab_pad_params* p, const void* input, void* output) {
  const uint8_t* in = (const uint8_t*)input;
  uint8_t* out = (uint8_t*)output;
  const ab_idx_t e = p->elem_bytes;
  uint8_t fill[4] = {0};
  pad_element(p->pad_value, e, fill);
  ab_idx_t in_stride[AB_MAX_DIMS];
  ab_nd_strides(p->in_shape, p->rank, in_stride);
  ab_idx_t count = 1;
  for (ab_idx_t d = 0; d < p->rank; ++d) count *= p->out_shape[d];
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  for (ab_idx_t o = 0; o < count; ++o) {
    int inside = 1;
    ab_idx_t at = 0;
    for (ab_idx_t d = 0; d < p->rank && inside; ++d) {
      const ab_idx_t i = source_coordinate(p->mode, idx[d], p->before[d], p->in_shape[d]);
      inside = i >= 0;
      at += i * in_stride[d];
    }
    memcpy(out + o * e, inside ? in + at * e : fill, (size_t)e);
    next_index(idx, p->out_shape, p->rank);
  }
}
