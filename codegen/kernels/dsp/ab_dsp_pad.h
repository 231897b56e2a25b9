/* PAD as block moves: the input is a sequence of contiguous runs (its innermost padded
 * dimension with everything inside it), each copied whole to its place in the output, and the
 * gaps between the runs' places are filled with the pad value. Copies and fills move 16 bytes
 * per LDM/STM once the destination is word-aligned; heads and tails go by word, halfword and
 * byte without loops (which the compiler would turn into calls of newlib-nano's memcpy and
 * memset, which go byte by byte). Static inline and specialized per layer, like
 * ab_dsp_conv2d.h. */
#ifndef AB_DSP_PAD_H
#define AB_DSP_PAD_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"

AB_DSP_INLINE void ab_dsp_write_u16(void* p, uint16_t v) { memcpy(p, &v, sizeof v); }
AB_DSP_INLINE uint16_t ab_dsp_read_u16(const void* p) {
  uint16_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* n bytes of the word v (four copies of one byte) from d on. */
AB_DSP_INLINE void ab_dsp_fill(uint8_t* d, uint32_t v, ab_idx_t n) {
  if (n >= 4) {
    if ((uintptr_t)d & 1u) {
      *d++ = (uint8_t)v;
      --n;
    }
    if ((uintptr_t)d & 2u) {
      ab_dsp_write_u16(d, (uint16_t)v);
      d += 2;
      n -= 2;
    }
    ab_fill_blocks16(&d, v, (uint32_t)n / 16u);
    if (n & 8) {
      ab_write_u32(d, v);
      ab_write_u32(d + 4, v);
      d += 8;
    }
    if (n & 4) {
      ab_write_u32(d, v);
      d += 4;
    }
  }
  if (n & 2) {
    ab_dsp_write_u16(d, (uint16_t)v);
    d += 2;
  }
  if (n & 1) *d = (uint8_t)v;
}

/* memcpy of n bytes. */
AB_DSP_INLINE void ab_dsp_copy(uint8_t* d, const uint8_t* s, ab_idx_t n) {
  if (n >= 4) {
    if ((uintptr_t)d & 1u) {
      *d++ = *s++;
      --n;
    }
    if ((uintptr_t)d & 2u) {
      ab_dsp_write_u16(d, ab_dsp_read_u16(s));
      d += 2;
      s += 2;
      n -= 2;
    }
    if (((uintptr_t)s & 3u) == 0) {
      ab_copy_blocks16(&d, &s, (uint32_t)n / 16u);
    } else {
      ab_copy_blocks16_u(&d, &s, (uint32_t)n / 16u);
    }
    if (n & 8) {
      ab_write_u32(d, ab_read_u32(s));
      ab_write_u32(d + 4, ab_read_u32(s + 4));
      d += 8;
      s += 8;
    }
    if (n & 4) {
      ab_write_u32(d, ab_read_u32(s));
      d += 4;
      s += 4;
    }
  }
  if (n & 2) {
    ab_dsp_write_u16(d, ab_dsp_read_u16(s));
    d += 2;
    s += 2;
  }
  if (n & 1) *d = *s;
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
