/* SignalWindow: each frame multiplied by the window, shifted down and saturated to int16. */
#include "ab_ref_kernels.h"

void ab_ref_signal_window(const ab_signal_window_params* p, const int16_t* input, const int16_t* window,
                          int16_t* output) {
  for (ab_idx_t frame = 0; frame < p->size; frame += p->window_size) {
    for (ab_idx_t i = 0; i < p->window_size; ++i) {
      const int32_t v = ((int32_t)input[frame + i] * window[i]) >> p->shift;
      output[frame + i] = (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
    }
  }
}
