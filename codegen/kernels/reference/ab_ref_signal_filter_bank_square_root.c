/* SignalFilterBankSquareRoot: each channel's square root, shifted down by the FFT's scale bits. */
#include "ab_ref_kernels.h"
#include "ab_ref_signal_bits.h"

void ab_ref_signal_filter_bank_square_root(const ab_signal_size_params* p, const uint64_t* input,
                                           const int32_t* scale_bits, uint32_t* output) {
  /* FftAutoScale gives 0..15; TFLite Micro leaves a shift of 32 or more undefined. */
  const uint32_t shift = (uint32_t)*scale_bits & 31u;
  for (ab_idx_t i = 0; i < p->size; ++i) output[i] = ab_signal_sqrt64(input[i]) >> shift;
}
