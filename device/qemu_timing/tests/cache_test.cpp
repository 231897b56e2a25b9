// The timing model's cache (an O(1) LRU of line tags, cache.h) against the plainest LRU there is:
// per set, the lines in order of last use, the oldest dropped when a set overflows. Any
// difference in a hit or a miss would change estimated cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

extern "C" {
#include "cache.h"
}

namespace {

struct PlainLru {
  std::uint32_t sets, ways;
  std::vector<std::vector<std::uint32_t>> recent;  // per set, the most recent first
  PlainLru(std::uint32_t lines, std::uint32_t w) : sets(lines / w), ways(w), recent(lines / w) {}
  bool access(std::uint32_t line) {
    std::vector<std::uint32_t>& r = recent[line % sets];
    const auto at = std::find(r.begin(), r.end(), line);
    const bool hit = at != r.end();
    if (hit) r.erase(at);
    r.insert(r.begin(), line);
    if (r.size() > ways) r.pop_back();
    return hit;
  }
};

struct Geometry {
  std::uint32_t lines, line_bytes, ways;
};

TEST(TimingCache, HitsAndMissesAreThoseOfAPlainLruInEveryGeometry) {
  // The boards' caches (ART: fully associative; Cortex-M7 L1: 2 and 4 ways), one way, and sets
  // that are not a power of two.
  for (const Geometry g : {Geometry{64, 16, 64}, Geometry{8, 16, 8}, Geometry{32, 8, 32}, Geometry{512, 32, 2},
                           Geometry{512, 32, 4}, Geometry{16, 16, 1}, Geometry{12, 16, 4}, Geometry{6, 32, 2}}) {
    ab_cache cache;
    ASSERT_EQ(ab_cache_init(&cache, g.lines, g.line_bytes, g.ways), 0);
    PlainLru plain(g.lines, g.ways);
    std::mt19937 random(g.lines * 131 + g.ways);
    // Addresses in a window a few times the cache, in two regions apart (flash and its alias),
    // in runs of consecutive lines as code and weights are read: hits and misses both.
    const std::uint32_t window = 3 * g.lines * g.line_bytes;
    std::uint32_t address = 0;
    int hits = 0, misses = 0;
    for (int k = 0; k < 200000; ++k) {
      if (random() % 8 == 0) address = (random() % 2 ? 0x08000000u : 0u) + random() % window;
      else address += g.line_bytes / 2;
      const bool hit = ab_cache_access(&cache, address) != 0;
      ASSERT_EQ(hit, plain.access(address / g.line_bytes))
          << g.lines << " lines of " << g.line_bytes << " bytes, " << g.ways << " ways: access " << k << " at "
          << address;
      (hit ? hits : misses)++;
    }
    EXPECT_GT(hits, 1000) << g.lines << " lines, " << g.ways << " ways";
    EXPECT_GT(misses, 1000) << g.lines << " lines, " << g.ways << " ways";
    ab_cache_free(&cache);
  }
}

TEST(TimingCache, ImpossibleGeometriesAreRefused) {
  ab_cache cache;
  EXPECT_EQ(ab_cache_init(&cache, 10, 16, 4), -1) << "10 lines do not make sets of 4";
  EXPECT_EQ(ab_cache_init(&cache, 8, 24, 8), -1) << "a line of 24 bytes";
  EXPECT_EQ(ab_cache_init(&cache, 0, 0, 0), 0) << "no cache";
}

}  // namespace
