/* CONCATENATION int8 reference kernel: for every outer index, the inputs' slices one after
 * another (a plain copy; TFLite Micro does not rescale int8 inputs either). */
#include "ab_ref_kernels.h"

void ab_ref_concatenation_s8(const ab_concatenation_params* p, const int8_t* const* inputs,
                             int8_t* output) {
  int8_t* out = output;
  for (ab_idx_t outer = 0; outer < p->outer_size; ++outer) {
    for (ab_idx_t i = 0; i < p->num_inputs; ++i) {
      const ab_idx_t n = p->copy_size[i];
      const int8_t* in = inputs[i] + outer * n;
      for (ab_idx_t k = 0; k < n; ++k) out[k] = in[k];
      out += n;
    }
  }
}
