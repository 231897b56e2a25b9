/* FULLY_CONNECTED int8 reference kernel (TFLite Micro's FullyConnected / ...PerChannel). */
#include <stddef.h>

#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

void ab_ref_fully_connected_s8(const ab_fully_connected_params* p, const int8_t* input,
                               const int8_t* filter, const int32_t* bias, int8_t* output) {
  const int per_channel = p->per_channel_multiplier != NULL;
  for (ab_idx_t b = 0; b < p->batches; ++b) {
    const int8_t* in_row = input + b * p->accum_depth;
    for (ab_idx_t o = 0; o < p->output_depth; ++o) {
      const int8_t* w_row = filter + o * p->accum_depth;
      int32_t acc = 0;
      for (ab_idx_t d = 0; d < p->accum_depth; ++d) {
        acc += ((int32_t)w_row[d] + p->filter_offset) * ((int32_t)in_row[d] + p->input_offset);
      }
      if (bias) acc += bias[o];
      acc = per_channel ? ab_mbqm(acc, p->per_channel_multiplier[o], p->per_channel_shift[o])
                        : ab_mbqm(acc, p->output_multiplier, p->output_shift);
      acc += p->output_offset;
      output[b * p->output_depth + o] = (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
    }
  }
}
