/* SignalFilterBankSpectralSubtraction: subtracts a slowly tracked noise estimate (the state,
 * carried from one inference to the next) from every channel. */
#include "ab_ref_kernels.h"

void ab_ref_signal_spectral_subtraction(const ab_signal_spectral_subtraction_params* p, const uint32_t* input,
                                        uint32_t* noise_state, uint32_t* output, uint32_t* noise_output) {
  const uint32_t extra_bits = (uint32_t)p->smoothing_bits;
  const uint32_t coef_bits = (uint32_t)p->spectral_subtraction_bits;
  for (ab_idx_t i = 0; i < p->channels; ++i) {
    const int odd = (int)(i & 1);
    const uint32_t smoothing = (uint32_t)(odd ? p->alternate_smoothing : p->smoothing);
    const uint32_t keep = (uint32_t)(odd ? p->alternate_one_minus_smoothing : p->one_minus_smoothing);
    const uint32_t signal = input[i] << extra_bits;
    noise_state[i] = (uint32_t)(((uint64_t)signal * smoothing + (uint64_t)noise_state[i] * keep) >> coef_bits);
    uint32_t estimate = noise_state[i];
    if (estimate > signal) {
      estimate = signal;
      if (p->clamping) noise_state[i] = estimate;
    }
    const uint32_t floor = (uint32_t)(((uint64_t)input[i] * (uint32_t)p->min_signal_remaining) >> coef_bits);
    const uint32_t subtracted = (signal - estimate) >> extra_bits;
    output[i] = subtracted > floor ? subtracted : floor;
    noise_output[i] = noise_state[i];
  }
}
