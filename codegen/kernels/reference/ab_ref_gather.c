/* GATHER reference kernel: blocks of the input picked by position along one axis, for every
 * batch and outer index. TFLite Micro only DCHECKs the positions; here one outside the axis
 * gives zeros instead of reading out of bounds. */
#include <string.h>

#include "ab_ref_kernels.h"

void ab_ref_gather(const ab_gather_params* p, const void* input, const int32_t* positions,
                   void* output) {
  const uint8_t* in = (const uint8_t*)input;
  uint8_t* out = (uint8_t*)output;
  const ab_idx_t block = p->inner_bytes;
  for (ab_idx_t b = 0; b < p->batch_size; ++b) {
    const int32_t* pos = positions + b * p->positions;
    for (ab_idx_t o = 0; o < p->outer_size; ++o) {
      const uint8_t* slab = in + (b * p->outer_size + o) * p->axis_size * block;
      for (ab_idx_t k = 0; k < p->positions; ++k) {
        if (pos[k] >= 0 && pos[k] < p->axis_size) {
          memcpy(out, slab + pos[k] * block, (size_t)block);
        } else {
          memset(out, 0, (size_t)block);
        }
        out += block;
      }
    }
  }
}
