// Which addresses the timing model takes for flash: the regions a board's [timing] gives, aliases
// apart, and nothing else (a read elsewhere costs no wait state).
#include <gtest/gtest.h>

extern "C" {
#include "memory_system.h"
}

namespace {

TEST(TimingMemory, FlashIsExactlyItsRegions) {
  ab_memory m{};
  EXPECT_FALSE(ab_memory_is_flash(&m, 0)) << "no region: nothing is flash";
  ASSERT_EQ(ab_memory_add_flash(&m, 0x08000000u, 0x100000u), 0);
  ASSERT_EQ(ab_memory_add_flash(&m, 0x0u, 0x100000u), 0);  // the alias at 0, added after
  for (uint32_t a : {0x0u, 0xFFFFFu, 0x08000000u, 0x080FFFFFu}) EXPECT_TRUE(ab_memory_is_flash(&m, a)) << a;
  for (uint32_t a : {0x100000u, 0x07FFFFFFu, 0x08100000u, 0x20000000u, 0xE0001004u, 0xFFFFFFFFu})
    EXPECT_FALSE(ab_memory_is_flash(&m, a)) << a;
}

TEST(TimingMemory, ARegionUpToTheTopOfTheAddressSpace) {
  ab_memory m{};
  ASSERT_EQ(ab_memory_add_flash(&m, 0x0u, 0x10u), 0);
  ASSERT_EQ(ab_memory_add_flash(&m, 0xFFFFFF00u, 0x100u), 0);
  for (uint32_t a : {0x0u, 0xFu, 0xFFFFFF00u, 0xFFFFFFFFu}) EXPECT_TRUE(ab_memory_is_flash(&m, a)) << a;
  for (uint32_t a : {0x10u, 0x20000000u, 0xFFFFFEFFu}) EXPECT_FALSE(ab_memory_is_flash(&m, a)) << a;
}

TEST(TimingMemory, AtMostFourRegions) {
  ab_memory m{};
  for (uint32_t r = 0; r < AB_MAX_FLASH_REGIONS; ++r) EXPECT_EQ(ab_memory_add_flash(&m, r << 24, 0x1000u), 0);
  EXPECT_EQ(ab_memory_add_flash(&m, 0x10000000u, 0x1000u), -1);
}

}  // namespace
