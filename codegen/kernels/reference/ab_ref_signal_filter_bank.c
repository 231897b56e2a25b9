/* SignalFilterBank: triangular mel channels; each frequency feeds one channel with its weight
 * and the next with its unweight (1 - weight). */
#include "ab_ref_kernels.h"

void ab_ref_signal_filter_bank(const ab_signal_filter_bank_params* p, const uint32_t* input,
                               const int16_t* weights, const int16_t* unweights, const int16_t* freq_start,
                               const int16_t* weight_start, const int16_t* width, uint64_t* output) {
  uint64_t weighted = 0, unweighted = 0;
  /* Channel 0 only gathers the unweighted part of channel 1. */
  for (ab_idx_t c = 0; c <= p->channels; ++c) {
    const uint32_t* x = input + freq_start[c];
    const int16_t* w = weights + weight_start[c];
    const int16_t* u = unweights + weight_start[c];
    for (ab_idx_t j = 0; j < width[c]; ++j) {
      /* Weights widen to uint64 as TFLite Micro's do: sign extended, modulo 2^64. */
      weighted += (uint64_t)w[j] * x[j];
      unweighted += (uint64_t)u[j] * x[j];
    }
    if (c > 0) output[c - 1] = weighted;
    weighted = unweighted;
    unweighted = 0;
  }
}
