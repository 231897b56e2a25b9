/* SignalFilterBankLog: the natural logarithm of each channel, scaled, in the signal library's
 * fixed point (a base-2 logarithm from the top bit plus an interpolated table, times ln 2). */
#include "ab_ref_kernels.h"
#include "ab_ref_signal_bits.h"

#define AB_LOG_FRAC_BITS 16
#define AB_LOG_SEGMENT_BITS 7 /* log2(AB_SIGNAL_LOG_SEGMENTS) */
#define AB_LOG_LN2_Q16 45426  /* ln 2 * 2^16 */

/* log2(x) - top, x in [2^top, 2^(top + 1)), in Q16. */
static uint32_t log2_fraction(const int16_t* table, uint32_t x, uint32_t top) {
  int32_t frac = (int32_t)((int64_t)x - ((int64_t)1 << top));
  if (top < AB_LOG_FRAC_BITS) {
    frac <<= AB_LOG_FRAC_BITS - top;
  } else {
    frac >>= top - AB_LOG_FRAC_BITS;
  }
  const uint32_t segment = (uint32_t)frac >> (AB_LOG_FRAC_BITS - AB_LOG_SEGMENT_BITS);
  const int32_t c0 = table[segment], c1 = table[segment + 1];
  const int32_t segment_start = (int32_t)(segment << (AB_LOG_FRAC_BITS - AB_LOG_SEGMENT_BITS));
  const int32_t between = ((c1 - c0) * (frac - segment_start)) >> AB_LOG_FRAC_BITS;
  return (uint32_t)(frac + c0 + between);
}

static uint32_t scaled_log(const int16_t* table, uint32_t x, uint32_t scale) {
  const uint32_t top = ab_signal_bits32(x) - 1;
  const uint32_t log2 = (top << AB_LOG_FRAC_BITS) + log2_fraction(table, x, top);
  const uint32_t half = 1u << (AB_LOG_FRAC_BITS - 1);
  const uint32_t ln = (uint32_t)(((uint64_t)AB_LOG_LN2_Q16 * log2 + half) >> AB_LOG_FRAC_BITS);
  return (scale * ln + half) >> AB_LOG_FRAC_BITS; /* modulo 2^32, as TFLite Micro's */
}

void ab_ref_signal_filter_bank_log(const ab_signal_log_params* p, const uint32_t* input, int16_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const uint32_t x = input[i] << (uint32_t)p->correction_bits;
    if (x <= 1) {
      output[i] = 0;
      continue;
    }
    const uint32_t v = scaled_log(p->log_table, x, (uint32_t)p->output_scale);
    output[i] = (int16_t)(v < (uint32_t)INT16_MAX ? v : (uint32_t)INT16_MAX);
  }
}
