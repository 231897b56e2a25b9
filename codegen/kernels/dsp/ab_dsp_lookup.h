/* int8 LOGISTIC, TANH, HARD_SWISH and RSQRT as a lookup in the 256-byte table the lowering
 * evaluated at generation time with TFLite Micro's arithmetic (ab_lookup_params, the reference
 * parameters as they are).
 *
 * The reference kernel is a function of its own: every byte it stores may alias its parameters,
 * so it reloads the table pointer and the size per element. Here both are constants of the layer
 * and sixteen elements go per iteration, three instructions each (LDRB, LDRB from the table,
 * STRB): loading words and merging bytes costs as many. Input and output may be one buffer:
 * every byte is read before its own place is written. */
#ifndef AB_DSP_LOOKUP_H
#define AB_DSP_LOOKUP_H

#include "ab_dsp_acle.h"
#include "ab_params.h"

AB_DSP_INLINE void ab_dsp_lookup_s8(const ab_lookup_params* p, const int8_t* input, int8_t* output) {
  const uint8_t* const table = (const uint8_t*)p->table;
  const uint8_t* in = (const uint8_t*)input;
  uint8_t* out = (uint8_t*)output;
  const ab_idx_t blocks = p->size / 16, rest = p->size % 16;
  for (ab_idx_t b = 0; b < blocks; ++b, in += 16, out += 16) {
    AB_UNROLL
    for (int k = 0; k < 16; ++k) out[k] = table[in[k]];
  }
  AB_UNROLL
  for (ab_idx_t k = 0; k < rest; ++k) out[k] = table[in[k]];
}

#endif /* AB_DSP_LOOKUP_H */
