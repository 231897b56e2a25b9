/* ARG_MAX and ARG_MIN reference kernel, int8 input, int32 indices (TFLite Micro's ArgMinMax):
 * along the axis, the index of the first value strictly greater (smaller) than all before it. */
#include "ab_ref_kernels.h"

void ab_ref_arg_min_max_s8(const ab_arg_min_max_params* p, const int8_t* input, int32_t* output) {
  const int want_max = p->extreme == AB_EXTREME_MAX;
  for (ab_idx_t outer = 0; outer < p->outer; ++outer) {
    const int8_t* row = input + outer * p->axis_size * p->inner;
    for (ab_idx_t inner = 0; inner < p->inner; ++inner) {
      int8_t best = row[inner];
      int32_t best_index = 0;
      for (ab_idx_t i = 1; i < p->axis_size; ++i) {
        const int8_t v = row[i * p->inner + inner];
        if (want_max ? v > best : v < best) {
          best = v;
          best_index = (int32_t)i;
        }
      }
      output[outer * p->inner + inner] = best_index;
    }
  }
}
