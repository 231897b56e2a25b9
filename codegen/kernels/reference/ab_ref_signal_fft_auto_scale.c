/* SignalFftAutoScale: scales a frame up to use the int16 range before the FFT. */
#include "ab_ref_kernels.h"
#include "ab_ref_signal_bits.h"

void ab_ref_signal_fft_auto_scale(const ab_signal_size_params* p, const int16_t* input, int16_t* output,
                                  int32_t* scale_bits) {
  /* The largest magnitude, in int16 as TFLite Micro keeps it: -32768 negates to itself, and
   * any later sample then replaces it (its scale comes out as 0 only if it stays last). */
  int16_t peak = 0;
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const int16_t v = input[i];
    if (v > peak) {
      peak = v;
    } else if (-v > peak) {
      peak = (int16_t)-v;
    }
  }
  int32_t bits = 16 - (int32_t)ab_signal_bits32((uint32_t)(int32_t)peak) - 1;
  if (bits < 0) bits = 0;
  for (ab_idx_t i = 0; i < p->size; ++i) output[i] = (int16_t)(input[i] * (1 << bits));
  *scale_bits = bits;
}
