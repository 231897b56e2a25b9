// The firmware's SysTick-to-instruction conversion under QEMU -icount (device/runtime/icount.h),
// checked on the host against exact 128-bit arithmetic, also far beyond 64-bit products.
#include <gtest/gtest.h>

#include <cstdint>

extern "C" {
#include "icount.h"
}

namespace {

using u128 = unsigned __int128;

// round(ticks * 1e9 / (hz * 2^shift)) in 128 bits.
uint64_t exact(uint64_t ticks, uint32_t hz, int shift) {
  const u128 den = static_cast<u128>(hz) << shift;
  return static_cast<uint64_t>((static_cast<u128>(ticks) * 2000000000u + den) / (2 * den));
}

struct Clock {
  uint32_t hz;
  int shift;
};
const Clock kClocks[] = {{168000000, 4}, {25000000, 7}, {16000000, 5}, {32000000, 6}, {168000000, 10}};

TEST(Icount, MatchesExactArithmeticForHugeTickCounts) {
  for (const Clock& c : kClocks) {
    const ab_icount_ratio r = ab_icount_ratio_for(c.hz, c.shift);
    for (uint64_t ticks : {0ull, 1ull, 2687ull, 9223372036ull, 15500000000ull, 10000000000000ull, 1ull << 50,
                           (1ull << 62) + 12345}) {
      EXPECT_EQ(ab_icount_instructions(ticks, r), exact(ticks, c.hz, c.shift))
          << ticks << " ticks at " << c.hz << " Hz, shift " << c.shift;
    }
  }
}

TEST(Icount, InstructionsSurviveTheRoundTripThroughSysTick) {
  // QEMU advances SysTick by floor(N * 2^S ns * f): converting back gives N exactly when there are
  // at least two ticks per instruction (the shift the host picks), for small and for huge N.
  for (const Clock& c : {kClocks[0], kClocks[1]}) {
    const ab_icount_ratio r = ab_icount_ratio_for(c.hz, c.shift);
    for (uint64_t n : {1ull, 4003ull, 16000003ull, 4850000000ull, 123456789012345ull}) {
      const uint64_t ticks = static_cast<uint64_t>(static_cast<u128>(n) * (static_cast<u128>(c.hz) << c.shift) / 1000000000u);
      EXPECT_EQ(ab_icount_instructions(ticks, r), n) << n << " instructions at " << c.hz << " Hz";
    }
  }
}

TEST(Icount, RatiosAreReduced) {
  const ab_icount_ratio a = ab_icount_ratio_for(168000000, 4);
  EXPECT_EQ(a.num, 125u);
  EXPECT_EQ(a.den, 336u);
  const ab_icount_ratio b = ab_icount_ratio_for(25000000, 7);
  EXPECT_EQ(b.num, 5u);
  EXPECT_EQ(b.den, 16u);
}

}  // namespace
