/* CONCATENATION and PACK reference kernel: for every outer step, each input's next run of
 * bytes, one after another (a plain copy: TFLite Micro does not rescale either). */
#include <string.h>

#include "ab_ref_kernels.h"

void ab_ref_concatenation(const ab_join_params* p, const void* const* inputs, void* output) {
  uint8_t* out = (uint8_t*)output;
  for (ab_idx_t outer = 0; outer < p->outer_size; ++outer) {
    for (ab_idx_t i = 0; i < p->parts; ++i) {
      const ab_idx_t n = p->part_bytes[i];
      memcpy(out, (const uint8_t*)inputs[i] + outer * n, (size_t)n);
      out += n;
    }
  }
}
