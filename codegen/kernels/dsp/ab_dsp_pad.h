/* PAD as block moves: the input is a sequence of contiguous runs (its innermost padded
 * dimension with everything inside it), each copied whole to its place in the output, and the
 * gaps between the runs' places are filled with the pad value. Copies and fills move 16 bytes
 * per LDM/STM once the destination is word-aligned (newlib-nano's memcpy and memset go byte by
 * byte). Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_PAD_H
#define AB_DSP_PAD_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"

/* n bytes of the word v (four copies of one byte) from d on. */
AB_DSP_INLINE void ab_dsp_fill(uint8_t* d, uint32_t v, ab_idx_t n) {
  while (n > 0 && ((uintptr_t)d & 3u) != 0) {
    *d++ = (uint8_t)v;
    --n;
  }
  ab_fill_blocks16(&d, v, (uint32_t)(n / 16));
  n %= 16;
  for (; n >= 4; n -= 4, d += 4) ab_write_u32(d, v);
  for (; n > 0; --n) *d++ = (uint8_t)v;
}

/* memcpy of n bytes. */
AB_DSP_INLINE void ab_dsp_copy(uint8_t* d, const uint8_t* s, ab_idx_t n) {
  while (n > 0 && ((uintptr_t)d & 3u) != 0) {
    *d++ = *s++;
    --n;
  }
  if (((uintptr_t)s & 3u) == 0) {
    ab_copy_blocks16(&d, &s, (uint32_t)(n / 16));
  } else {
    ab_copy_blocks16_u(&d, &s, (uint32_t)(n / 16));
  }
  n %= 16;
  for (; n >= 4; n -= 4, d += 4, s += 4) ab_write_u32(d, ab_read_u32(s));
  for (; n > 0; --n) *d++ = *s++;
}

AB_DSP_INLINE void ab_dsp_pad_s8(const ab_dsp_pad_params* p, const int8_t* input, int8_t* output) {
  const uint32_t v = 0x01010101u * (uint8_t)p->ref.pad_value;
  uint8_t* const out = (uint8_t*)output;
  const uint8_t* in = (const uint8_t*)input;
  ab_idx_t idx[AB_MAX_DIMS] = {0};
  ab_idx_t at = p->first, filled = 0;
  for (ab_idx_t k = 0; k < p->runs; ++k) {
    ab_dsp_fill(out + filled, v, at - filled);
    ab_dsp_copy(out + at, in, p->run);
    in += p->run;
    filled = at + p->run;
    /* the next run's place: step the outer index, last dimension fastest */
    for (ab_idx_t d = p->outer_rank - 1; d >= 0; --d) {
      at += p->out_stride[d];
      if (++idx[d] < p->outer_shape[d]) break;
      at -= idx[d] * p->out_stride[d];
      idx[d] = 0;
    }
  }
  ab_dsp_fill(out + filled, v, p->out_bytes - filled);
}

#endif /* AB_DSP_PAD_H */
