/* Bit helpers of the signal library's kernels: significant bits and integer square roots. */
#ifndef AB_REF_SIGNAL_BITS_H
#define AB_REF_SIGNAL_BITS_H

#include <stdint.h>

/* Significant bits of x; 32 for 0, as TFLite Micro's GCC and clang builds count it (the count of
 * leading zeros subtracted from 32), which the FFT auto scale's result depends on. */
static inline uint32_t ab_signal_bits32(uint32_t x) {
  if (x == 0) return 32;
#if defined(__GNUC__)
  return 32u - (uint32_t)__builtin_clz(x);
#else
  uint32_t n = 0;
  while (x) {
    x >>= 1;
    ++n;
  }
  return n;
#endif
}

static inline uint32_t ab_signal_bits64(uint64_t x) {
  const uint32_t high = (uint32_t)(x >> 32);
  return high ? 32u + ab_signal_bits32(high) : ab_signal_bits32((uint32_t)x);
}

/* Square root rounded to nearest by digit-by-digit extraction, two bits per step from the
 * highest even bit position at or above the input's top bit. */
static inline uint16_t ab_signal_sqrt32(uint32_t x) {
  if (x == 0) return 0;
  const uint32_t top = (32u - ab_signal_bits32(x)) | 1u; /* leading zeros, made odd */
  uint32_t bit = 1u << (31u - top);
  uint32_t root = 0;
  for (uint32_t steps = (31u - top) / 2u + 1u; steps > 0; --steps) {
    if (x >= root + bit) {
      x -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  if (x > root && root != 0xFFFFu) ++root;
  return (uint16_t)root;
}

/* The 64-bit form; inputs below 2^32 take the 32-bit one, as TFLite Micro does (which can be one
 * off near 2^32: kept for exactness). */
static inline uint32_t ab_signal_sqrt64(uint64_t x) {
  if ((x >> 32) == 0) return ab_signal_sqrt32((uint32_t)x);
  const uint32_t top = (64u - ab_signal_bits64(x)) | 1u;
  uint64_t bit = (uint64_t)1 << (63u - top);
  uint64_t root = 0;
  for (uint32_t steps = (63u - top) / 2u + 1u; steps > 0; --steps) {
    if (x >= root + bit) {
      x -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  if (x > root && root != 0xFFFFFFFFu) ++root;
  return (uint32_t)root;
}

#endif /* AB_REF_SIGNAL_BITS_H */
