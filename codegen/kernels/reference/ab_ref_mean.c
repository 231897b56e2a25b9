/* MEAN (and SUM) reference kernels, int8 and int16. Sums each output's reduced elements in
 * int32 (exact, so the order of summation does not matter and no scratch accumulator array is
 * needed; wrapping like the reference's accumulator should it ever overflow), then turns the sum
 * into the output with the arithmetic TFLite Micro used (ab_mean_mode). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"
#include "ab_ref_reduce.h"

#define AB_DEFINE_SUM_REDUCED(T)                                                  \
  static int32_t sum_reduced_##T(const ab_reduce_split* s, const T* base) {      \
    ab_idx_t idx[AB_MAX_DIMS] = {0};                                             \
    ab_idx_t off = 0;                                                            \
    int32_t sum = 0;                                                             \
    for (ab_idx_t i = 0; i < s->red_count; ++i) {                                \
      sum = ab_wrap_add(sum, base[off]);                                         \
      ab_nd_step(idx, &off, s->red_shape, s->red_stride, s->red_rank);           \
    }                                                                            \
    return sum;                                                                  \
  }
AB_DEFINE_SUM_REDUCED(int8_t)
AB_DEFINE_SUM_REDUCED(int16_t)
#undef AB_DEFINE_SUM_REDUCED

/* sum - input_zero_point * count, truncated to int32 as the reference's int64 difference is. */
static int32_t shifted_sum(const ab_mean_params* p, int32_t sum) {
  return ab_wrap_sub(sum, (int32_t)((uint32_t)p->input_zero_point * (uint32_t)p->count));
}

static int32_t mean_float(const ab_mean_params* p, int32_t sum) {
  const float mean = (float)sum / (float)p->count;
  /* volatile: the product must be rounded to float before the add, as in the x86 reference;
   * a fused multiply-add (e.g. Cortex-M4F VFMA) would change results. */
  volatile float scaled = mean * p->float_scale;
  float r = ab_roundf(scaled + p->float_bias) + (float)p->output_zero_point;
  if (r > 127.0f) r = 127.0f;
  if (r < -128.0f) r = -128.0f;
  return (int32_t)r;
}

/* The output value of one sum, clamped to [lo, hi]. */
static int32_t mean_finish(const ab_mean_params* p, int32_t sum, int32_t lo, int32_t hi) {
  switch (p->mode) {
    case AB_MEAN_INT_TRUNCATE:
      return sum / (int32_t)p->count;
    case AB_MEAN_FLOAT:
      return mean_float(p, sum);
    case AB_MEAN_INT_DIVIDE: {
      const int32_t count = (int32_t)p->count;
      int32_t acc = ab_mbqm(shifted_sum(p, sum), p->multiplier, p->shift);
      acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
      return ab_clamp_i32(acc + p->output_zero_point, lo, hi);
    }
    default: { /* AB_MEAN_INT_MULTIPLIER */
      const int32_t acc = ab_mbqm(shifted_sum(p, sum), p->multiplier, p->shift) + p->output_zero_point;
      return ab_clamp_i32(acc, lo, hi);
    }
  }
}

void ab_ref_mean_s8(const ab_mean_params* p, const int8_t* input, int8_t* output) {
  ab_reduce_split s;
  ab_reduce_split_dims(p->rank, p->in_shape, p->reduce, &s);
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t base = 0;
  for (ab_idx_t o = 0; o < s.out_count; ++o) {
    output[o] = (int8_t)mean_finish(p, sum_reduced_int8_t(&s, input + base), INT8_MIN, INT8_MAX);
    ab_nd_step(idx, &base, s.kept_shape, s.kept_stride, s.kept_rank);
  }
}

void ab_ref_mean_s16(const ab_mean_params* p, const int16_t* input, int16_t* output) {
  ab_reduce_split s;
  ab_reduce_split_dims(p->rank, p->in_shape, p->reduce, &s);
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t base = 0;
  for (ab_idx_t o = 0; o < s.out_count; ++o) {
    output[o] = (int16_t)mean_finish(p, sum_reduced_int16_t(&s, input + base), INT16_MIN, INT16_MAX);
    ab_nd_step(idx, &base, s.kept_shape, s.kept_stride, s.kept_rank);
  }
}
