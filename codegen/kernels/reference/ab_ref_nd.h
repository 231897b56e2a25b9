/* Internal helpers of the shape-generic reference kernels: an N-dimensional "odometer" that
 * walks a shape in row-major order while tracking an element offset. */
#ifndef AB_REF_ND_H
#define AB_REF_ND_H

#include "ab_types.h"

/* Advances idx (row-major over shape[0..rank)) by one element and moves *offset along stride.
 * Wraps to all zeros after the last element. */
static inline void ab_nd_step(ab_idx_t* idx, ab_idx_t* offset, const ab_idx_t* shape,
                              const ab_idx_t* stride, ab_idx_t rank) {
  for (ab_idx_t d = rank - 1; d >= 0; --d) {
    ++idx[d];
    *offset += stride[d];
    if (idx[d] < shape[d]) return;
    *offset -= stride[d] * shape[d];
    idx[d] = 0;
  }
}

/* Row-major element strides of shape[0..rank). */
static inline void ab_nd_strides(const ab_idx_t* shape, ab_idx_t rank, ab_idx_t* stride) {
  ab_idx_t s = 1;
  for (ab_idx_t d = rank - 1; d >= 0; --d) {
    stride[d] = s;
    s *= shape[d];
  }
}

#endif /* AB_REF_ND_H */
