/* CONV_2D of few input channels (a network's first layer: RGB or grayscale input) with the DSP
 * extension. ab_dsp_conv2d.h gathers every output pixel's window into a column, which costs as
 * much as the dot products when the window is a few dozen values. Here the input rows a row of
 * outputs needs are widened once into int16 slots in the scratch (the padding columns holding
 * the input zero point, as rows above or below the input do), so a pixel's window is read in
 * place: `row_words` words of each of its kh slots, at an offset that moves by stride_w *
 * input.c values a pixel. No window is copied and no pixel tests the padding.
 *
 * Three pixels by two output channels at a time, the pixels two apart (a row's even pixels,
 * then its odd ones), so their windows are `step` words apart in one copy of the rows: per word
 * of the window, the three pixels' words and the two channels' weight words, 6 SMLAD. On a DSP
 * core each word is a run of five LDRs and six SMLADs (a channel pair's window one asm
 * statement), 12 cycles for 24 multiply-accumulates (ab_dsp_conv2d.h's 2x2 block: 18 for 32, but
 * a column copied per pixel), in 13 registers. The windows' offsets from the first pixel's first word are constants of the
 * layer, so every load has an immediate offset and only the weight pointer moves; the dual-issue
 * Cortex-M7 takes the same loads each behind a multiply. (Two pixels by four channels needs 14
 * registers, more than GCC's register allocator found around them.)
 * The whole window is straight code: one of 20 words (KWS's 10x4 kernel) makes the channel
 * pair's loop outgrow the L4R5's 1 KB instruction cache, and there dsp_im2col_ram stays faster
 * (the tuner measures both).
 *
 * Static inline and specialized per layer, like ab_dsp_conv2d.h. Not in place: the slots hold
 * input rows that outputs written earlier would overwrite. */
#ifndef AB_DSP_CONV2D_ROWS_H
#define AB_DSP_CONV2D_ROWS_H

#include "ab_dsp_acle.h"
#include "ab_dsp_conv2d.h"
#include "ab_dsp_conv2d_3px.h" /* ab_dsp_acc3x2, ab_dsp_store3x2 */
#include "ab_dsp_cpu.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* Widens n int8 values into `copy` (int16 pairs) from value `at` on, of either parity: a value
 * sharing a word with the first or the last one is padding and gets the zero point. */
AB_DSP_INLINE void ab_dsp_rows_widen(uint32_t* copy, ab_idx_t at, const int8_t* in, ab_idx_t n, int32_t zero_point) {
  uint32_t* to = copy + at / 2;
  ab_idx_t k = 0;
  if (at % 2 != 0 && n > 0) {
    *to++ = ab_pack16(zero_point, in[0]);
    k = 1;
  }
  AB_UNROLL4
  for (; k + 4 <= n; k += 4, to += 2) {
    const uint32_t x = ab_read_u32(in + k);
    const uint32_t even = ab_sxtb16(x), odd = ab_sxtb16_ror8(x); /* [b0,b2], [b1,b3] */
    to[0] = ab_pkhbt(even, odd);                                /* [b0,b1] */
    to[1] = ab_pkhtb(odd, even);                                /* [b2,b3] */
  }
  for (; k + 2 <= n; k += 2) *to++ = ab_pack16(in[k], in[k + 1]);
  if (k < n) *to = ab_pack16(in[k], zero_point);
}

/* Slot `slot` (both copies) as input row iy of `image`, or the zero point all along outside the
 * input. Its padding columns already hold the zero point. */
AB_DSP_INLINE void ab_dsp_rows_slot(uint32_t* slot, const ab_dsp_conv2d_rows_params* p, const int8_t* image,
                                    ab_idx_t iy) {
  const ab_conv2d_params* r = &p->ref;
  const int32_t zero_point = -r->input_offset;
  if (iy < 0 || iy >= r->input.h) {
    const uint32_t zz = ab_pack16(zero_point, zero_point);
    for (ab_idx_t i = 0; i < p->copies * p->copy_words; ++i) slot[i] = zz;
    return;
  }
  const int8_t* in = image + iy * r->input.w * r->input.c;
  const ab_idx_t n = r->input.w * r->input.c;
  ab_dsp_rows_widen(slot, p->lead, in, n, zero_point);
  if (p->copies == 2) ab_dsp_rows_widen(slot + p->copy_words, p->lead + 1, in, n, zero_point);
}

/* The slots of the out_rows output rows from oy on: slot s holds input row oy * stride_h - pad_h + s.
 * A row the previous output rows' slots hold already is moved down, the others widened. */
AB_DSP_INLINE void ab_dsp_rows_fill_slots(uint32_t* slots, const ab_dsp_conv2d_rows_params* p, const int8_t* image,
                                          ab_idx_t oy, int first) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t slot_words = p->copies * p->copy_words, down = p->out_rows * r->stride_h;
  for (ab_idx_t s = 0; s < p->span; ++s) {
    uint32_t* slot = slots + s * slot_words;
    if (!first && s + down < p->span) {
      uint8_t* to = (uint8_t*)slot;
      const uint8_t* from = (const uint8_t*)(slots + (s + down) * slot_words);
      /* a loop of 64 bytes (the slots' unit): unrolled, its code would push the dot products'
       * out of the instruction cache on every row */
      _Pragma("GCC unroll 1") for (ab_idx_t i = 0; i < slot_words; i += 16) ab_copy_blocks16(&to, &from, 4);
    } else {
      ab_dsp_rows_slot(slot, p, image, oy * r->stride_h - r->pad_h + s);
    }
  }
}


#if AB_DSP_NATIVE && defined(__OPTIMIZE__)
/* A channel pair's whole window in one asm statement (no register copies between words): word n
 * (of kh * row_words, kernel row n / row_words) of the three windows at the offsets below, the
 * assembler's .rept walking n (.Lab_rows_n), the layer's constants as "i" operands. */
#define AB_DSP_ROWS_ASM 1
#define AB_DSP_ROWS_AT(n, pixel)                                                               \
  "#((" n ") / %c[rw] * %c[rowb] + 4 * ((" n ") %% %c[rw]) + " pixel " * %c[stepb])"
#if AB_DSP_DUAL_ISSUE
/* For a dual-issue core (the Cortex-M7): each load behind a multiply that does not wait for it,
 * each word loading the next word's first window word and weight word (6 cycles a word, against
 * 11 for the M4's order, whose runs of loads cannot pair). The biases start the accumulators of
 * the third pixel, which is computed last. w: at the word's even-channel weight. */
#define AB_DSP_ROWS_DOT                                                                        \
  "ldr %[p2c1], [%[w], #4]\n\t"                                                               \
  "ldr %[a], [%[w], #8]!\n\t"                                                                 \
  "ldr %[x0], [%[c], " AB_DSP_ROWS_AT("0", "0") "]\n\t"                                       \
  "ldr %[p2c0], [%[w], #-8]\n\t"                                                              \
  "smlad %[p0c0], %[x0], %[a], %[p2c0]\n\t"                                                   \
  "ldr %[x1], [%[c], " AB_DSP_ROWS_AT("0", "1") "]\n\t"                                       \
  "smlad %[p1c0], %[x1], %[a], %[p2c0]\n\t"                                                   \
  "ldr %[x2], [%[c], " AB_DSP_ROWS_AT("0", "2") "]\n\t"                                       \
  "smlad %[p2c0], %[x2], %[a], %[p2c0]\n\t"                                                   \
  "ldr %[b], [%[w], #4]\n\t"                                                                  \
  ".if %c[words] > 1\n\t"                                                                     \
  "smlad %[p0c1], %[x0], %[b], %[p2c1]\n\t"                                                   \
  "ldr %[a], [%[w], #8]!\n\t"                                                                 \
  "smlad %[p1c1], %[x1], %[b], %[p2c1]\n\t"                                                   \
  "ldr %[x0], [%[c], " AB_DSP_ROWS_AT("1", "0") "]\n\t"                                       \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"                                                   \
  ".set .Lab_rows_n, 1\n\t"                                                                   \
  ".rept %c[words] - 2\n\t"                                                                   \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "ldr %[x1], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n", "1") "]\n\t"                             \
  "smlad %[p1c0], %[x1], %[a], %[p1c0]\n\t"                                                   \
  "ldr %[x2], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n", "2") "]\n\t"                             \
  "smlad %[p2c0], %[x2], %[a], %[p2c0]\n\t"                                                   \
  "ldr %[b], [%[w], #4]\n\t"                                                                  \
  "smlad %[p0c1], %[x0], %[b], %[p0c1]\n\t"                                                   \
  "ldr %[a], [%[w], #8]!\n\t"                                                                 \
  "smlad %[p1c1], %[x1], %[b], %[p1c1]\n\t"                                                   \
  "ldr %[x0], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n + 1", "0") "]\n\t"                         \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"                                                   \
  ".set .Lab_rows_n, .Lab_rows_n + 1\n\t"                                                     \
  ".endr\n\t"                                                                                 \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "ldr %[x1], [%[c], " AB_DSP_ROWS_AT("%c[words] - 1", "1") "]\n\t"                           \
  "smlad %[p1c0], %[x1], %[a], %[p1c0]\n\t"                                                   \
  "ldr %[x2], [%[c], " AB_DSP_ROWS_AT("%c[words] - 1", "2") "]\n\t"                           \
  "smlad %[p2c0], %[x2], %[a], %[p2c0]\n\t"                                                   \
  "ldr %[b], [%[w], #4]\n\t"                                                                  \
  "smlad %[p0c1], %[x0], %[b], %[p0c1]\n\t"                                                   \
  "add %[w], %[w], #8\n\t"                                                                    \
  "smlad %[p1c1], %[x1], %[b], %[p1c1]\n\t"                                                   \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"                                                   \
  ".else\n\t"                                                                                 \
  "smlad %[p0c1], %[x0], %[b], %[p2c1]\n\t"                                                   \
  "add %[w], %[w], #8\n\t"                                                                    \
  "smlad %[p1c1], %[x1], %[b], %[p2c1]\n\t"                                                   \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"                                                   \
  ".endif"
#else
/* For the Cortex-M4: per word one run of five loads (6 cycles, pipelined), then the six
 * multiplies. The first word: the biases in the same run of loads, no register copies. */
#define AB_DSP_ROWS_DOT                                                                        \
  "ldr %[x0], [%[c], " AB_DSP_ROWS_AT("0", "0") "]\n\t"                                       \
  "ldr %[x1], [%[c], " AB_DSP_ROWS_AT("0", "1") "]\n\t"                                       \
  "ldr %[x2], [%[c], " AB_DSP_ROWS_AT("0", "2") "]\n\t"                                       \
  "ldr %[p0c1], [%[w], #4]\n\t"                                                               \
  "ldr %[b], [%[w], #12]\n\t"                                                                 \
  "ldr %[a], [%[w], #8]\n\t"                                                                  \
  "ldr %[p0c0], [%[w]], #16\n\t"                                                              \
  "smlad %[p1c0], %[x1], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p2c0], %[x2], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p1c1], %[x1], %[b], %[p0c1]\n\t"                                                   \
  "smlad %[p2c1], %[x2], %[b], %[p0c1]\n\t"                                                   \
  "smlad %[p0c1], %[x0], %[b], %[p0c1]\n\t"                                                   \
  ".set .Lab_rows_n, 1\n\t"                                                                   \
  ".rept %c[words] - 1\n\t"                                                                   \
  "ldr %[x0], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n", "0") "]\n\t"                             \
  "ldr %[x1], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n", "1") "]\n\t"                             \
  "ldr %[x2], [%[c], " AB_DSP_ROWS_AT(".Lab_rows_n", "2") "]\n\t"                             \
  "ldr %[b], [%[w], #4]\n\t"                                                                  \
  "ldr %[a], [%[w]], #8\n\t"                                                                  \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p1c0], %[x1], %[a], %[p1c0]\n\t"                                                   \
  "smlad %[p2c0], %[x2], %[a], %[p2c0]\n\t"                                                   \
  "smlad %[p0c1], %[x0], %[b], %[p0c1]\n\t"                                                   \
  "smlad %[p1c1], %[x1], %[b], %[p1c1]\n\t"                                                   \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"                                                   \
  ".set .Lab_rows_n, .Lab_rows_n + 1\n\t"                                                     \
  ".endr"
#endif
#endif

/* The dot products of the pixels whose windows start at c[0], c[step] and c[2 * step] with the
 * channel pair whose stream starts at *w_at (advanced past its weights): its two biases, then
 * its weights. */
AB_DSP_INLINE ab_dsp_acc3x2 ab_dsp_rows_dot(const uint32_t* c, const uint32_t** w_at,
                                            const ab_dsp_conv2d_rows_params* p) {
  const ab_idx_t slot_words = p->copies * p->copy_words, step = p->ref.stride_w * p->ref.input.c;
  const ab_idx_t row_words = p->ref.dilation_h * slot_words; /* from a kernel row's slot to the next's */
  const uint32_t* w = *w_at;
  int32_t p0c0 = 0, p1c0 = 0, p2c0 = 0, p0c1 = 0, p1c1 = 0, p2c1 = 0; /* (set by the first word) */
#ifdef AB_DSP_ROWS_ASM
  /* (the window's geometry is a constant of the layer, its offsets within an LDR's reach:
   * rows_unsupported; else the C loop) */
  const ab_idx_t words = p->ref.filter.h * p->row_words;
  if (__builtin_constant_p(words) && __builtin_constant_p(row_words) && __builtin_constant_p(step) &&
      __builtin_constant_p(p->row_words) &&
      4 * ((p->ref.filter.h - 1) * row_words + p->row_words - 1 + 2 * step) < 4096) {
    uint32_t x0, x1, x2, a, b;
    __asm__(AB_DSP_ROWS_DOT
            : [w] "+&r"(w), [p0c0] "=&r"(p0c0), [p1c0] "=&r"(p1c0), [p2c0] "=&r"(p2c0), [p0c1] "=&r"(p0c1),
              [p1c1] "=&r"(p1c1), [p2c1] "=&r"(p2c1), [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2),
              [a] "=&r"(a), [b] "=&r"(b)
            : [c] "r"(c), [words] "i"((int32_t)words), [rw] "i"((int32_t)p->row_words),
              [rowb] "i"((int32_t)(4 * row_words)), [stepb] "i"((int32_t)(4 * step))
            : "memory");
    *w_at = w;
    const ab_dsp_acc3x2 done = {p0c0, p0c1, p1c0, p1c1, p2c0, p2c1};
    return done;
  }
#endif
  AB_UNROLL
  for (ab_idx_t k = 0; k < p->ref.filter.h; ++k) {
    AB_UNROLL
    for (ab_idx_t j = 0; j < p->row_words; ++j) {
      const ab_idx_t at0 = k * row_words + j, at1 = at0 + step, at2 = at1 + step;
      if (k == 0 && j == 0) {
        p0c0 = p1c0 = p2c0 = (int32_t)w[0];
        p0c1 = p1c1 = p2c1 = (int32_t)w[1];
        w += 2;
      }
      const uint32_t x0 = c[at0], x1 = c[at1], x2 = c[at2];
      p0c0 = ab_smlad(x0, w[0], p0c0);
      p1c0 = ab_smlad(x1, w[0], p1c0);
      p2c0 = ab_smlad(x2, w[0], p2c0);
      p0c1 = ab_smlad(x0, w[1], p0c1);
      p1c1 = ab_smlad(x1, w[1], p1c1);
      p2c1 = ab_smlad(x2, w[1], p2c1);
      w += 2;
    }
  }
  *w_at = w;
  const ab_dsp_acc3x2 acc = {p0c0, p0c1, p1c0, p1c1, p2c0, p2c1};
  return acc;
}

/* Three pixels two apart, every channel pair: the windows start at c[0], c[step], c[2 * step];
 * the outputs go to out, out + 2 * cout, out + 4 * cout. Each pair's stream ends with its two
 * channels' table entries, read through the same pointer as its weights. */
AB_DSP_INLINE void ab_dsp_rows_three(const ab_dsp_conv2d_rows_params* p, const uint32_t* c, const uint32_t* wide,
                                     int8_t* out) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c;
  const uint32_t* w = wide;
  /* not unrolled: GCC sizes the asm statement by its lines, not by its .rept, and copies of the
   * window's code would outgrow the L4R5's 1 KB instruction cache */
  _Pragma("GCC unroll 1") for (ab_idx_t oc = 0; oc < cout; oc += 2, w += 2 * AB_DSP_RQ_STRIDE) {
    const ab_dsp_acc3x2 a = ab_dsp_rows_dot(c, &w, p);
    ab_dsp_store3x2(a, (const int32_t*)w, out + oc, 2 * cout, 3, oc + 1 < cout, p->requant, p->acc_shift, r->act_min,
                    r->act_max);
  }
}

/* One row of outputs from the slots whose first, `rows`, holds its window's first input row. It is
 * done in two passes, the even pixels and the odd ones, three at a time: pixels two apart have
 * windows `step` words apart in the same copy of the rows. A pass's last one or two pixels are
 * computed as three (the third in the slots' slack) into `last`, then copied: no pixel is tested
 * for being there. */
AB_DSP_INLINE void ab_dsp_rows_outputs(const ab_dsp_conv2d_rows_params* p, const uint32_t* rows, const uint32_t* wide,
                                       int8_t* out_row, int8_t* last) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, step = r->stride_w * r->input.c;
  for (ab_idx_t parity = 0; parity < 2 && parity < r->output.w; ++parity) {
    /* odd pixels read the second copy, if any, where their windows start on a word */
    const int second = p->copies == 2 && parity == 1;
    const uint32_t* const first = rows + (second ? p->copy_words + (step + 1) / 2 : parity * step / 2);
    const ab_idx_t pixels = (r->output.w - parity + 1) / 2, threes = (pixels + 2) / 3, rest = pixels % 3;
    for (ab_idx_t t = 0; t < threes; ++t) {
      int8_t* const out = rest != 0 && t + 1 == threes ? last : out_row + (parity + 6 * t) * cout;
      ab_dsp_rows_three(p, first + 3 * t * step, wide, out);
    }
    if (rest != 0) {
      int8_t* const to = out_row + (parity + 6 * (threes - 1)) * cout;
      for (ab_idx_t q = 0; q < rest; ++q) {
        for (ab_idx_t oc = 0; oc < cout; ++oc) to[2 * q * cout + oc] = last[2 * q * cout + oc];
      }
    }
  }
}

/* weights: the prepare step's int8 bytes (ab_dsp_conv2d_rows_params), widened on every run.
 * scratch (word-aligned): `span` slots, copies * copy_words words each (a multiple of 16); per
 * channel pair its stream: the two biases, the widened weights (2 * kh * row_words words), the
 * two channels' requantization table entries; 5 * cout bytes for a row's last pixels. */
AB_DSP_INLINE void ab_dsp_conv2d_rows_s8(const ab_dsp_conv2d_rows_params* p, const int8_t* AB_RESTRICT input,
                                         const void* AB_RESTRICT weights, int8_t* AB_RESTRICT output,
                                         void* AB_RESTRICT scratch) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, pairs = (cout + 1) / 2, slot_words = p->copies * p->copy_words;
  const ab_idx_t pair_words = 2 * r->filter.h * p->row_words, stream_words = 2 + pair_words + 2 * AB_DSP_RQ_STRIDE;
  uint32_t* const slots = (uint32_t*)scratch;
  uint32_t* const wide = slots + p->span * slot_words;
  int8_t* const last = (int8_t*)(wide + pairs * stream_words);
  for (ab_idx_t pair = 0; pair < pairs; ++pair) {
    uint32_t* const stream = wide + pair * stream_words;
    const int32_t* const rq = p->rq + 2 * pair * AB_DSP_RQ_STRIDE;
    stream[0] = (uint32_t)rq[0];
    stream[1] = (uint32_t)rq[AB_DSP_RQ_STRIDE];
    ab_dsp_widen_weights(stream + 2, (const uint32_t*)weights + pair * pair_words / 2, pair_words / 2,
                         p->widen_doubles);
    ab_dsp_copy_rq((int32_t*)(stream + 2 + pair_words), rq, 1);
  }
  /* the padding columns: the zero point, which no widened row overwrites */
  const uint32_t zz = ab_pack16(-r->input_offset, -r->input_offset);
  for (ab_idx_t i = 0; i < p->span * slot_words; ++i) slots[i] = zz;

  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    for (ab_idx_t oy = 0; oy < r->output.h; oy += p->out_rows) {
      ab_dsp_rows_fill_slots(slots, p, image, oy, oy == 0);
      for (ab_idx_t g = 0; g < p->out_rows && oy + g < r->output.h; ++g) {
        ab_dsp_rows_outputs(p, slots + g * r->stride_h * slot_words, wide,
                            output + ((b * r->output.h + oy + g) * r->output.w) * cout, last);
      }
    }
  }
}

#endif /* AB_DSP_CONV2D_ROWS_H */
