/* RESIZE_BILINEAR reference kernel, int8 (TFLite's ResizeBilinearInteger): coordinates in 1/1024
 * input pixels, the four neighbours weighted by products of 10-bit fractions, and the 20-bit
 * result rounded half away from zero. */
#include "ab_ref_kernels.h"

/* Where one output row (or column) samples the input. */
typedef struct bilinear_sample {
  ab_idx_t lower, upper; /* the input rows on either side, clamped to the input */
  int32_t frac;          /* position - 1024 * lower: in [0, 1024), or in [-512, 0) at the top edge
                            with half-pixel centers (lower == upper == 0 there) */
} bilinear_sample;

static bilinear_sample sample_at(ab_idx_t v, int32_t scale, int32_t half_pixel_centers, ab_idx_t size) {
  const int32_t position = (int32_t)v * scale + (half_pixel_centers ? scale / 2 - 512 : 0);
  bilinear_sample s;
  const int32_t lower = position / 1024; /* truncates toward zero, as the reference does */
  const int32_t upper = (position + 1023) / 1024;
  s.lower = lower > 0 ? lower : 0;
  s.upper = upper < size - 1 ? upper : size - 1;
  s.frac = position - 1024 * (int32_t)s.lower;
  return s;
}

void ab_ref_resize_bilinear_s8(const ab_resize_bilinear_params* p, const int8_t* input, int8_t* output) {
  const ab_idx_t depth = p->input.c;
  const ab_idx_t row_size = p->input.w * depth;
  for (ab_idx_t b = 0; b < p->output.n; ++b) {
    const int8_t* image = input + b * p->input.h * row_size;
    for (ab_idx_t y = 0; y < p->output.h; ++y) {
      const bilinear_sample sy = sample_at(y, p->scale_h, p->half_pixel_centers, p->input.h);
      const int8_t* top = image + sy.lower * row_size;
      const int8_t* bottom = image + sy.upper * row_size;
      for (ab_idx_t x = 0; x < p->output.w; ++x) {
        const bilinear_sample sx = sample_at(x, p->scale_w, p->half_pixel_centers, p->input.w);
        const ab_idx_t left = sx.lower * depth, right = sx.upper * depth;
        /* |weight| <= 1536, so the sum of the four products stays below 2^31 in magnitude. */
        const int32_t w_top = 1024 - sy.frac, w_bottom = sy.frac;
        const int32_t w_left = 1024 - sx.frac, w_right = sx.frac;
        for (ab_idx_t c = 0; c < depth; ++c) {
          const int32_t sum = top[left + c] * w_top * w_left + bottom[left + c] * w_bottom * w_left +
                              top[right + c] * w_top * w_right + bottom[right + c] * w_bottom * w_right;
          const int32_t half = sum > 0 ? (1 << 19) : -(1 << 19);
          *output++ = (int8_t)((sum + half) / (1 << 20));
        }
      }
    }
  }
}
