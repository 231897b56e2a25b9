/* SPLIT, SPLIT_V and UNPACK reference kernel, CONCATENATION's inverse: for every outer step,
 * the input's next run of bytes goes to each output in turn. */
#include <string.h>

#include "ab_ref_kernels.h"

void ab_ref_split(const ab_join_params* p, const void* input, void* const* outputs) {
  const uint8_t* in = (const uint8_t*)input;
  for (ab_idx_t outer = 0; outer < p->outer_size; ++outer) {
    for (ab_idx_t i = 0; i < p->parts; ++i) {
      const ab_idx_t n = p->part_bytes[i];
      memcpy((uint8_t*)outputs[i] + outer * n, in, (size_t)n);
      in += n;
    }
  }
}
