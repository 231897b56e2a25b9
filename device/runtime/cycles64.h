#ifndef AOTBENCH_CYCLES64_H
#define AOTBENCH_CYCLES64_H
/* DWT CYCCNT is 32 bits: it wraps every 2^32 cycles (25.6 s at 168 MHz, 4.5 min at 16 MHz), less
 * than a big model's inference on a slow clock. SysTick, on the same core clock with its wrap
 * interrupt, keeps a 64-bit count paced by the interrupt but only as exact as its phase to
 * CYCCNT; together they give the exact 64-bit count: the value with CYCCNT's low 32 bits that is
 * nearest the SysTick count. Exact while the two differ by less than 2^31 cycles. */
#include <stdint.h>

/* `coarse`: the SysTick count since the counters were zeroed together; `cyccnt`: CYCCNT now. */
static inline uint64_t ab_cycles64(uint64_t coarse, uint32_t cyccnt) {
  const uint64_t base = (coarse & ~(uint64_t)0xFFFFFFFFu) | cyccnt;
  /* base differs from coarse by less than 2^32: the nearest candidate is base or its neighbour */
  if (base > coarse && base - coarse > 0x80000000u && base >= ((uint64_t)1 << 32)) return base - ((uint64_t)1 << 32);
  if (base < coarse && coarse - base > 0x80000000u) return base + ((uint64_t)1 << 32);
  return base;
}

#endif
