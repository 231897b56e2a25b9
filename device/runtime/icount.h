#ifndef AOTBENCH_ICOUNT_H
#define AOTBENCH_ICOUNT_H
/* Under QEMU -icount shift=S every instruction takes 2^S ns of virtual time, and SysTick ticks at
 * f Hz of it: N instructions = ticks * 1e9 / (f * 2^S), rounded. The ratio is reduced by its gcd
 * first (168 MHz, S=4 gives 125/336; 25 MHz, S=7 gives 5/16), so no product overflows 64 bits
 * however long the run: ticks * 2e9 alone would from 9.2e9 ticks (about 3e9 instructions). */
#include <stdint.h>

typedef struct {
  uint64_t num, den; /* instructions = ticks * num / den */
} ab_icount_ratio;

static inline uint64_t ab_gcd64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static inline ab_icount_ratio ab_icount_ratio_for(uint32_t systick_hz, int32_t shift) {
  uint64_t num = 1000000000u, den = (uint64_t)systick_hz << shift;
  uint64_t g = ab_gcd64(num, den);
  ab_icount_ratio r = {num / g, den / g};
  return r;
}

/* round(ticks * num / den) without overflow: whole periods of `den` ticks first, then the rest. */
static inline uint64_t ab_icount_instructions(uint64_t ticks, ab_icount_ratio r) {
  uint64_t whole = ticks / r.den, rest = ticks % r.den;
  return whole * r.num + (2 * rest * r.num + r.den) / (2 * r.den);
}

#endif
