/* SignalEnergy: the squared magnitude of each complex bin in [start, end). */
#include "ab_ref_kernels.h"

void ab_ref_signal_energy(const ab_signal_energy_params* p, const int16_t* input, uint32_t* output) {
  for (ab_idx_t i = 0; i < p->start; ++i) output[i] = 0;
  for (ab_idx_t i = p->start; i < p->end; ++i) {
    const int32_t re = input[2 * i], im = input[2 * i + 1];
    /* Summed unsigned: two products of -32768 reach 2^31, which TFLite Micro's int32 sum wraps to. */
    output[i] = (uint32_t)(re * re) + (uint32_t)(im * im);
  }
  for (ab_idx_t i = p->end; i < p->size; ++i) output[i] = 0;
}
