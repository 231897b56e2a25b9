/* CONV_2D 1x1 of a short reduction (4 to 16 input channels) with the DSP extension: four output
 * pixels by two output channels at a time, the reduction unrolled (its length is a constant of
 * the layer). With so few multiply-accumulates per output, the work around the dot product is
 * what costs: per channel pair, ab_dsp_conv2d_s8 reloads the biases, the requantization table and
 * the accumulators' set-up for every two pixels. Here each channel pair's weights, biases and
 * requantization constants are one contiguous stream read by one pointer, and serve four pixels.
 *
 * Columns (scratch, rebuilt every four pixels): the four pixels' int16 lanes interleaved word by
 * word: word j (of 2 * groups: group j / 2, [e0,e2] for even j, [e1,e3] for odd j) of pixel p is
 * cols[4 * j + p]. Stream, per channel pair (AB_DSP_SHORT_PAIR_WORDS words): the two channels'
 * accumulator start values (bias, input offset folded in), then per word j the even channel's
 * weight word j and the odd one's, then the even channel's multiplier, rounding and shift, then the
 * odd one's (ab_dsp_params.h's table without its bias). An odd channel count is padded with a zero
 * channel that is never stored. */
#ifndef AB_DSP_CONV2D_SHORT_H
#define AB_DSP_CONV2D_SHORT_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

#define AB_DSP_SHORT_PAIR_WORDS(groups) (4 * (groups) + 8)

/* The columns of four pixels of `cin` = 4 * groups int8 channels each (any alignment). */
AB_DSP_INLINE void ab_dsp_short_expand4(uint32_t* AB_RESTRICT cols, const int8_t* in, ab_idx_t cin,
                                        ab_idx_t groups) {
  AB_UNROLL
  for (ab_idx_t p = 0; p < 4; ++p) {
    AB_UNROLL
    for (ab_idx_t g = 0; g < groups; ++g) {
      const uint32_t x = ab_read_u32(in + p * cin + 4 * g);
      cols[8 * g + p] = ab_sxtb16(x);
      cols[8 * g + 4 + p] = ab_sxtb16_ror8(x);
    }
  }
}

#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__clang__)
/* One column word of the four pixels against one weight word of each channel: two runs of loads
 * (the two weight words and pixels 2 and 3, then pixels 1 and 0), each pointer advanced by its
 * last (post-indexed) load, 8 SMLAD: 16 cycles for 16 MACs on the M4. 14 registers: only GCC
 * when optimizing (no frame pointer) gives an asm statement that many; clang (14) fails to
 * allocate them and compiles the C loop. */
#define AB_DSP_SHORT_WORD                                                                      \
  "ldr %[v1], [%[w], #4]\n\t"                                                                 \
  "ldr %[xa], [%[c], #8]\n\t"                                                                 \
  "ldr %[xb], [%[c], #12]\n\t"                                                                \
  "ldr %[v0], [%[w]], #8\n\t"                                                                 \
  "smlad %[b2], %[xa], %[v1], %[b2]\n\t"                                                      \
  "smlad %[a2], %[xa], %[v0], %[a2]\n\t"                                                      \
  "smlad %[b3], %[xb], %[v1], %[b3]\n\t"                                                      \
  "smlad %[a3], %[xb], %[v0], %[a3]\n\t"                                                      \
  "ldr %[xa], [%[c], #4]\n\t"                                                                 \
  "ldr %[xb], [%[c]], #16\n\t"                                                                \
  "smlad %[b1], %[xa], %[v1], %[b1]\n\t"                                                      \
  "smlad %[a1], %[xa], %[v0], %[a1]\n\t"                                                      \
  "smlad %[b0], %[xb], %[v1], %[b0]\n\t"                                                      \
  "smlad %[a0], %[xb], %[v0], %[a0]\n\t"
/* The first word: the accumulators start from the two biases loaded in the same run, the
 * channel's pixel 0 last so that its register holds the bias until then. */
#define AB_DSP_SHORT_FIRST_WORD                                                                \
  "ldr %[b0], [%[w], #4]\n\t"                                                                 \
  "ldr %[v1], [%[w], #12]\n\t"                                                                \
  "ldr %[xa], [%[c], #8]\n\t"                                                                 \
  "ldr %[xb], [%[c], #12]\n\t"                                                                \
  "ldr %[v0], [%[w], #8]\n\t"                                                                 \
  "ldr %[a0], [%[w]], #16\n\t"                                                                \
  "smlad %[b2], %[xa], %[v1], %[b0]\n\t"                                                      \
  "smlad %[b3], %[xb], %[v1], %[b0]\n\t"                                                      \
  "smlad %[a2], %[xa], %[v0], %[a0]\n\t"                                                      \
  "smlad %[a3], %[xb], %[v0], %[a0]\n\t"                                                      \
  "ldr %[xa], [%[c], #4]\n\t"                                                                 \
  "ldr %[xb], [%[c]], #16\n\t"                                                                \
  "smlad %[b1], %[xa], %[v1], %[b0]\n\t"                                                      \
  "smlad %[a1], %[xa], %[v0], %[a0]\n\t"                                                      \
  "smlad %[b0], %[xb], %[v1], %[b0]\n\t"                                                      \
  "smlad %[a0], %[xb], %[v0], %[a0]\n\t"
#endif

/* The dot products of four columns with a channel pair's stream: a[p] (even channel), b[p] (odd),
 * from the biases on. Returns the stream past the weights (at the requantization constants). */
AB_DSP_INLINE const uint32_t* ab_dsp_short_dot4x2(const uint32_t* cols, const uint32_t* w, ab_idx_t groups,
                                                  int32_t a[4], int32_t b[4]) {
#ifdef AB_DSP_SHORT_FIRST_WORD
  {
    int32_t a0, a1, a2, a3, b0, b1, b2, b3;
    uint32_t v0, v1, xa, xb;
    const uint32_t* c = cols;
    __asm__(AB_DSP_SHORT_FIRST_WORD
            : [w] "+&r"(w), [c] "+&r"(c), [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3),
              [b0] "=&r"(b0), [b1] "=&r"(b1), [b2] "=&r"(b2), [b3] "=&r"(b3), [v0] "=&r"(v0), [v1] "=&r"(v1),
              [xa] "=&r"(xa), [xb] "=&r"(xb)
            :
            : "memory");
    AB_UNROLL
    for (ab_idx_t j = 1; j < 2 * groups; ++j) {
      __asm__(AB_DSP_SHORT_WORD
              : [w] "+&r"(w), [c] "+&r"(c), [a0] "+&r"(a0), [a1] "+&r"(a1), [a2] "+&r"(a2), [a3] "+&r"(a3),
                [b0] "+&r"(b0), [b1] "+&r"(b1), [b2] "+&r"(b2), [b3] "+&r"(b3), [v0] "=&r"(v0), [v1] "=&r"(v1),
                [xa] "=&r"(xa), [xb] "=&r"(xb)
              :
              : "memory");
    }
    a[0] = a0, a[1] = a1, a[2] = a2, a[3] = a3;
    b[0] = b0, b[1] = b1, b[2] = b2, b[3] = b3;
    return w;
  }
#else
  AB_UNROLL
  for (ab_idx_t p = 0; p < 4; ++p) a[p] = (int32_t)w[0], b[p] = (int32_t)w[1];
  w += 2;
  AB_UNROLL
  for (ab_idx_t j = 0; j < 2 * groups; ++j, w += 2, cols += 4) {
    AB_UNROLL
    for (ab_idx_t p = 0; p < 4; ++p) {
      a[p] = ab_smlad(cols[p], w[0], a[p]);
      b[p] = ab_smlad(cols[p], w[1], b[p]);
    }
  }
  return w;
#endif
}

/* weights: the stream (AB_DSP_SHORT_PAIR_WORDS words per channel pair, word-aligned). scratch:
 * the four pixels' columns (32 * groups bytes), then, if to_ram, a copy of the stream.
 * input and output may overlap (in place, as dsp/overlap.cpp allows): four pixels (the last
 * 1-3) are expanded into the columns before any of their outputs is written, so they are not
 * restrict-qualified. */
AB_DSP_INLINE void ab_dsp_conv2d_1x1_short_s8(const ab_dsp_conv2d_short_params* p, const int8_t* input,
                                              const void* AB_RESTRICT weights, int8_t* output,
                                              void* AB_RESTRICT scratch) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, cout = r->output.c, groups = p->groups;
  const ab_idx_t pixels = r->output.n * r->output.h * r->output.w;
  const ab_idx_t pair_words = AB_DSP_SHORT_PAIR_WORDS(groups);
  uint32_t* const cols = (uint32_t*)scratch;
  const uint32_t* stream = (const uint32_t*)weights;
  if (p->to_ram) {
    /* read again for every four pixels: from flash it would miss a data cache of a few lines */
    uint32_t* const copy = cols + 8 * groups;
    AB_UNROLL4
    for (ab_idx_t i = 0; i < (cout + 1) / 2 * pair_words; ++i) copy[i] = stream[i];
    stream = copy;
  }
  ab_idx_t px = 0;
  for (; px + 4 <= pixels; px += 4) {
    ab_dsp_short_expand4(cols, input + px * cin, cin, groups);
    const uint32_t* w = stream;
    int8_t* const out = output + px * cout;
    for (ab_idx_t oc = 0; oc < cout; oc += 2, w += 6) {
      int32_t a[4], b[4];
      w = ab_dsp_short_dot4x2(cols, w, groups, a, b);
      const ab_dsp_channel c0 = {0, (int32_t)w[0], (int32_t)w[1], (int32_t)w[2]};
      AB_UNROLL
      for (ab_idx_t k = 0; k < 4; ++k) {
        out[k * cout + oc] = ab_dsp_requantize_channel(a[k], c0, p->requant, p->acc_shift, r->act_min, r->act_max);
      }
      if (oc + 1 < cout) {
        const ab_dsp_channel c1 = {0, (int32_t)w[3], (int32_t)w[4], (int32_t)w[5]};
        AB_UNROLL
        for (ab_idx_t k = 0; k < 4; ++k) {
          out[k * cout + oc + 1] =
              ab_dsp_requantize_channel(b[k], c1, p->requant, p->acc_shift, r->act_min, r->act_max);
        }
      }
    }
  }
  /* the last 1-3 pixels in C (once per layer), all expanded before the first is written */
  const ab_idx_t rest = pixels - px;
  for (ab_idx_t k = 0; k < rest; ++k) {
    for (ab_idx_t g = 0; g < groups; ++g) {
      const uint32_t x = ab_read_u32(input + (px + k) * cin + 4 * g);
      cols[8 * g + k] = ab_sxtb16(x);
      cols[8 * g + 4 + k] = ab_sxtb16_ror8(x);
    }
  }
  for (ab_idx_t k = 0; k < rest; ++k) {
    const uint32_t* w = stream;
    int8_t* const out = output + (px + k) * cout;
    for (ab_idx_t oc = 0; oc < cout; oc += 2, w += pair_words) {
      int32_t a = (int32_t)w[0], b = (int32_t)w[1];
      for (ab_idx_t j = 0; j < 2 * groups; ++j) {
        a = ab_smlad(cols[4 * j + k], w[2 + 2 * j], a);
        b = ab_smlad(cols[4 * j + k], w[3 + 2 * j], b);
      }
      const uint32_t* q = w + 2 + 4 * groups;
      const ab_dsp_channel c0 = {0, (int32_t)q[0], (int32_t)q[1], (int32_t)q[2]};
      out[oc] = ab_dsp_requantize_channel(a, c0, p->requant, p->acc_shift, r->act_min, r->act_max);
      if (oc + 1 < cout) {
        const ab_dsp_channel c1 = {0, (int32_t)q[3], (int32_t)q[4], (int32_t)q[5]};
        out[oc + 1] = ab_dsp_requantize_channel(b, c1, p->requant, p->acc_shift, r->act_min, r->act_max);
      }
    }
  }
}

#endif /* AB_DSP_CONV2D_SHORT_H */
