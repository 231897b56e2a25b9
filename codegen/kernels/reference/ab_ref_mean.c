/* MEAN int8 reference kernel. Sums each output's reduced elements in int32 (exact, so the
 * order of summation does not matter and no scratch accumulator array is needed), then turns
 * the sum into the output with the arithmetic TFLite Micro used (ab_mean_mode). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

/* Splits the input's dimensions into kept and reduced ones (shapes and input strides). */
typedef struct mean_split {
  ab_idx_t kept_rank, red_rank;
  ab_idx_t kept_shape[AB_MAX_DIMS], kept_stride[AB_MAX_DIMS];
  ab_idx_t red_shape[AB_MAX_DIMS], red_stride[AB_MAX_DIMS];
  ab_idx_t out_count;
} mean_split;

static void split_dims(const ab_mean_params* p, mean_split* s) {
  ab_idx_t stride[AB_MAX_DIMS];
  ab_nd_strides(p->in_shape, p->rank, stride);
  s->kept_rank = 0;
  s->red_rank = 0;
  s->out_count = 1;
  for (ab_idx_t d = 0; d < p->rank; ++d) {
    if (p->reduce[d]) {
      s->red_shape[s->red_rank] = p->in_shape[d];
      s->red_stride[s->red_rank++] = stride[d];
    } else {
      s->kept_shape[s->kept_rank] = p->in_shape[d];
      s->kept_stride[s->kept_rank++] = stride[d];
      s->out_count *= p->in_shape[d];
    }
  }
}

static int32_t sum_reduced(const mean_split* s, const int8_t* base, ab_idx_t count) {
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t off = 0;
  int32_t sum = 0;
  for (ab_idx_t i = 0; i < count; ++i) {
    sum += base[off];
    ab_nd_step(idx, &off, s->red_shape, s->red_stride, s->red_rank);
  }
  return sum;
}

static int8_t mean_float(const ab_mean_params* p, int32_t sum) {
  const float mean = (float)sum / (float)p->count;
  /* volatile: the product must be rounded to float before the add, as in the x86 reference;
   * a fused multiply-add (e.g. Cortex-M4F VFMA) would change results. */
  volatile float scaled = mean * p->float_scale;
  float r = ab_roundf(scaled + p->float_bias) + (float)p->output_zero_point;
  if (r > 127.0f) r = 127.0f;
  if (r < -128.0f) r = -128.0f;
  return (int8_t)r;
}

static int8_t mean_finish(const ab_mean_params* p, int32_t sum) {
  switch (p->mode) {
    case AB_MEAN_INT_TRUNCATE:
      return (int8_t)(sum / (int32_t)p->count);
    case AB_MEAN_FLOAT:
      return mean_float(p, sum);
    case AB_MEAN_INT_DIVIDE: {
      const int32_t count = (int32_t)p->count;
      int32_t acc = ab_mbqm(sum - p->input_zero_point * count, p->multiplier, p->shift);
      acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
      return (int8_t)ab_clamp_i32(acc + p->output_zero_point, INT8_MIN, INT8_MAX);
    }
    default: { /* AB_MEAN_INT_MULTIPLIER */
      const int32_t shifted = sum - p->input_zero_point * (int32_t)p->count;
      const int32_t acc = ab_mbqm(shifted, p->multiplier, p->shift) + p->output_zero_point;
      return (int8_t)ab_clamp_i32(acc, INT8_MIN, INT8_MAX);
    }
  }
}

void ab_ref_mean_s8(const ab_mean_params* p, const int8_t* input, int8_t* output) {
  mean_split s;
  split_dims(p, &s);
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t base = 0;
  for (ab_idx_t o = 0; o < s.out_count; ++o) {
    output[o] = mean_finish(p, sum_reduced(&s, input + base, p->count));
    ab_nd_step(idx, &base, s.kept_shape, s.kept_stride, s.kept_rank);
  }
}
