/* FULLY_CONNECTED with the DSP extension: each input row is expanded once into int16 lanes in
 * the scratch memory (groups of four features as [e0,e2],[e1,e3], what SXTB16 and SXTB16 ROR #8
 * make of four bytes), then four output channels at a time take their dot products with it,
 * SMLAD doing two multiply-accumulates per instruction. One post-incremented LDRD reads a
 * group of the row; the weights of a block of four channels are interleaved group by group, so
 * one pointer walks them with LDRDs too.
 *
 * The input offset is folded into the bias at generation time (ab_dsp_requant.h's table). A
 * nonzero weights zero point (per-tensor quantization) adds filter_offset * (sum of the input
 * row) to every accumulator, the row's sum taken while expanding it.
 *
 * Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_FULLY_CONNECTED_H
#define AB_DSP_FULLY_CONNECTED_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* Output channels computed together. */
#define AB_DSP_FC_BLOCK 4

typedef struct ab_dsp_fc_acc {
  int32_t a[AB_DSP_FC_BLOCK];
} ab_dsp_fc_acc;

/* Expands `depth` input features (any alignment) into col: two words per group of four, the
 * last group padded with zeros. Returns their sum if `want_sum`, else 0. */
AB_DSP_INLINE int32_t ab_dsp_fc_expand(uint32_t* col, const int8_t* src, ab_idx_t depth, int32_t want_sum) {
  const ab_idx_t whole = depth / 4;
  int32_t sum = 0;
  for (ab_idx_t g = 0; g < whole; ++g) {
    const uint32_t x = ab_read_u32(src + 4 * g);
    const uint32_t lo = ab_sxtb16(x), hi = ab_sxtb16_ror8(x);
    col[2 * g] = lo;
    col[2 * g + 1] = hi;
    if (want_sum) {
      sum = ab_smlad(lo, 0x00010001u, sum);
      sum = ab_smlad(hi, 0x00010001u, sum);
    }
  }
  if (depth % 4 != 0) {
    const int8_t* t = src + 4 * whole;
    const int32_t e0 = t[0], e1 = depth % 4 > 1 ? t[1] : 0, e2 = depth % 4 > 2 ? t[2] : 0;
    col[2 * whole] = ab_pack16(e0, e2);
    col[2 * whole + 1] = ab_pack16(e1, 0);
    if (want_sum) sum += e0 + e1 + e2;
  }
  return sum;
}

#if AB_DSP_NATIVE && defined(__OPTIMIZE__)
/* The int8-weight loop of a full block written for the Cortex-M4's load pipeline, as
 * ab_dsp_conv2d.h's: a group's two row words and two channels' weight words are one run of four
 * single LDRs (a run of n independent LDRs takes n + 1 cycles, an LDRD 3 for two words), the
 * other two channels' words a run of two, each pointer advanced by the last load from it; four
 * or two groups per taken branch. 24 cycles a group of 16 MACs plus 4 per branch (29 in C), before
 * flash wait states. 12 registers, hence only when optimizing; every operand early-clobber, so
 * that the end pointer never shares a register with an operand that happens to hold its value. */
#define AB_DSP_FC_W8_ASM 1
#define AB_DSP_FC_W8_CHANNEL(acc, wv)                                                          \
  "sxtb16 %[t], %[" wv "]\n\t"                                                                 \
  "smlad %[" acc "], %[x], %[t], %[" acc "]\n\t"                                               \
  "sxtb16 %[" wv "], %[" wv "], ror #8\n\t"                                                    \
  "smlad %[" acc "], %[y], %[" wv "], %[" acc "]\n\t"
#define AB_DSP_FC_W8_GROUP                                                                     \
  "ldr %[y], [%[c], #4]\n\t"                                                                  \
  "ldr %[x], [%[c]], #8\n\t"                                                                  \
  "ldr %[wa], [%[w], #8]\n\t"                                                                 \
  "ldr %[wb], [%[w], #12]\n\t" AB_DSP_FC_W8_CHANNEL("a2", "wa") AB_DSP_FC_W8_CHANNEL("a3", "wb") \
  "ldr %[wb], [%[w], #4]\n\t"                                                                 \
  "ldr %[wa], [%[w]], #16\n\t" AB_DSP_FC_W8_CHANNEL("a0", "wa") AB_DSP_FC_W8_CHANNEL("a1", "wb")
#endif

/* Adds the dot products of the expanded row with `nc` (1..4) channels' weights to acc. w: the
 * block's weights, per group the nc channels' words in order (one word of four int8 each, or
 * two words of int16 lanes [e0,e2],[e1,e3]). */
AB_DSP_INLINE void ab_dsp_fc_block(ab_dsp_fc_acc* acc, const uint32_t* col, const uint32_t* w, ab_idx_t groups,
                                   ab_idx_t nc, int32_t format) {
  ab_dsp_fc_acc a = *acc;
  const uint32_t* const end = col + 2 * groups;
#ifdef AB_DSP_FC_W8_ASM
#define AB_DSP_FC_W8_LOOP(body)                                                                     \
  __asm__("1:\n\t" body "cmp %[c], %[end]\n\t"                                                      \
          "bne 1b"                                                                                \
          : [c] "+&r"(col), [w] "+&r"(w), [a0] "+&r"(a.a[0]), [a1] "+&r"(a.a[1]), [a2] "+&r"(a.a[2]),     \
            [a3] "+&r"(a.a[3]), [x] "=&r"(x), [y] "=&r"(y), [wa] "=&r"(wa), [wb] "=&r"(wb), [t] "=&r"(t) \
          : [end] "r"(loop_end)                                                                   \
          : "cc", "memory")
  if (format == AB_DSP_W8 && nc == AB_DSP_FC_BLOCK && groups >= 2) {
    /* four groups per branch where they divide (a constant of the layer), else two; an odd last
     * group is left to the C loop below */
    uint32_t x, y, wa, wb, t;
    if (groups % 4 == 0) {
      const uint32_t* const loop_end = end;
      AB_DSP_FC_W8_LOOP(AB_DSP_FC_W8_GROUP AB_DSP_FC_W8_GROUP AB_DSP_FC_W8_GROUP AB_DSP_FC_W8_GROUP);
    } else {
      const uint32_t* const loop_end = col + 4 * (groups / 2);
      AB_DSP_FC_W8_LOOP(AB_DSP_FC_W8_GROUP AB_DSP_FC_W8_GROUP);
    }
  }
#undef AB_DSP_FC_W8_LOOP
#endif
  while (col != end) {
    uint32_t x, y;
    ab_load_pair(&col, &x, &y);
    if (format == AB_DSP_W8) {
      AB_UNROLL
      for (ab_idx_t c = 0; c < nc; c += 2) {
        uint32_t wa, wb = 0;
        if (c + 1 < nc) {
          ab_load_pair(&w, &wa, &wb);
        } else {
          wa = *w++;
        }
        a.a[c] = ab_smlad(x, ab_sxtb16(wa), a.a[c]);
        a.a[c] = ab_smlad(y, ab_sxtb16_ror8(wa), a.a[c]);
        if (c + 1 < nc) {
          a.a[c + 1] = ab_smlad(x, ab_sxtb16(wb), a.a[c + 1]);
          a.a[c + 1] = ab_smlad(y, ab_sxtb16_ror8(wb), a.a[c + 1]);
        }
      }
    } else {
      AB_UNROLL
      for (ab_idx_t c = 0; c < nc; ++c) {
        uint32_t lo, hi;
        ab_load_pair(&w, &lo, &hi);
        a.a[c] = ab_smlad(x, lo, a.a[c]);
        a.a[c] = ab_smlad(y, hi, a.a[c]);
      }
    }
  }
  *acc = a;
}

/* One block of nc output channels of one input row: start values, dot products, requantization. */
AB_DSP_INLINE void ab_dsp_fc_channels(const ab_dsp_fully_connected_params* p, const uint32_t* col,
                                      const uint32_t* w, const int32_t* rq, int32_t extra, ab_idx_t nc,
                                      int8_t* out) {
  const ab_fully_connected_params* r = &p->ref;
  ab_dsp_fc_acc acc = {{0, 0, 0, 0}};
  AB_UNROLL
  for (ab_idx_t c = 0; c < nc; ++c) acc.a[c] = rq[c * AB_DSP_RQ_STRIDE] + extra;
  ab_dsp_fc_block(&acc, col, w, p->groups, nc, p->weights);
  AB_UNROLL
  for (ab_idx_t c = 0; c < nc; ++c) {
    out[c] = ab_dsp_requantize(acc.a[c], rq + c * AB_DSP_RQ_STRIDE, p->requant, p->acc_shift, r->act_min,
                               r->act_max);
  }
}

/* weights: blocks of four output channels (the last block holds output_depth % 4 when that is
 * not 0), in each block group by group the channels' words (ab_dsp_weight_format), features
 * past accum_depth zero. scratch: the expanded row, 8 * groups bytes, word-aligned. */
AB_DSP_INLINE void ab_dsp_fully_connected_s8(const ab_dsp_fully_connected_params* p, const int8_t* input,
                                             const void* weights, int8_t* output, void* scratch) {
  const ab_fully_connected_params* r = &p->ref;
  const ab_idx_t cout = r->output_depth, full = cout / AB_DSP_FC_BLOCK * AB_DSP_FC_BLOCK;
  const ab_idx_t channel_words = (p->weights == AB_DSP_W8 ? 1 : 2) * p->groups;
  uint32_t* const col = (uint32_t*)scratch;
  for (ab_idx_t b = 0; b < r->batches; ++b) {
    const int32_t sum = ab_dsp_fc_expand(col, input + b * r->accum_depth, r->accum_depth, p->filter_offset != 0);
    const int32_t extra = p->filter_offset != 0 ? (int32_t)((uint32_t)p->filter_offset * (uint32_t)sum) : 0;
    const uint32_t* w = (const uint32_t*)weights;
    const int32_t* rq = p->rq;
    int8_t* out = output + b * cout;
    for (ab_idx_t oc = 0; oc < full; oc += AB_DSP_FC_BLOCK) {
      ab_dsp_fc_channels(p, col, w, rq, extra, AB_DSP_FC_BLOCK, out + oc);
      w += AB_DSP_FC_BLOCK * channel_words;
      rq += AB_DSP_FC_BLOCK * AB_DSP_RQ_STRIDE;
    }
    if (cout > full) ab_dsp_fc_channels(p, col, w, rq, extra, cout - full, out + full);
  }
}

#endif /* AB_DSP_FULLY_CONNECTED_H */
