/* REDUCE_MAX and REDUCE_MIN reference kernel, int8 (TFLite Micro's ReduceGeneric with a max or
 * min reducer): every output is the extreme of its reduced elements. The extreme of a set does
 * not depend on the order it is walked in, so each output is finished before the next. */
#include "ab_ref_kernels.h"
#include "ab_ref_reduce.h"

static int8_t extreme_reduced(const ab_reduce_split* s, const int8_t* base, int want_max) {
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t off = 0;
  int8_t best = want_max ? INT8_MIN : INT8_MAX; /* the reference's initial value */
  for (ab_idx_t i = 0; i < s->red_count; ++i) {
    const int8_t v = base[off];
    if (want_max ? v > best : v < best) best = v;
    ab_nd_step(idx, &off, s->red_shape, s->red_stride, s->red_rank);
  }
  return best;
}

void ab_ref_reduce_max_min_s8(const ab_reduce_max_min_params* p, const int8_t* input, int8_t* output) {
  ab_reduce_split s;
  ab_reduce_split_dims(p->rank, p->in_shape, p->reduce, &s);
  const int want_max = p->extreme == AB_EXTREME_MAX;
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t base = 0;
  for (ab_idx_t o = 0; o < s.out_count; ++o) {
    output[o] = extreme_reduced(&s, input + base, want_max);
    ab_nd_step(idx, &base, s.kept_shape, s.kept_stride, s.kept_rank);
  }
}
