/* The Armv7E-M DSP instructions the dsp kernels use, one static inline function each.
 *
 * On a core with the DSP extension (__ARM_FEATURE_DSP: Cortex-M4, M7, M33, M55) each function
 * is the instruction itself: an ACLE intrinsic of <arm_acle.h> where GCC 12 has one, else one
 * line of inline assembly (GCC's arm_acle.h lacks SMMLAR, PKHBT/PKHTB and SXTB16 with a
 * rotation; clang also matches the portable C below to them). Everywhere else (the host build,
 * which runs the very same kernel sources for the oracle tests) each function is portable C
 * that computes what the Arm Architecture Reference Manual specifies for the instruction,
 * including its wrap-around, so host and device results are equal bit for bit.
 *
 * Packed operands are uint32_t: two int16 lanes (bits 15:0 "bottom", 31:16 "top") or four int8
 * lanes. Accumulators are int32_t and wrap modulo 2^32 like the instructions. */
#ifndef AB_DSP_ACLE_H
#define AB_DSP_ACLE_H

#include <stdint.h>
#include <string.h>

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
#include <arm_acle.h>
#define AB_DSP_NATIVE 1
#else
#define AB_DSP_NATIVE 0
#endif

#if defined(__GNUC__)
#define AB_DSP_INLINE static inline __attribute__((always_inline))
#else
#define AB_DSP_INLINE static inline
#endif

/* A kernel's output and scratch alias nothing else it reads. Without saying so, every int8
 * store (a character type, which may alias anything) would make the compiler reload weights and
 * per-channel constants from memory after it. */
#define AB_RESTRICT __restrict

/* Fully unrolls the next loop once its (constant) trip count is known: the kernels' short loops
 * over taps, outputs and accumulators, whose bodies must become straight-line code for the
 * accumulators to live in registers. Honoured by GCC and clang at every optimization level. */
#define AB_UNROLL _Pragma("GCC unroll 16")
/* Unrolls the next loop by 4: longer loops whose bodies are short. */
#define AB_UNROLL4 _Pragma("GCC unroll 4")
/* Unrolls the next loop by 2 at most: code that must stay small. */
#define AB_UNROLL2 _Pragma("GCC unroll 2")

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes of a packed operand, as signed values. */
AB_DSP_INLINE int32_t ab_lo16(uint32_t x) { return (int32_t)(int16_t)(uint16_t)(x & 0xFFFFu); }
AB_DSP_INLINE int32_t ab_hi16(uint32_t x) { return (int32_t)(int16_t)(uint16_t)(x >> 16); }
AB_DSP_INLINE uint32_t ab_pack16(int32_t lo, int32_t hi) {
  return ((uint32_t)lo & 0xFFFFu) | ((uint32_t)hi << 16);
}
AB_DSP_INLINE int32_t ab_wrap32(int64_t x) { return (int32_t)(uint32_t)(uint64_t)x; }

/* Loads and stores of any alignment (LDR/STR on Armv7-M, which allow unaligned words). */
AB_DSP_INLINE uint32_t ab_read_u32(const void* p) {
  uint32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}
AB_DSP_INLINE void ab_write_u32(void* p, uint32_t v) { memcpy(p, &v, sizeof v); }

#if AB_DSP_NATIVE

/* LDRD with post-increment: the two words at *p (word-aligned), *p advanced past them. One
 * instruction, which the compiler does not reliably choose by itself. */
AB_DSP_INLINE void ab_load_pair(const uint32_t** p, uint32_t* a, uint32_t* b) {
  const uint32_t* q = *p;
  uint32_t x, y;
  __asm__("ldrd %0, %1, [%2], #8" : "=&r"(x), "=&r"(y), "+r"(q) : "m"(*(const uint32_t(*)[2])q));
  *a = x;
  *b = y;
  *p = q;
}

/* SXTB16: bytes 0 and 2, sign-extended into the two int16 lanes. */
AB_DSP_INLINE uint32_t ab_sxtb16(uint32_t x) { return (uint32_t)__sxtb16((int8x4_t)x); }
/* SXTB16 with ROR #8: bytes 1 and 3. */
AB_DSP_INLINE uint32_t ab_sxtb16_ror8(uint32_t x) {
  uint32_t r;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
  return r;
}
/* SMLAD: acc + lo*lo + hi*hi. */
AB_DSP_INLINE int32_t ab_smlad(uint32_t a, uint32_t b, int32_t acc) {
  return __smlad((int16x2_t)a, (int16x2_t)b, acc);
}
/* SMLADX: acc + lo(a)*hi(b) + hi(a)*lo(b). */
AB_DSP_INLINE int32_t ab_smladx(uint32_t a, uint32_t b, int32_t acc) {
  return __smladx((int16x2_t)a, (int16x2_t)b, acc);
}
/* SMLAxy: acc + one lane of a times one lane of b (B = bottom, T = top). */
AB_DSP_INLINE int32_t ab_smlabb(uint32_t a, uint32_t b, int32_t acc) {
  return __smlabb((int32_t)a, (int32_t)b, acc);
}
AB_DSP_INLINE int32_t ab_smlabt(uint32_t a, uint32_t b, int32_t acc) {
  return __smlabt((int32_t)a, (int32_t)b, acc);
}
AB_DSP_INLINE int32_t ab_smlatb(uint32_t a, uint32_t b, int32_t acc) {
  return __smlatb((int32_t)a, (int32_t)b, acc);
}
AB_DSP_INLINE int32_t ab_smlatt(uint32_t a, uint32_t b, int32_t acc) {
  return __smlatt((int32_t)a, (int32_t)b, acc);
}
/* SMMLAR: acc + (a*b + 2^31) / 2^32, rounded product's high word. */
AB_DSP_INLINE int32_t ab_smmlar(int32_t a, int32_t b, int32_t acc) {
  int32_t r;
  __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(acc));
  return r;
}
/* PKHBT: bottom of lo, bottom of hi moved to the top. */
AB_DSP_INLINE uint32_t ab_pkhbt(uint32_t lo, uint32_t hi) {
  uint32_t r;
  __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(r) : "r"(lo), "r"(hi));
  return r;
}
/* PKHTB: top of hi, top of lo moved to the bottom. */
AB_DSP_INLINE uint32_t ab_pkhtb(uint32_t hi, uint32_t lo) {
  uint32_t r;
  __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(r) : "r"(hi), "r"(lo));
  return r;
}
/* SADD16: lane-wise sum of two int16 pairs (wrapping). */
AB_DSP_INLINE uint32_t ab_sadd16(uint32_t a, uint32_t b) {
  return (uint32_t)__sadd16((int16x2_t)a, (int16x2_t)b);
}
/* SXTAB16: a's int16 lanes plus bytes 0 and 2 of x, sign-extended. */
AB_DSP_INLINE uint32_t ab_sxtab16(uint32_t a, uint32_t x) {
  return (uint32_t)__sxtab16((int16x2_t)a, (int8x4_t)x);
}
/* SXTAB16 with ROR #8: a's lanes plus bytes 1 and 3 of x. */
AB_DSP_INLINE uint32_t ab_sxtab16_ror8(uint32_t a, uint32_t x) {
  uint32_t r;
  __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(a), "r"(x));
  return r;
}

/* Bytewise signed maximum / minimum of four int8 lanes: SSUB8 sets the GE flag of each lane
 * where a >= b, SEL picks that lane of a or of b. One asm block, so no other instruction can
 * touch the GE flags in between. */
AB_DSP_INLINE uint32_t ab_max_s8x4(uint32_t a, uint32_t b) {
  uint32_t r;
  __asm__("ssub8 %0, %1, %2\n\tsel %0, %1, %2" : "=&r"(r) : "r"(a), "r"(b) : "cc");
  return r;
}
AB_DSP_INLINE uint32_t ab_min_s8x4(uint32_t a, uint32_t b) {
  uint32_t r;
  __asm__("ssub8 %0, %1, %2\n\tsel %0, %2, %1" : "=&r"(r) : "r"(a), "r"(b) : "cc");
  return r;
}
/* SMMUL: (a*b) / 2^32, the product's high word, truncated (floor). */
AB_DSP_INLINE int32_t ab_smmul(int32_t a, int32_t b) {
  int32_t r;
  __asm__("smmul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

/* SMMLA: acc + (a*b) / 2^32, the product's high word truncated (floor). */
AB_DSP_INLINE int32_t ab_smmla(int32_t a, int32_t b, int32_t acc) {
  int32_t r;
  __asm__("smmla %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(acc));
  return r;
}

/* Block moves of 16 bytes with LDM/STM (one instruction per 16 bytes each way), unrolled by
 * four: `blocks` blocks to a word-aligned *d from a word-aligned (copy) or any (copy_u)
 * source, or a fill with the word v. The pointers advance past what was moved. */
#define AB_DSP_LDM_STM "ldmia %0!, {%2, %3, %4, %5}\n\tstmia %1!, {%2, %3, %4, %5}\n\t"
#define AB_DSP_STM "stmia %0!, {%1, %2, %3, %4}\n\t"
AB_DSP_INLINE void ab_copy_blocks16(uint8_t** d, const uint8_t** s, uint32_t blocks) {
  uint8_t* dp = *d;
  const uint8_t* sp = *s;
  register uint32_t a __asm__("r4"), b __asm__("r5"), c __asm__("r6"), e __asm__("r8");
  for (; blocks >= 4; blocks -= 4) {
    __asm__ volatile(AB_DSP_LDM_STM AB_DSP_LDM_STM AB_DSP_LDM_STM AB_DSP_LDM_STM
                     : "+r"(sp), "+r"(dp), "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(e)
                     :
                     : "memory");
  }
  if (blocks & 2u) {
    __asm__ volatile(AB_DSP_LDM_STM AB_DSP_LDM_STM
                     : "+r"(sp), "+r"(dp), "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(e)
                     :
                     : "memory");
  }
  if (blocks & 1u) {
    __asm__ volatile(AB_DSP_LDM_STM : "+r"(sp), "+r"(dp), "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(e) : : "memory");
  }
  *d = dp;
  *s = sp;
}
AB_DSP_INLINE void ab_copy_blocks16_u(uint8_t** d, const uint8_t** s, uint32_t blocks) {
  uint8_t* dp = *d;
  const uint8_t* sp = *s;
  for (uint32_t i = 0; i < blocks; ++i, sp += 16) {
    register uint32_t a __asm__("r4") = ab_read_u32(sp), b __asm__("r5") = ab_read_u32(sp + 4),
                      c __asm__("r6") = ab_read_u32(sp + 8), e __asm__("r8") = ab_read_u32(sp + 12);
    __asm__ volatile(AB_DSP_STM : "+r"(dp) : "r"(a), "r"(b), "r"(c), "r"(e) : "memory");
  }
  *d = dp;
  *s = sp;
}
AB_DSP_INLINE void ab_fill_blocks16(uint8_t** d, uint32_t v, uint32_t blocks) {
  uint8_t* dp = *d;
  register uint32_t a __asm__("r4") = v, b __asm__("r5") = v, c __asm__("r6") = v, e __asm__("r8") = v;
  for (; blocks >= 4; blocks -= 4) {
    __asm__ volatile(AB_DSP_STM AB_DSP_STM AB_DSP_STM AB_DSP_STM
                     : "+r"(dp)
                     : "r"(a), "r"(b), "r"(c), "r"(e)
                     : "memory");
  }
  if (blocks & 2u) __asm__ volatile(AB_DSP_STM AB_DSP_STM : "+r"(dp) : "r"(a), "r"(b), "r"(c), "r"(e) : "memory");
  if (blocks & 1u) __asm__ volatile(AB_DSP_STM : "+r"(dp) : "r"(a), "r"(b), "r"(c), "r"(e) : "memory");
  *d = dp;
}
#undef AB_DSP_LDM_STM
#undef AB_DSP_STM

/* SSAT/USAT to n bits (n a constant): clamp to [-2^(n-1), 2^(n-1)-1] or [0, 2^n-1]. */
#define AB_SSAT(x, n) __ssat((x), (n))
#define AB_USAT(x, n) ((int32_t)__usat((x), (n)))

#else /* portable definitions */

AB_DSP_INLINE void ab_load_pair(const uint32_t** p, uint32_t* a, uint32_t* b) {
  *a = (*p)[0];
  *b = (*p)[1];
  *p += 2;
}

AB_DSP_INLINE uint32_t ab_sxtb16(uint32_t x) {
  return ab_pack16((int8_t)(uint8_t)(x & 0xFFu), (int8_t)(uint8_t)((x >> 16) & 0xFFu));
}
AB_DSP_INLINE uint32_t ab_sxtb16_ror8(uint32_t x) {
  return ab_pack16((int8_t)(uint8_t)((x >> 8) & 0xFFu), (int8_t)(uint8_t)(x >> 24));
}
AB_DSP_INLINE int32_t ab_smlad(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_lo16(a) * ab_lo16(b) + ab_hi16(a) * ab_hi16(b));
}
AB_DSP_INLINE int32_t ab_smladx(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_lo16(a) * ab_hi16(b) + ab_hi16(a) * ab_lo16(b));
}
AB_DSP_INLINE int32_t ab_smlabb(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_lo16(a) * ab_lo16(b));
}
AB_DSP_INLINE int32_t ab_smlabt(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_lo16(a) * ab_hi16(b));
}
AB_DSP_INLINE int32_t ab_smlatb(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_hi16(a) * ab_lo16(b));
}
AB_DSP_INLINE int32_t ab_smlatt(uint32_t a, uint32_t b, int32_t acc) {
  return ab_wrap32((int64_t)acc + ab_hi16(a) * ab_hi16(b));
}
AB_DSP_INLINE int32_t ab_smmlar(int32_t a, int32_t b, int32_t acc) {
  /* (acc * 2^32 + a*b + 2^31) modulo 2^64, bits 63:32 */
  const uint64_t sum = ((uint64_t)(uint32_t)acc << 32) + (uint64_t)((int64_t)a * b) + 0x80000000u;
  return (int32_t)(uint32_t)(sum >> 32);
}
AB_DSP_INLINE uint32_t ab_pkhbt(uint32_t lo, uint32_t hi) { return (lo & 0xFFFFu) | (hi << 16); }
AB_DSP_INLINE uint32_t ab_pkhtb(uint32_t hi, uint32_t lo) { return (hi & 0xFFFF0000u) | (lo >> 16); }
AB_DSP_INLINE uint32_t ab_sadd16(uint32_t a, uint32_t b) {
  return ab_pack16(ab_lo16(a) + ab_lo16(b), ab_hi16(a) + ab_hi16(b));
}
AB_DSP_INLINE uint32_t ab_sxtab16(uint32_t a, uint32_t x) { return ab_sadd16(a, ab_sxtb16(x)); }
AB_DSP_INLINE uint32_t ab_sxtab16_ror8(uint32_t a, uint32_t x) {
  return ab_sadd16(a, ab_sxtb16_ror8(x));
}

AB_DSP_INLINE uint32_t ab_max_s8x4(uint32_t a, uint32_t b) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i += 8) {
    const int8_t x = (int8_t)(uint8_t)(a >> i), y = (int8_t)(uint8_t)(b >> i);
    r |= (uint32_t)(uint8_t)(x >= y ? x : y) << i;
  }
  return r;
}
AB_DSP_INLINE uint32_t ab_min_s8x4(uint32_t a, uint32_t b) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i += 8) {
    const int8_t x = (int8_t)(uint8_t)(a >> i), y = (int8_t)(uint8_t)(b >> i);
    r |= (uint32_t)(uint8_t)(x >= y ? y : x) << i;
  }
  return r;
}
AB_DSP_INLINE int32_t ab_smmul(int32_t a, int32_t b) {
  return (int32_t)(uint32_t)((uint64_t)((int64_t)a * b) >> 32);
}

AB_DSP_INLINE int32_t ab_smmla(int32_t a, int32_t b, int32_t acc) {
  return (int32_t)((uint32_t)acc + (uint32_t)((uint64_t)((int64_t)a * b) >> 32));
}

AB_DSP_INLINE void ab_copy_blocks16(uint8_t** d, const uint8_t** s, uint32_t blocks) {
  memcpy(*d, *s, 16u * blocks);
  *d += 16u * blocks;
  *s += 16u * blocks;
}
AB_DSP_INLINE void ab_copy_blocks16_u(uint8_t** d, const uint8_t** s, uint32_t blocks) {
  ab_copy_blocks16(d, s, blocks);
}
AB_DSP_INLINE void ab_fill_blocks16(uint8_t** d, uint32_t v, uint32_t blocks) {
  memset(*d, (int)(v & 0xFFu), 16u * blocks);
  *d += 16u * blocks;
}

AB_DSP_INLINE int32_t ab_ssat_n(int32_t x, int n) {
  const int32_t hi = (int32_t)((1u << (n - 1)) - 1u), lo = -hi - 1;
  return x < lo ? lo : x > hi ? hi : x;
}
AB_DSP_INLINE int32_t ab_usat_n(int32_t x, int n) {
  const int32_t hi = (int32_t)((1u << n) - 1u);
  return x < 0 ? 0 : x > hi ? hi : x;
}
#define AB_SSAT(x, n) ab_ssat_n((x), (n))
#define AB_USAT(x, n) ab_usat_n((x), (n))

#endif

#ifdef __cplusplus
}
#endif

#endif /* AB_DSP_ACLE_H */
