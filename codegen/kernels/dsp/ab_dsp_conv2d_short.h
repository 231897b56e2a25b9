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
#include "ab_dsp_cpu.h"
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
/* A channel's requantization (AB_DSP_RQ_FOLDED_CLAMPED, the activation range all of int8) and
 * its four stores, the constants in v0, v1, xa, the pixels' first output in xb. */
#define AB_DSP_SHORT_RQ4(acc, o0, o1, o2, o3)                                                  \
  "smmlar %[" acc "0], %[" acc "0], %[v0], %[v1]\n\t"                                       \
  "smmlar %[" acc "1], %[" acc "1], %[v0], %[v1]\n\t"                                       \
  "smmlar %[" acc "2], %[" acc "2], %[v0], %[v1]\n\t"                                       \
  "smmlar %[" acc "3], %[" acc "3], %[v0], %[v1]\n\t"                                       \
  "asr %[" acc "0], %[" acc "0], %[xa]\n\t"                                                 \
  "asr %[" acc "1], %[" acc "1], %[xa]\n\t"                                                 \
  "asr %[" acc "2], %[" acc "2], %[xa]\n\t"                                                 \
  "asr %[" acc "3], %[" acc "3], %[xa]\n\t"                                                 \
  "ssat %[" acc "0], #8, %[" acc "0]\n\t"                                                   \
  "ssat %[" acc "1], #8, %[" acc "1]\n\t"                                                   \
  "ssat %[" acc "2], #8, %[" acc "2]\n\t"                                                   \
  "ssat %[" acc "3], #8, %[" acc "3]\n\t"                                                   \
  "strb %[" acc "0], [%[xb], %[" o0 "]]\n\t"                                                \
  "strb %[" acc "1], [%[xb], %[" o1 "]]\n\t"                                                \
  "strb %[" acc "2], [%[xb], %[" o2 "]]\n\t"                                                \
  "strb %[" acc "3], [%[xb], %[" o3 "]]\n\t"
/* After a channel pair's dot products (c then points past the columns, at the slot holding the
 * output pointer and the stream's end): both channels' constants (each a run of loads, the output
 * pointer in the first), requantization and stores, the output pointer advanced and kept, the
 * columns' pointer rewound, and the next pair until the stream ends. */
#define AB_DSP_SHORT_RQ_TAIL                                                                   \
  "ldr %[v1], [%[w], #4]\n\t"                                                               \
  "ldr %[xa], [%[w], #8]\n\t"                                                               \
  "ldr %[xb], [%[c]]\n\t"                                                                   \
  "ldr %[v0], [%[w]], #12\n\t"                                                              \
  AB_DSP_SHORT_RQ4("a", "q0", "q1", "q2", "q3")                                               \
  "ldr %[v1], [%[w], #4]\n\t"                                                               \
  "ldr %[xa], [%[w], #8]\n\t"                                                               \
  "ldr %[v0], [%[w]], #12\n\t"                                                              \
  AB_DSP_SHORT_RQ4("b", "r0", "r1", "r2", "r3")                                               \
  "add %[xb], %[xb], #2\n\t"                                                                \
  "str %[xb], [%[c]]\n\t"                                                                   \
  "ldr %[v0], [%[c], #4]\n\t"                                                               \
  "sub %[c], %[c], %[back]\n\t"                                                             \
  "cmp %[w], %[v0]\n\t"                                                                     \
  "bne 1b\n\t"
#if AB_DSP_DUAL_ISSUE
/* The same loop for a dual-issue core (the Cortex-M7), whose loads pair only behind a
 * non-memory instruction and multiplies and saturations issue only first: each load behind a
 * multiply that does not wait for it (8 cycles a column word, against 14 for the runs of loads
 * above), the requantization's multiplies, shifts, saturations and stores of the two channels
 * interleaved. A column word starts with the channel's first weight word (v0) and pixel 0's word
 * (xa) loaded by the word before, which also loads the next ones: after the last word, the
 * multiplier (v0) and the output pointer (xa); w then points one word past what v0 holds, c at
 * the column word's first word. */
#define AB_DSP_SHORT_DUAL_FIRST_WORD                                                           \
  "ldr %[b0], [%[w], #4]\n\t"                                                                \
  "ldr %[v0], [%[w], #8]\n\t"                                                                \
  "ldr %[xb], [%[c], #4]\n\t"                                                                \
  "ldr %[a0], [%[w]], #12\n\t"                                                               \
  "smlad %[a1], %[xb], %[v0], %[a0]\n\t"                                                     \
  "ldr %[v1], [%[w]], #4\n\t"                                                                \
  "smlad %[b1], %[xb], %[v1], %[b0]\n\t"                                                     \
  "ldr %[xb], [%[c], #8]\n\t"                                                                \
  "smlad %[a2], %[xb], %[v0], %[a0]\n\t"                                                     \
  "ldr %[xa], [%[c]]\n\t"                                                                    \
  "smlad %[b2], %[xb], %[v1], %[b0]\n\t"                                                     \
  "ldr %[xb], [%[c], #12]\n\t"                                                               \
  "smlad %[a3], %[xb], %[v0], %[a0]\n\t"                                                     \
  "smlad %[b3], %[xb], %[v1], %[b0]\n\t"                                                     \
  "smlad %[a0], %[xa], %[v0], %[a0]\n\t"                                                     \
  "ldr %[v0], [%[w]], #4\n\t"                                                                \
  "smlad %[b0], %[xa], %[v1], %[b0]\n\t"                                                     \
  "ldr %[xa], [%[c], #16]!\n\t"
#define AB_DSP_SHORT_DUAL_WORD                                                                 \
  "smlad %[a0], %[xa], %[v0], %[a0]\n\t"                                                     \
  "ldr %[v1], [%[w]], #4\n\t"                                                                \
  "smlad %[b0], %[xa], %[v1], %[b0]\n\t"                                                     \
  "ldr %[xb], [%[c], #4]\n\t"                                                                \
  "smlad %[a1], %[xb], %[v0], %[a1]\n\t"                                                     \
  "ldr %[xa], [%[c], #8]\n\t"                                                                \
  "smlad %[b1], %[xb], %[v1], %[b1]\n\t"                                                     \
  "ldr %[xb], [%[c], #12]\n\t"                                                               \
  "smlad %[a2], %[xa], %[v0], %[a2]\n\t"                                                     \
  "smlad %[b2], %[xa], %[v1], %[b2]\n\t"                                                     \
  "ldr %[xa], [%[c], #16]!\n\t"                                                              \
  "smlad %[a3], %[xb], %[v0], %[a3]\n\t"                                                     \
  "smlad %[b3], %[xb], %[v1], %[b3]\n\t"                                                     \
  "ldr %[v0], [%[w]], #4\n\t"
/* v0: the even channel's multiplier, xa: the output pointer, w at its rounding, c at the slot of
 * the output pointer. Each SMMLAR or SSAT (first of a pair) takes a shift, load or store behind
 * it where its operands are ready. */
#define AB_DSP_SHORT_DUAL_RQ_TAIL                                                              \
  "ldr %[v1], [%[w]], #4\n\t"                                                                \
  "smmlar %[a0], %[a0], %[v0], %[v1]\n\t"                                                    \
  "ldr %[xb], [%[w]], #4\n\t"                                                                \
  "smmlar %[a1], %[a1], %[v0], %[v1]\n\t"                                                    \
  "smmlar %[a2], %[a2], %[v0], %[v1]\n\t"                                                    \
  "asr %[a0], %[a0], %[xb]\n\t"                                                              \
  "smmlar %[a3], %[a3], %[v0], %[v1]\n\t"                                                    \
  "asr %[a1], %[a1], %[xb]\n\t"                                                              \
  "asr %[a2], %[a2], %[xb]\n\t"                                                              \
  "ldr %[v0], [%[w]], #4\n\t"                                                                \
  "asr %[a3], %[a3], %[xb]\n\t"                                                              \
  "ldr %[v1], [%[w]], #4\n\t"                                                                \
  "smmlar %[b0], %[b0], %[v0], %[v1]\n\t"                                                    \
  "ldr %[xb], [%[w]], #4\n\t"                                                                \
  "ssat %[a0], #8, %[a0]\n\t"                                                                \
  "smmlar %[b1], %[b1], %[v0], %[v1]\n\t"                                                    \
  "ssat %[a1], #8, %[a1]\n\t"                                                                \
  "strb %[a0], [%[xa], %[q0]]\n\t"                                                           \
  "smmlar %[b2], %[b2], %[v0], %[v1]\n\t"                                                    \
  "asr %[b0], %[b0], %[xb]\n\t"                                                              \
  "ssat %[a2], #8, %[a2]\n\t"                                                                \
  "strb %[a1], [%[xa], %[q1]]\n\t"                                                           \
  "smmlar %[b3], %[b3], %[v0], %[v1]\n\t"                                                    \
  "asr %[b1], %[b1], %[xb]\n\t"                                                              \
  "ssat %[a3], #8, %[a3]\n\t"                                                                \
  "strb %[a2], [%[xa], %[q2]]\n\t"                                                           \
  "asr %[b2], %[b2], %[xb]\n\t"                                                              \
  "strb %[a3], [%[xa], %[q3]]\n\t"                                                           \
  "asr %[b3], %[b3], %[xb]\n\t"                                                              \
  "ssat %[b0], #8, %[b0]\n\t"                                                                \
  "ldr %[v0], [%[c], #4]\n\t"                                                                \
  "ssat %[b1], #8, %[b1]\n\t"                                                                \
  "add %[xb], %[xa], #2\n\t"                                                                 \
  "ssat %[b2], #8, %[b2]\n\t"                                                                \
  "str %[xb], [%[c]]\n\t"                                                                    \
  "ssat %[b3], #8, %[b3]\n\t"                                                                \
  "strb %[b0], [%[xa], %[r0]]\n\t"                                                           \
  "sub %[c], %[c], %[back]\n\t"                                                              \
  "strb %[b1], [%[xa], %[r1]]\n\t"                                                           \
  "cmp %[w], %[v0]\n\t"                                                                      \
  "strb %[b2], [%[xa], %[r2]]\n\t"                                                           \
  "strb %[b3], [%[xa], %[r3]]\n\t"                                                           \
  "bne 1b\n\t"
#define AB_DSP_SHORT_LOOP_FIRST AB_DSP_SHORT_DUAL_FIRST_WORD
#define AB_DSP_SHORT_LOOP_WORD AB_DSP_SHORT_DUAL_WORD
#define AB_DSP_SHORT_LOOP_TAIL AB_DSP_SHORT_DUAL_RQ_TAIL
#else
#define AB_DSP_SHORT_LOOP_FIRST AB_DSP_SHORT_FIRST_WORD
#define AB_DSP_SHORT_LOOP_WORD AB_DSP_SHORT_WORD
#define AB_DSP_SHORT_LOOP_TAIL AB_DSP_SHORT_RQ_TAIL
#endif
#define AB_DSP_SHORT_DOT1 AB_DSP_SHORT_LOOP_FIRST AB_DSP_SHORT_LOOP_WORD
#define AB_DSP_SHORT_DOT2 AB_DSP_SHORT_DOT1 AB_DSP_SHORT_LOOP_WORD AB_DSP_SHORT_LOOP_WORD
#define AB_DSP_SHORT_DOT3 AB_DSP_SHORT_DOT2 AB_DSP_SHORT_LOOP_WORD AB_DSP_SHORT_LOOP_WORD
#define AB_DSP_SHORT_DOT4 AB_DSP_SHORT_DOT3 AB_DSP_SHORT_LOOP_WORD AB_DSP_SHORT_LOOP_WORD
/* Every channel pair of four pixels in one loop: the whole pair in 14 registers, nothing spilled.
 * The stores' offsets (pixel k at k * cout) are immediates: a constant of the layer. */
#define AB_DSP_SHORT_PAIRS(dot, cout, groups, w, c)                                             \
  do {                                                                                         \
    int32_t a0, a1, a2, a3, b0, b1, b2, b3;                                                    \
    uint32_t v0, v1, xa, xb;                                                                   \
    __asm__ volatile("1:\n\t" dot AB_DSP_SHORT_LOOP_TAIL                                      \
                     : [w] "+&r"(w), [c] "+&r"(c), [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), \
                       [a3] "=&r"(a3), [b0] "=&r"(b0), [b1] "=&r"(b1), [b2] "=&r"(b2), [b3] "=&r"(b3), \
                       [v0] "=&r"(v0), [v1] "=&r"(v1), [xa] "=&r"(xa), [xb] "=&r"(xb)           \
                     : [q0] "n"(0), [q1] "n"(cout), [q2] "n"(2 * (cout)), [q3] "n"(3 * (cout)),   \
                       [r0] "n"(1), [r1] "n"((cout) + 1), [r2] "n"(2 * (cout) + 1),              \
                       [r3] "n"(3 * (cout) + 1), [back] "n"(32 * (groups))                      \
                     : "cc", "memory");                                                        \
  } while (0)
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
 * the four pixels' columns (32 * groups bytes), two words (the asm loop's output pointer and the
 * stream's end), then, if to_ram, a copy of the stream.
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
    uint32_t* const copy = cols + 8 * groups + 2;
    AB_UNROLL4
    for (ab_idx_t i = 0; i < (cout + 1) / 2 * pair_words; ++i) copy[i] = stream[i];
    stream = copy;
  }
  ab_idx_t px = 0;
  for (; px + 4 <= pixels; px += 4) {
    ab_dsp_short_expand4(cols, input + px * cin, cin, groups);
    const uint32_t* w = stream;
    int8_t* const out = output + px * cout;
#ifdef AB_DSP_SHORT_PAIRS
    if (__builtin_constant_p(cout) && __builtin_constant_p(groups) && cout % 2 == 0 && 3 * cout + 1 < 4096 &&
        p->requant == AB_DSP_RQ_FOLDED_CLAMPED && p->acc_shift == 0 && r->act_min == -128 && r->act_max == 127) {
      const uint32_t* c = cols;
      cols[8 * groups] = (uint32_t)(uintptr_t)out;
      cols[8 * groups + 1] = (uint32_t)(uintptr_t)(stream + cout / 2 * pair_words);
      switch (groups) {
        case 1: AB_DSP_SHORT_PAIRS(AB_DSP_SHORT_DOT1, cout, 1, w, c); break;
        case 2: AB_DSP_SHORT_PAIRS(AB_DSP_SHORT_DOT2, cout, 2, w, c); break;
        case 3: AB_DSP_SHORT_PAIRS(AB_DSP_SHORT_DOT3, cout, 3, w, c); break;
        default: AB_DSP_SHORT_PAIRS(AB_DSP_SHORT_DOT4, cout, 4, w, c); break;
      }
      continue;
    }
#endif
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
