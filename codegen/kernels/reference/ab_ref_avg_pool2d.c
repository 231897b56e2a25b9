/* AVERAGE_POOL_2D int8 reference kernel (TFLite Micro's AveragePool): the window is clipped
 * to the input, and the average rounds half away from zero over the clipped count. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

static ab_idx_t idx_max(ab_idx_t a, ab_idx_t b) { return a > b ? a : b; }
static ab_idx_t idx_min(ab_idx_t a, ab_idx_t b) { return a < b ? a : b; }

void ab_ref_avg_pool2d_s8(const ab_pool2d_params* p, const int8_t* input, int8_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      const ab_idx_t y0 = oy * p->stride_h - p->pad_h;
      const ab_idx_t fy_begin = idx_max(0, -y0);
      const ab_idx_t fy_end = idx_min(p->filter_h, in->h - y0);
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        const ab_idx_t x0 = ox * p->stride_w - p->pad_w;
        const ab_idx_t fx_begin = idx_max(0, -x0);
        const ab_idx_t fx_end = idx_min(p->filter_w, in->w - x0);
        const ab_idx_t rows = fy_end - fy_begin, cols = fx_end - fx_begin;
        /* A window entirely in the padding (impossible with SAME/VALID) averages nothing. */
        const int32_t count = (rows > 0 && cols > 0) ? (int32_t)(rows * cols) : 0;
        for (ab_idx_t c = 0; c < out->c; ++c) {
          int32_t acc = 0;
          for (ab_idx_t fy = fy_begin; fy < fy_end; ++fy) {
            for (ab_idx_t fx = fx_begin; fx < fx_end; ++fx) {
              acc += input[((b * in->h + y0 + fy) * in->w + x0 + fx) * in->c + c];
            }
          }
          if (count > 0) {
            acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
          }
          output[((b * out->h + oy) * out->w + ox) * out->c + c] =
              (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
        }
      }
    }
  }
}
