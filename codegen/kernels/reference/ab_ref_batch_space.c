/* SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND reference kernel. Both walk the batch tensor pixel
 * by pixel and find the space pixel it corresponds to (ab_batch_space_params); the direction
 * says which of the two is written. A pixel is `depth` elements, copied as one run. */
#include <string.h>

#include "ab_ref_kernels.h"

void ab_ref_batch_space(const ab_batch_space_params* p, const void* input, void* output) {
  const ab_idx_t pixel = p->depth * p->elem_bytes;
  const uint8_t* from = (const uint8_t*)input;
  uint8_t* to = (uint8_t*)output;
  const ab_idx_t batches = p->block_h * p->block_w * p->batch;
  ab_idx_t at = 0; /* the batch tensor's pixel */
  for (ab_idx_t n = 0; n < batches; ++n) {
    const ab_idx_t b = n % p->batch;
    const ab_idx_t y = n / p->batch / p->block_w;
    const ab_idx_t x = n / p->batch % p->block_w;
    for (ab_idx_t i = 0; i < p->batch_h; ++i) {
      const ab_idx_t h = i * p->block_h + y - p->top;
      for (ab_idx_t j = 0; j < p->batch_w; ++j, ++at) {
        const ab_idx_t w = j * p->block_w + x - p->left;
        const int inside = h >= 0 && h < p->space_h && w >= 0 && w < p->space_w;
        const ab_idx_t space = ((b * p->space_h + h) * p->space_w + w) * pixel;
        if (p->to_batch) {
          if (inside) {
            memcpy(to + at * pixel, from + space, (size_t)pixel);
          } else {
            memset(to + at * pixel, p->pad_byte, (size_t)pixel);
          }
        } else if (inside) {
          memcpy(to + space, from + at * pixel, (size_t)pixel);
        }
      }
    }
  }
}
