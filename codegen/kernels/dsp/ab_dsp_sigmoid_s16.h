/* int16 LOGISTIC and TANH with the reference's arithmetic (ab_ref_sigmoid_s16.h: the input
 * rescaled, then TFLite's 256-entry sigmoid table interpolated), inlined into the layer so that
 * the rescaling's multiplier and shift are constants, four elements per iteration. Input and
 * output may be one buffer. Include it only where it is used: ab_ref_sigmoid_s16.h has a static
 * table. */
#ifndef AB_DSP_SIGMOID_S16_H
#define AB_DSP_SIGMOID_S16_H

#include "ab_dsp_acle.h"
#include "ab_params.h"
#include "ab_ref_sigmoid_s16.h"

AB_DSP_INLINE void ab_dsp_logistic_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  const int32_t multiplier = p->input_multiplier, shift = p->input_right_shift;
  const ab_idx_t n = p->size;
  AB_UNROLL4
  for (ab_idx_t i = 0; i < n; ++i) output[i] = ab_logistic_s16(ab_s16_activation_input(input[i], multiplier, shift));
}

AB_DSP_INLINE void ab_dsp_tanh_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  const int32_t multiplier = p->input_multiplier, shift = p->input_right_shift;
  const ab_idx_t n = p->size;
  AB_UNROLL4
  for (ab_idx_t i = 0; i < n; ++i) output[i] = ab_tanh_s16(ab_s16_activation_input(input[i], multiplier, shift));
}

#endif /* AB_DSP_SIGMOID_S16_H */
