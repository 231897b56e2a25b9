/* RESIZE_NEAREST_NEIGHBOR reference kernel: each output pixel is a copy of one input pixel's
 * channels, found through the lowering's row and column tables. */
#include <string.h>

#include "ab_ref_kernels.h"

void ab_ref_resize_nearest(const ab_resize_nearest_params* p, const void* input, void* output) {
  const uint8_t* in = (const uint8_t*)input;
  uint8_t* out = (uint8_t*)output;
  const ab_idx_t pixel = p->input.c * p->elem_bytes;
  const ab_idx_t row_size = p->input.w * pixel;
  for (ab_idx_t b = 0; b < p->output.n; ++b) {
    const uint8_t* image = in + b * p->input.h * row_size;
    for (ab_idx_t y = 0; y < p->output.h; ++y) {
      const uint8_t* row = image + p->rows[y] * row_size;
      for (ab_idx_t x = 0; x < p->output.w; ++x) {
        memcpy(out, row + p->cols[x] * pixel, (size_t)pixel);
        out += pixel;
      }
    }
  }
}
