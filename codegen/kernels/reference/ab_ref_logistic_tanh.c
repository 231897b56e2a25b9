/* LOGISTIC and TANH of int16 (TFLite Micro's reference): the input rescaled so that 24 steps
 * of 2^-9 (LOGISTIC) or 2^-8 (TANH) make one unit, then a linear interpolation in TFLite's table
 * of sigmoid(k/24) (ab_ref_sigmoid_s16.h, shared with the LSTM's gates). */
#include "ab_ref_kernels.h"
#include "ab_ref_sigmoid_s16.h"

void ab_ref_logistic_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    output[i] = ab_logistic_s16(ab_s16_activation_input(input[i], p->input_multiplier, p->input_right_shift));
  }
}

void ab_ref_tanh_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    output[i] = ab_tanh_s16(ab_s16_activation_input(input[i], p->input_multiplier, p->input_right_shift));
  }
}
