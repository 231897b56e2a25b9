/* Internal helper of the reductions over a set of axes (MEAN, SUM, REDUCE_MAX, REDUCE_MIN): the
 * input's dimensions split into the kept ones, walked once per output in row-major order, and
 * the reduced ones, walked for each output. */
#ifndef AB_REF_REDUCE_H
#define AB_REF_REDUCE_H

#include <stdint.h>

#include "ab_ref_nd.h"

typedef struct ab_reduce_split {
  ab_idx_t kept_rank, red_rank;
  ab_idx_t kept_shape[AB_MAX_DIMS], kept_stride[AB_MAX_DIMS];
  ab_idx_t red_shape[AB_MAX_DIMS], red_stride[AB_MAX_DIMS];
  ab_idx_t out_count; /* outputs: the product of the kept dimensions */
  ab_idx_t red_count; /* elements reduced into each output */
} ab_reduce_split;

static inline void ab_reduce_split_dims(ab_idx_t rank, const ab_idx_t* shape, const uint8_t* reduce,
                                        ab_reduce_split* s) {
  ab_idx_t stride[AB_MAX_DIMS];
  ab_nd_strides(shape, rank, stride);
  s->kept_rank = 0;
  s->red_rank = 0;
  s->out_count = 1;
  s->red_count = 1;
  for (ab_idx_t d = 0; d < rank; ++d) {
    if (reduce[d]) {
      s->red_shape[s->red_rank] = shape[d];
      s->red_stride[s->red_rank++] = stride[d];
      s->red_count *= shape[d];
    } else {
      s->kept_shape[s->kept_rank] = shape[d];
      s->kept_stride[s->kept_rank++] = stride[d];
      s->out_count *= shape[d];
    }
  }
}

#endif /* AB_REF_REDUCE_H */
