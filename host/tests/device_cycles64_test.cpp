// DWT CYCCNT extended past 32 bits by the SysTick count (device/runtime/cycles64.h), checked
// against a fake pair of counters: a true 64-bit cycle count, CYCCNT as its low 32 bits, and
// SysTick's count off by up to its phase error and a missed wrap interrupt.
#include <gtest/gtest.h>

#include <random>

#include "cycles64.h"

namespace {

TEST(Cycles64, ExactAcrossManyWrapsOfTheLow32Bits) {
  std::mt19937_64 rng(7);
  const int64_t errors[] = {0, 1, -1, 30, -30, 1 << 24, -(1 << 24), (1 << 30), -(1 << 30)};
  for (int k = 0; k < 200000; ++k) {
    const uint64_t truth = rng() % (uint64_t{1} << 48);  // 19 days at 168 MHz
    const int64_t e = errors[k % 9];
    if (static_cast<int64_t>(truth) + e < 0) continue;
    const uint64_t coarse = static_cast<uint64_t>(static_cast<int64_t>(truth) + e);
    ASSERT_EQ(ab_cycles64(coarse, static_cast<uint32_t>(truth)), truth) << truth << " " << e;
  }
}

TEST(Cycles64, AtEachWrapOfCyccnt) {
  for (uint64_t wrap = 1; wrap < 40; ++wrap) {
    const uint64_t at = wrap << 32;
    for (int64_t d : {-3, -2, -1, 0, 1, 2, 3}) {
      const uint64_t truth = at + static_cast<uint64_t>(d);
      for (int64_t e : {-1000, 0, 1000}) {  // SysTick a little behind or ahead, across the wrap
        const uint64_t coarse = static_cast<uint64_t>(static_cast<int64_t>(truth) + e);
        EXPECT_EQ(ab_cycles64(coarse, static_cast<uint32_t>(truth)), truth) << wrap << " " << d << " " << e;
      }
    }
  }
}

// A measurement of 20 billion cycles (a 3e9-instruction model at 16 MHz takes about this many)
// spans several CYCCNT wraps: the 64-bit difference is the truth, the 32-bit one is not.
TEST(Cycles64, LongMeasurementsKeepTheirHighBits) {
  const uint64_t t0 = 123456789, t1 = t0 + 20'000'000'000ull;
  const uint64_t a = ab_cycles64(t0 + 500, static_cast<uint32_t>(t0));
  const uint64_t b = ab_cycles64(t1 - 500, static_cast<uint32_t>(t1));
  EXPECT_EQ(b - a, 20'000'000'000ull);
  EXPECT_NE(static_cast<uint32_t>(static_cast<uint32_t>(t1) - static_cast<uint32_t>(t0)), 20'000'000'000ull);
}

TEST(Cycles64, NearZero) {
  EXPECT_EQ(ab_cycles64(0, 0), 0u);
  EXPECT_EQ(ab_cycles64(5, 3), 3u);
  EXPECT_EQ(ab_cycles64(3, 5), 5u);
  EXPECT_EQ(ab_cycles64(1000, 0xFFFFFF00u), 0xFFFFFF00u);  // SysTick ahead of a fresh CYCCNT: no underflow
}

}  // namespace
