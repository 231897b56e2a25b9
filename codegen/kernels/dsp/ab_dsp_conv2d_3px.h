/* Pointwise CONV_2D with int16 weight lanes, three pixels by two output channels at a time: the
 * register block of the wide 1x1 layers. Six accumulators take one column word of each of the
 * three pixels against one weight word of each of the two channels: five loads for six SMLADs,
 * where the two-pixel block of ab_dsp_conv2d.h loads six words for eight.
 *
 * Column layout: as ab_dsp_conv2d.h's (groups of four reduction elements as the words
 * [e0,e2],[e1,e3]), the three pixels' columns interleaved group by group (pixel 0's two words,
 * pixel 1's, pixel 2's), so one pointer walks all three. The weights are ab_dsp_conv2d.h's
 * int16 layout (per group: the even channel's two words, then the odd one's), read as stored or
 * widened into RAM (AB_DSP_W8_TO_RAM). A last block of one or two pixels repeats its last pixel
 * in the missing columns and writes only its own outputs. */
#ifndef AB_DSP_CONV2D_3PX_H
#define AB_DSP_CONV2D_3PX_H

#include "ab_dsp_conv2d.h"

typedef struct ab_dsp_acc3x2 {
  int32_t p0c0, p0c1, p1c0, p1c1, p2c0, p2c1;
} ab_dsp_acc3x2;

/* Expands `groups` groups of four bytes into pixel k's words of a three-pixel column (col points
 * at the pixel's first word): group g's two words at col[6g] and col[6g + 1]. */
AB_DSP_INLINE void ab_dsp_expand_3px(uint32_t* col, const int8_t* src, ab_idx_t groups) {
  ab_dsp_expand(col, src, groups, 3);
}

#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__OPTIMIZE_SIZE__) && !defined(__clang__)
/* One group for the Cortex-M4: per column word (the groups' second words first, so that the
 * last load from each pointer reads at offset 0 and advances it, post-indexed) one run of five
 * LDRs (6 cycles: three pixels' words, two channels' weights), then six SMLADs: 24 cycles for 24
 * MACs. 13 registers (six accumulators, five operands, two pointers), hence only when optimizing
 * for speed (no frame pointer; at -Os GCC keeps registers for the layer's constants and cannot
 * find them), and only with GCC: clang 14 keeps r7 for a frame pointer in the kernel
 * and cannot allocate them (it takes the C loop). GCC does not give a fourteenth to the loop's
 * end either, so the asm pushes it and reads it back into a free operand before each compare
 * (2 cycles per branch). */
#define AB_DSP_DOT3_W16_ASM 1
#define AB_DSP_DOT3_W16_SMLADS                                                                 \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p1c0], %[x1], %[a], %[p1c0]\n\t"                                                   \
  "smlad %[p2c0], %[x2], %[a], %[p2c0]\n\t"                                                   \
  "smlad %[p0c1], %[x0], %[b], %[p0c1]\n\t"                                                   \
  "smlad %[p1c1], %[x1], %[b], %[p1c1]\n\t"                                                   \
  "smlad %[p2c1], %[x2], %[b], %[p2c1]\n\t"
#define AB_DSP_DOT3_W16_GROUP                                                                  \
  "ldr %[x0], [%[c], #4]\n\t"                                                                 \
  "ldr %[x1], [%[c], #12]\n\t"                                                                \
  "ldr %[x2], [%[c], #20]\n\t"                                                                \
  "ldr %[a], [%[w], #4]\n\t"                                                                  \
  "ldr %[b], [%[w], #12]\n\t" AB_DSP_DOT3_W16_SMLADS                                          \
  "ldr %[x1], [%[c], #8]\n\t"                                                                 \
  "ldr %[x2], [%[c], #16]\n\t"                                                                \
  "ldr %[x0], [%[c]], #24\n\t"                                                                \
  "ldr %[b], [%[w], #8]\n\t"                                                                  \
  "ldr %[a], [%[w]], #16\n\t" AB_DSP_DOT3_W16_SMLADS
/* The same sums in the order of a dual-issue core (the Cortex-M7 estimate: an SMLAD issues only
 * first of a pair, a load can be the second when its address is ready, and its word is ready the
 * next cycle). Software-pipelined over the body's column words: each word's six SMLADs (x0a x1a
 * x2a x0b x1b x2b) take as their second halves the loads of the word's own x2 and b and of the
 * next word's a, x0 and x1, each into a register its SMLAD reads for the last time: five of six
 * cycles issue a load beside a multiply, 12 cycles a group, plus two for the first word's x0 and
 * a, and none for the loop's end (the last word's free second halves). The offsets are 4 bytes
 * beyond the word's (c and w point a word early), so the last word's loads from c and w, at 24
 * and 16 bytes a group, advance them (pre-indexed). g, h: a word's group and half, stringified
 * into GAS expressions. (Was: each load between two SMLADs, 14.25 cycles a group in the same
 * estimate.) */
#define AB_DSP_D3_LDC(r, g, h, k) "ldr %[" #r "], [%[c], #(24*(" #g ")+8*" #k "+4*" #h "+4)]\n\t"
#define AB_DSP_D3_LDW(r, g, h, k) "ldr %[" #r "], [%[w], #(16*(" #g ")+8*" #k "+4*" #h "+4)]\n\t"
#define AB_DSP_D3_S(acc, x, y) "smlad %[" #acc "], %[" #x "], %[" #y "], %[" #acc "]\n\t"
/* the first word (0, 0), its x0 and a loaded ahead; then the next word's a, x0, x1 */
#define AB_DSP_D3_FIRST                                                                           \
  AB_DSP_D3_LDC(x0, 0, 0, 0) AB_DSP_D3_LDW(a, 0, 0, 0)                                          \
  AB_DSP_D3_S(p0c0, x0, a) AB_DSP_D3_LDC(x1, 0, 0, 1) AB_DSP_D3_S(p1c0, x1, a) AB_DSP_D3_LDC(x2, 0, 0, 2) \
  AB_DSP_D3_S(p2c0, x2, a) AB_DSP_D3_LDW(b, 0, 0, 1) AB_DSP_D3_S(p0c1, x0, b) AB_DSP_D3_LDW(a, 0, 1, 0) \
  AB_DSP_D3_S(p1c1, x1, b) AB_DSP_D3_LDC(x0, 0, 1, 0) AB_DSP_D3_S(p2c1, x2, b) AB_DSP_D3_LDC(x1, 0, 1, 1)
/* word (g, h), followed by word (gn, hn) */
#define AB_DSP_D3_WORD(g, h, gn, hn)                                                              \
  AB_DSP_D3_S(p0c0, x0, a) AB_DSP_D3_LDC(x2, g, h, 2) AB_DSP_D3_S(p1c0, x1, a) AB_DSP_D3_LDW(b, g, h, 1) \
  AB_DSP_D3_S(p2c0, x2, a) AB_DSP_D3_LDW(a, gn, hn, 0) AB_DSP_D3_S(p0c1, x0, b)                 \
  AB_DSP_D3_LDC(x0, gn, hn, 0) AB_DSP_D3_S(p1c1, x1, b) AB_DSP_D3_LDC(x1, gn, hn, 1) AB_DSP_D3_S(p2c1, x2, b)
#define AB_DSP_D3_GROUP(g) AB_DSP_D3_WORD(g, 0, g, 1) AB_DSP_D3_WORD(g, 1, g + 1, 0)
/* the last word (g, 1): its x2 and b pre-indexed (c and w advance by the body's g + 1 groups);
 * e3-e5, the loop's test (none may write x0 before e4), beside its third to fifth SMLADs, the
 * branch back beside the sixth */
#define AB_DSP_D3_LAST(g, e3, e4, e5)                                                             \
  AB_DSP_D3_S(p0c0, x0, a) "ldr %[x2], [%[c], #(24*(" #g "+1))]!\n\t" AB_DSP_D3_S(p1c0, x1, a)    \
  "ldr %[b], [%[w], #(16*(" #g "+1))]!\n\t" AB_DSP_D3_S(p2c0, x2, a) e3 AB_DSP_D3_S(p0c1, x0, b) e4 \
  AB_DSP_D3_S(p1c1, x1, b) e5 AB_DSP_D3_S(p2c1, x2, b) "bne 1b\n\t"
#define AB_DSP_D3_BODY1(e3, e4, e5) AB_DSP_D3_FIRST AB_DSP_D3_LAST(0, e3, e4, e5)
#define AB_DSP_D3_BODY2(e3, e4, e5)                                                               \
  AB_DSP_D3_FIRST AB_DSP_D3_WORD(0, 1, 1, 0) AB_DSP_D3_WORD(1, 0, 1, 1) AB_DSP_D3_LAST(1, e3, e4, e5)
#define AB_DSP_D3_BODY4(e3, e4, e5)                                                               \
  AB_DSP_D3_FIRST AB_DSP_D3_WORD(0, 1, 1, 0) AB_DSP_D3_GROUP(1) AB_DSP_D3_GROUP(2) AB_DSP_D3_WORD(3, 0, 3, 1) \
  AB_DSP_D3_LAST(3, e3, e4, e5)
#define AB_DSP_D3_BODY8(e3, e4, e5)                                                               \
  AB_DSP_D3_FIRST AB_DSP_D3_WORD(0, 1, 1, 0) AB_DSP_D3_GROUP(1) AB_DSP_D3_GROUP(2) AB_DSP_D3_GROUP(3)  \
  AB_DSP_D3_GROUP(4) AB_DSP_D3_GROUP(5) AB_DSP_D3_GROUP(6) AB_DSP_D3_WORD(7, 0, 7, 1) AB_DSP_D3_LAST(7, e3, e4, e5)
#endif

/* cols: a three-pixel column; w: a channel pair's int16 weights (4 words a group); dual: the
 * dual-issue order (a constant; the sums are the same); aligned: w starts on a multiple of the
 * pair's 16 * groups bytes, a power of two (AB_DSP_W16_IN_RAM's weights), so the loop ends where
 * w's low bits are 0 again instead of comparing with an end it has no register for. */
AB_DSP_INLINE ab_dsp_acc3x2 ab_dsp_dot3x2_w16_at(const uint32_t* cols, const uint32_t* w, ab_idx_t groups,
                                                 int32_t bias0, int32_t bias1, int dual, int aligned) {
  int32_t p0c0 = bias0, p0c1 = bias1, p1c0 = bias0, p1c1 = bias1, p2c0 = bias0, p2c1 = bias1;
#ifdef AB_DSP_DOT3_W16_ASM
  {
    /* (the group count is a constant of the layer) eight groups per branch on long reductions
     * (128 input channels and more) where they divide, else four, two, one: on shorter ones the
     * eight-group body missed the L4R5's instruction cache (VWW's 32-channel layer: 129 K
     * cycles of fetch stalls). The M4's loop starts word-aligned: a taken branch to a 32-bit
     * instruction that straddles a word costs it a third fetch (VWW's 6x6x128 layers: 9 K cycles
     * each); the M7 (in the estimate) predicts its branches, and a padding NOP would only cost.
     * The loop's end: pushed and read back into a free operand before each compare, or (aligned)
     * a shift of w that leaves only its low bits (3 cycles a branch against 5, no push). */
    /* x0: the end, pushed; the dual order's c and w start a word early (its offsets are +4) */
    const uint32_t early = dual ? 4u : 0u;
    uint32_t c = (uint32_t)(uintptr_t)cols - early, wp = (uint32_t)(uintptr_t)w - early;
    uint32_t x0 = (uint32_t)(uintptr_t)(cols + 6 * groups) - early, x1, x2, a, b;
#define AB_DSP_DOT3_W16_PUSHED_END "ldr %[x0], [sp]\n\tcmp %[c], %[x0]\n\tbne 1b\n\tadd sp, #4"
#define AB_DSP_DOT3_W16_ALIGNED_END "lsls %[x0], %[w], %[sh]\n\tbne 1b"
#define AB_DSP_DOT3_W16_LOOP(head, body, end, shift)                                                        \
  __asm__(head "1:\n\t" body end                                                                            \
          : [c] "+&r"(c), [w] "+&r"(wp), [p0c0] "+&r"(p0c0), [p0c1] "+&r"(p0c1), [p1c0] "+&r"(p1c0),        \
            [p1c1] "+&r"(p1c1), [p2c0] "+&r"(p2c0), [p2c1] "+&r"(p2c1), [x0] "+&r"(x0), [x1] "=&r"(x1),     \
            [x2] "=&r"(x2), [a] "=&r"(a), [b] "=&r"(b)                                                      \
          : [sh] "n"(shift)                                                                                 \
          : "cc", "memory")
#define AB_DSP_DOT3_W16_LOOPS(head, group, end, shift)                                                      \
  if (groups % 8 == 0 && groups >= 32) {                                                                    \
    AB_DSP_DOT3_W16_LOOP(head, group group group group group group group group, end, shift);                \
  } else if (groups % 4 == 0) {                                                                             \
    AB_DSP_DOT3_W16_LOOP(head, group group group group, end, shift);                                        \
  } else if (groups % 2 == 0) {                                                                             \
    AB_DSP_DOT3_W16_LOOP(head, group group, end, shift);                                                    \
  } else {                                                                                                  \
    AB_DSP_DOT3_W16_LOOP(head, group, end, shift);                                                          \
  }
/* the dual order: the loop's test is in the body (AB_DSP_D3_LAST's e3-e5) */
#define AB_DSP_DOT3_W16_DUAL_LOOPS(head, e3, e4, e5, end, shift)                                             \
  if (groups % 8 == 0 && groups >= 32) {                                                                    \
    AB_DSP_DOT3_W16_LOOP(head, AB_DSP_D3_BODY8(e3, e4, e5), end, shift);                                    \
  } else if (groups % 4 == 0) {                                                                             \
    AB_DSP_DOT3_W16_LOOP(head, AB_DSP_D3_BODY4(e3, e4, e5), end, shift);                                    \
  } else if (groups % 2 == 0) {                                                                             \
    AB_DSP_DOT3_W16_LOOP(head, AB_DSP_D3_BODY2(e3, e4, e5), end, shift);                                    \
  } else {                                                                                                  \
    AB_DSP_DOT3_W16_LOOP(head, AB_DSP_D3_BODY1(e3, e4, e5), end, shift);                                    \
  }
    if (aligned && __builtin_constant_p(groups)) {
      if (dual) { /* a: w itself again, after its last use in the body */
        AB_DSP_DOT3_W16_DUAL_LOOPS("", "add %[a], %[w], #4\n\t", "", "lsls %[a], %[a], %[sh]\n\t", "",
                                   32 - __builtin_ctz(16u * (uint32_t)groups))
      } else {
        AB_DSP_DOT3_W16_LOOPS(".p2align 2\n", AB_DSP_DOT3_W16_GROUP, AB_DSP_DOT3_W16_ALIGNED_END,
                              32 - __builtin_ctz(16u * (uint32_t)groups))
      }
    } else if (dual) {
      AB_DSP_DOT3_W16_DUAL_LOOPS("push {%[x0]}\n\t", "", "ldr %[x0], [sp]\n\t", "cmp %[c], %[x0]\n\t", "add sp, #4", 0)
    } else {
      AB_DSP_DOT3_W16_LOOPS("push {%[x0]}\n\t.p2align 2\n", AB_DSP_DOT3_W16_GROUP, AB_DSP_DOT3_W16_PUSHED_END, 0)
    }
#undef AB_DSP_DOT3_W16_DUAL_LOOPS
#undef AB_DSP_DOT3_W16_LOOPS
#undef AB_DSP_DOT3_W16_LOOP
#undef AB_DSP_DOT3_W16_ALIGNED_END
#undef AB_DSP_DOT3_W16_PUSHED_END
    const ab_dsp_acc3x2 done = {p0c0, p0c1, p1c0, p1c1, p2c0, p2c1};
    return done;
  }
#else
  (void)dual;
  (void)aligned;
  for (ab_idx_t g = 0; g < groups; ++g, cols += 6, w += 4) {
    for (ab_idx_t h = 0; h < 2; ++h) {
      const uint32_t a = w[h], b = w[2 + h];
      p0c0 = ab_smlad(cols[h], a, p0c0);
      p1c0 = ab_smlad(cols[2 + h], a, p1c0);
      p2c0 = ab_smlad(cols[4 + h], a, p2c0);
      p0c1 = ab_smlad(cols[h], b, p0c1);
      p1c1 = ab_smlad(cols[2 + h], b, p1c1);
      p2c1 = ab_smlad(cols[4 + h], b, p2c1);
    }
  }
  const ab_dsp_acc3x2 acc = {p0c0, p0c1, p1c0, p1c1, p2c0, p2c1};
  return acc;
#endif
}

/* The same for any w (the loop's end pushed). */
AB_DSP_INLINE ab_dsp_acc3x2 ab_dsp_dot3x2_w16(const uint32_t* cols, const uint32_t* w, ab_idx_t groups, int32_t bias0,
                                              int32_t bias1, int dual) {
  return ab_dsp_dot3x2_w16_at(cols, w, groups, bias0, bias1, dual, 0);
}

/* Only for the test that proves a wrong result on the device is caught (no build of aotbench
 * defines AB_DSP_FAULT_INJECTION): a block's first output one too high. A flipped low bit, as the
 * two-pixel kernel injects, did not reach kws's output at one output in six (+1 and -1 cancel). */
AB_DSP_INLINE void ab_dsp_inject_fault(int8_t* out) {
#if defined(AB_DSP_FAULT_INJECTION) && AB_DSP_NATIVE
  out[0] = (int8_t)(out[0] < 127 ? out[0] + 1 : 126);
#else
  (void)out;
#endif
}

/* Requantizes a three-pixel by two-channel block and stores its first n (1-3) pixels' outputs,
 * pixel k's at out + k * step: the even channel at out[0], the odd one at out[1] unless `odd` is 0
 * (the padding channel of an odd count). rq: the even channel's table entry, the odd one's after
 * it. Channel by channel, every pixel: each channel's constants loaded once. Inlined with n and
 * step constants, so the full blocks test nothing. */
AB_DSP_INLINE void ab_dsp_store3x2(ab_dsp_acc3x2 a, const int32_t* rq, int8_t* out, ab_idx_t step, ab_idx_t n,
                                   int odd, int32_t mode, int32_t acc_shift, int32_t act_min, int32_t act_max) {
  const ab_dsp_channel c0 = ab_dsp_channel_at(rq);
  out[0] = ab_dsp_requantize_channel(a.p0c0, c0, mode, acc_shift, act_min, act_max);
  if (n > 1) out[step] = ab_dsp_requantize_channel(a.p1c0, c0, mode, acc_shift, act_min, act_max);
  if (n > 2) out[2 * step] = ab_dsp_requantize_channel(a.p2c0, c0, mode, acc_shift, act_min, act_max);
  ab_dsp_inject_fault(out);
  if (!odd) return;
  const ab_dsp_channel c1 = ab_dsp_channel_at(rq + AB_DSP_RQ_STRIDE);
  out[1] = ab_dsp_requantize_channel(a.p0c1, c1, mode, acc_shift, act_min, act_max);
  if (n > 1) out[step + 1] = ab_dsp_requantize_channel(a.p1c1, c1, mode, acc_shift, act_min, act_max);
  if (n > 2) out[2 * step + 1] = ab_dsp_requantize_channel(a.p2c1, c1, mode, acc_shift, act_min, act_max);
}

#ifdef AB_DSP_DOT3_W16_ASM
/* ab_dsp_store3x2 of a full block (three pixels, both channels) for the folded requantization
 * clamped to the whole int8 range (AB_DSP_RQ_FOLDED_CLAMPED, no accumulator shift: SMMLAR, ASR,
 * SSAT #8), in one of two orders (GCC's code for the six outputs with the pair loop's end took 44
 * cycles on the M4, 33 in the M7 estimate). The M4's: the table's words in runs of loads
 * (pipelined), then each step for three outputs at a time (32 cycles). The dual-issue core's: each
 * SMMLAR carries an ASR or a load as its second half and each SSAT a store, one shifter op a cycle,
 * as ASR and SSAT both use it (17 cycles). The two channels share the multiplier and rounding registers. step: the distance
 * between the pixels' outputs, a constant below 2048 (STRB's 12-bit offset). */
#define AB_DSP_STORE3X2_OPERANDS                                                                            \
  : [a0] "+&r"(a.p0c0), [a1] "+&r"(a.p1c0), [a2] "+&r"(a.p2c0), [b0] "+&r"(a.p0c1), [b1] "+&r"(a.p1c1),      \
    [b2] "+&r"(a.p2c1), [m] "=&r"(m), [r] "=&r"(r), [s0] "=&r"(s0), [s1] "=&r"(s1)                          \
  : [rq] "r"(rq), [out] "r"(out), [p1] "n"(step), [p2] "n"(2 * step)                                          \
  : "memory"
AB_DSP_INLINE void ab_dsp_store3x2_asm(ab_dsp_acc3x2 a, const int32_t* rq, int8_t* out, ab_idx_t step, int dual) {
  int32_t m, r, s0, s1;
  if (dual) {
    __asm__ volatile(
        "ldrd %[m], %[r], [%[rq], #4]\n\t"
        "smmlar %[a2], %[a2], %[m], %[r]\n\t"
        "ldr %[s1], [%[rq], #28]\n\t"
        "smmlar %[a0], %[a0], %[m], %[r]\n\t"
        "ldr %[s0], [%[rq], #12]\n\t"
        "smmlar %[a1], %[a1], %[m], %[r]\n\t"
        "asr %[a2], %[a2], %[s0]\n\t"
        "ssat %[a2], #8, %[a2]\n\t"
        "ldrd %[m], %[r], [%[rq], #20]\n\t"
        "smmlar %[b1], %[b1], %[m], %[r]\n\t"
        "asr %[a1], %[a1], %[s0]\n\t"
        "smmlar %[b0], %[b0], %[m], %[r]\n\t"
        "asr %[a0], %[a0], %[s0]\n\t"
        "smmlar %[b2], %[b2], %[m], %[r]\n\t"
        "asr %[b1], %[b1], %[s1]\n\t"
        "ssat %[a1], #8, %[a1]\n\t"
        "strb %[a2], [%[out], #%c[p2]]\n\t"
        "ssat %[a0], #8, %[a0]\n\t"
        "strb %[a1], [%[out], #%c[p1]]\n\t"
        "asr %[b0], %[b0], %[s1]\n\t"
        "strb %[a0], [%[out]]\n\t"
        "ssat %[b1], #8, %[b1]\n\t"
        "ssat %[b0], #8, %[b0]\n\t"
        "strb %[b1], [%[out], #%c[p1] + 1]\n\t"
        "asr %[b2], %[b2], %[s1]\n\t"
        "strb %[b0], [%[out], #1]\n\t"
        "ssat %[b2], #8, %[b2]\n\t"
        "strb %[b2], [%[out], #%c[p2] + 1]" AB_DSP_STORE3X2_OPERANDS);
  } else {
    __asm__ volatile(
        "ldr %[m], [%[rq], #4]\n\t"
        "ldr %[r], [%[rq], #8]\n\t"
        "ldr %[s0], [%[rq], #12]\n\t"
        "ldr %[s1], [%[rq], #28]\n\t"
        "smmlar %[a0], %[a0], %[m], %[r]\n\t"
        "smmlar %[a1], %[a1], %[m], %[r]\n\t"
        "smmlar %[a2], %[a2], %[m], %[r]\n\t"
        "ldr %[m], [%[rq], #20]\n\t"
        "ldr %[r], [%[rq], #24]\n\t"
        "asr %[a0], %[a0], %[s0]\n\t"
        "asr %[a1], %[a1], %[s0]\n\t"
        "asr %[a2], %[a2], %[s0]\n\t"
        "smmlar %[b0], %[b0], %[m], %[r]\n\t"
        "smmlar %[b1], %[b1], %[m], %[r]\n\t"
        "smmlar %[b2], %[b2], %[m], %[r]\n\t"
        "asr %[b0], %[b0], %[s1]\n\t"
        "asr %[b1], %[b1], %[s1]\n\t"
        "asr %[b2], %[b2], %[s1]\n\t"
        "ssat %[a0], #8, %[a0]\n\t"
        "ssat %[a1], #8, %[a1]\n\t"
        "ssat %[a2], #8, %[a2]\n\t"
        "ssat %[b0], #8, %[b0]\n\t"
        "ssat %[b1], #8, %[b1]\n\t"
        "ssat %[b2], #8, %[b2]\n\t"
        "strb %[a0], [%[out]]\n\t"
        "strb %[a1], [%[out], #%c[p1]]\n\t"
        "strb %[a2], [%[out], #%c[p2]]\n\t"
        "strb %[b0], [%[out], #1]\n\t"
        "strb %[b1], [%[out], #%c[p1] + 1]\n\t"
        "strb %[b2], [%[out], #%c[p2] + 1]" AB_DSP_STORE3X2_OPERANDS);
  }
  ab_dsp_inject_fault(out);
}
#undef AB_DSP_STORE3X2_OPERANDS
#endif

/* A block's channel pair stored (the outputs of pixel k at out + k * output.c): by
 * ab_dsp_store3x2_asm where it serves (a full block, both channels, the layer's requantization and
 * clamp its own; all constants of the layer), else by ab_dsp_store3x2. */
AB_DSP_INLINE void ab_dsp_store3x2_pair(const ab_dsp_conv2d_params* p, ab_dsp_acc3x2 a, const int32_t* rq, int8_t* out,
                                        ab_idx_t n, int odd, int dual) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c;
  (void)dual; /* (no asm on this core or compiler) */
#ifdef AB_DSP_DOT3_W16_ASM
  if (n == 3 && odd && p->requant == AB_DSP_RQ_FOLDED_CLAMPED && p->acc_shift == 0 && r->act_min == -128 &&
      r->act_max == 127 && __builtin_constant_p(cout) && cout < 2048) {
    ab_dsp_store3x2_asm(a, rq, out, cout, dual);
    return;
  }
#endif
  ab_dsp_store3x2(a, rq, out, cout, n, odd, p->requant, p->acc_shift, r->act_min, r->act_max);
}

/* The outputs of channels [first, end) (first even) of a block of n (1-3) pixels whose three-pixel
 * column is `cols`; w and rq point at channel `first`'s pair. */
AB_DSP_INLINE void ab_dsp_conv2d_3px_channels(const ab_dsp_conv2d_params* p, const uint32_t* cols, const uint32_t* w,
                                              const int32_t* rq, int8_t* out, ab_idx_t n, int dual, ab_idx_t first,
                                              ab_idx_t end) {
  const ab_idx_t groups = p->depth / 4;
  const ab_idx_t pair_bytes = 16 * groups;
  const int aligned = p->weights == AB_DSP_W16_IN_RAM && (pair_bytes & (pair_bytes - 1)) == 0 &&
                      pair_bytes <= AB_DSP_KEPT_MAX_ALIGNMENT;
  for (ab_idx_t oc = first; oc < end; oc += 2, w += 4 * groups, rq += 2 * AB_DSP_RQ_STRIDE) {
    const ab_dsp_acc3x2 a = ab_dsp_dot3x2_w16_at(cols, w, groups, rq[0], rq[AB_DSP_RQ_STRIDE], dual, aligned);
    ab_dsp_store3x2_pair(p, a, rq, out + oc, n, oc + 1 < end, dual);
  }
}

/* The outputs of a block of n (1-3) pixels whose three-pixel column is `cols`, every channel pair. */
AB_DSP_INLINE void ab_dsp_conv2d_3px_block(const ab_dsp_conv2d_params* p, const uint32_t* cols, const uint32_t* w,
                                           const int32_t* rq, int8_t* out, ab_idx_t n, int dual) {
  ab_dsp_conv2d_3px_channels(p, cols, w, rq, out, n, dual, 0, p->ref.output.c);
}

/* Pointwise, stride 1, int16 lanes (AB_DSP_W16, AB_DSP_W16_IN_RAM or AB_DSP_W8_TO_RAM), input
 * channels a multiple of 4. weights: ab_dsp_conv2d.h's layout. scratch: the three-pixel column
 * (6 * depth bytes, word-aligned), then for AB_DSP_W8_TO_RAM the widened weights and the
 * requantization table as in ab_dsp_conv2d_s8. Input and output may overlap: a block's three pixels are expanded before
 * any of its outputs is written. dual: the inner loop's order for a dual-issue core. */
AB_DSP_INLINE void ab_dsp_conv2d_3px_run(const ab_dsp_conv2d_params* p, const int8_t* input,
                                         const void* AB_RESTRICT weights, int8_t* output, void* AB_RESTRICT scratch,
                                         int dual) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, cout = r->output.c, groups = p->depth / 4;
  const ab_idx_t pixels = r->output.n * r->output.h * r->output.w, full = pixels / 3 * 3;
  uint32_t* const cols = (uint32_t*)scratch;
  const uint32_t* layer_weights = (const uint32_t*)weights;
  const int32_t* layer_rq = p->rq;
  if (p->weights == AB_DSP_W8_TO_RAM) {
    ab_dsp_conv2d_to_ram(p, cols + 6 * groups, &layer_weights, &layer_rq);
  } else if (p->weights == AB_DSP_W16_IN_RAM) { /* the table follows the weights */
    layer_rq = (const int32_t*)(layer_weights + (cout + 1) / 2 * 4 * groups);
  }
  for (ab_idx_t px = 0; px < full; px += 3) {
    for (ab_idx_t k = 0; k < 3; ++k) ab_dsp_expand_3px(cols + 2 * k, input + (px + k) * cin, groups);
    ab_dsp_conv2d_3px_block(p, cols, layer_weights, layer_rq, output + px * cout, 3, dual);
  }
  if (full < pixels) { /* one or two pixels left: the last one repeated */
    for (ab_idx_t k = 0; k < 3; ++k) {
      const ab_idx_t at = full + k < pixels ? full + k : pixels - 1;
      ab_dsp_expand_3px(cols + 2 * k, input + at * cin, groups);
    }
    ab_dsp_conv2d_3px_block(p, cols, layer_weights, layer_rq, output + full * cout, pixels - full, dual);
  }
}

/* dsp_1x1_3px_w16, dsp_1x1_3px_ram, dsp_1x1_3px_kept */
AB_DSP_INLINE void ab_dsp_conv2d_3px_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                        const void* AB_RESTRICT weights, int8_t* output, void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_3px_run(p, input, weights, output, scratch, 0);
}

/* dsp_1x1_3px_dual_w16, dsp_1x1_3px_dual_ram, dsp_1x1_3px_dual_kept */
AB_DSP_INLINE void ab_dsp_conv2d_3px_dual_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                             const void* AB_RESTRICT weights, int8_t* output,
                                             void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_3px_run(p, input, weights, output, scratch, 1);
}

#endif /* AB_DSP_CONV2D_3PX_H */
