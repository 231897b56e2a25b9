// Which addresses the timing model takes for flash: the regions a board's [timing] gives, aliases
// apart, and nothing else (a read elsewhere costs no wait state). And the code fetch's shortcut for
// a block that runs again after itself: the stalls it gives are those of going through its lines.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

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

ab_memory board_memory(uint32_t ws, uint32_t bus, int prefetch, uint32_t lines, uint32_t line_bytes, uint32_t ways) {
  ab_memory m{};
  m.wait_states = ws;
  m.bus_bytes = bus;
  m.prefetch = prefetch;
  m.fetch_line = 1;
  EXPECT_EQ(ab_memory_add_flash(&m, 0x08000000u, 0x100000u), 0);
  EXPECT_EQ(ab_cache_init(&m.icache, lines, line_bytes, ways), 0);
  return m;
}

TEST(TimingMemory, ABlockRunAgainAfterItselfStallsAsItsLinesWould) {
  struct Board {
    ab_memory shortcut, plain;  // the second forgets which block fetched last: the shortcut never applies
  };
  std::vector<Board> boards = {
      {board_memory(5, 16, 1, 64, 16, 64), board_memory(5, 16, 1, 64, 16, 64)},  // STM32F405
      {board_memory(5, 8, 1, 32, 32, 32), board_memory(5, 8, 1, 32, 32, 32)},    // STM32L4R5
      {board_memory(6, 16, 0, 512, 32, 2), board_memory(6, 16, 0, 512, 32, 2)},  // STM32H7A3
      {board_memory(3, 16, 1, 4, 16, 4), board_memory(3, 16, 1, 4, 16, 4)},      // blocks longer than the cache
  };
  for (Board& b : boards) {
    std::mt19937 random(7);
    struct Block {
      ab_fetch_plan plan;
    };
    std::vector<Block> blocks;
    for (int k = 0; k < 40; ++k) {  // in 64 KB of flash, from one halfword to 64 instructions
      const uint32_t start = 0x08000000u + 2 * (random() % 32768), bytes = 2 + 2 * (random() % 64);
      blocks.push_back({ab_memory_plan(&b.shortcut, start, start + bytes, bytes / 3 + 1)});
    }
    uint64_t skipped = 0, stalls = 0;
    for (int k = 0; k < 100000; ++k) {
      Block& x = blocks[random() % blocks.size()];
      for (uint32_t again = random() % 4; again-- > 0;) {  // loops of one block
        skipped += b.shortcut.last_fetch == &x.plan;
        const uint32_t stall = ab_memory_fetch(&b.shortcut, &x.plan);
        b.plain.last_fetch = nullptr;
        ASSERT_EQ(stall, ab_memory_fetch(&b.plain, &x.plan)) << "fetch " << k;
        stalls += stall;
      }
    }
    EXPECT_GT(skipped, 1000u);
    EXPECT_GT(stalls, 1000u);
    ab_cache_free(&b.shortcut.icache);
    ab_cache_free(&b.plain.icache);
  }
}

}  // namespace
