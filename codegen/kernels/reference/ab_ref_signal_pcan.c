/* SignalPCAN: per-channel energy normalization, a gain from the noise estimate then a
 * compressing curve, in the signal library's fixed point. */
#include "ab_ref_kernels.h"
#include "ab_ref_signal_bits.h"

/* Fractional bits of the gained signal and of the output. */
#define AB_PCAN_SNR_BITS 12
#define AB_PCAN_OUTPUT_BITS 6

/* The gain at x: a quadratic per power-of-two interval of x, its three coefficients at 4 * (bits
 * of x) - 6 in the table, evaluated at x's 10 bits below the top one. */
static int16_t pcan_gain(uint32_t x, const int16_t* table) {
  if (x <= 2) return table[x];
  const int32_t bits = (int32_t)ab_signal_bits32(x);
  const int16_t* k = table + 4 * bits - 6;
  const uint32_t aligned = bits < 11 ? x << (11 - bits) : x >> (bits - 11);
  const int32_t frac = (int32_t)(aligned & 0x3FFu);
  int32_t v = ((int32_t)k[2] * frac) >> 5;
  v += (int32_t)((uint32_t)k[1] << 5);
  v *= frac;
  v = (v + (1 << 14)) >> 15;
  v += k[0];
  return (int16_t)v;
}

/* x^2 / 4 below 2, x - 1 from 2 on. */
static uint32_t pcan_shrink(uint32_t x) {
  if (x < (2u << AB_PCAN_SNR_BITS)) return (x * x) >> (2 + 2 * AB_PCAN_SNR_BITS - AB_PCAN_OUTPUT_BITS);
  return (x >> (AB_PCAN_SNR_BITS - AB_PCAN_OUTPUT_BITS)) - (1u << AB_PCAN_OUTPUT_BITS);
}

void ab_ref_signal_pcan(const ab_signal_pcan_params* p, const uint32_t* input, const uint32_t* noise,
                        const int16_t* gain_table, uint32_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const uint32_t gain = (uint32_t)(int32_t)pcan_gain(noise[i], gain_table); /* sign extended */
    const uint32_t snr = (uint32_t)(((uint64_t)input[i] * gain) >> p->snr_shift);
    output[i] = pcan_shrink(snr);
  }
}
