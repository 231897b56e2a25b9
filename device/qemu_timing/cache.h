#ifndef AB_TIMING_CACHE_H
#define AB_TIMING_CACHE_H
/* A set-associative cache of line tags with least-recently-used replacement: the ART
 * accelerator's instruction and data caches (fully associative: ways == lines) and the
 * Cortex-M7's L1 caches. Only hits and misses are modelled, not the data. Both a hit and a miss
 * cost O(1): a hash index finds a line, each set keeps its entries in LRU order as a list. */
#include <stdint.h>

typedef struct {
  uint32_t lines, line_bytes, ways, sets; /* lines == 0: no cache */
  uint32_t* tags;                          /* lines entries; UINT32_MAX: empty */
  uint32_t *newer, *older;                 /* per entry: its neighbours in its set's LRU list */
  uint32_t *newest, *oldest;               /* per set: the ends of its list */
  uint32_t* index;                         /* line -> entry + 1 (0: empty), open addressing */
  uint32_t index_mask;
  uint32_t mru_line;                       /* the line accessed last (UINT32_MAX: none) */
  uint64_t hits, misses;
} ab_cache;

/* 0, or -1 when the geometry is impossible (lines not a multiple of ways, a line not a power of
 * two) or memory runs out. */
int ab_cache_init(ab_cache* c, uint32_t lines, uint32_t line_bytes, uint32_t ways);
void ab_cache_free(ab_cache* c);

/* 1 on a hit; on a miss the line is filled (the least recently used line of its set goes). */
int ab_cache_lookup(ab_cache* c, uint32_t line);
static inline int ab_cache_access(ab_cache* c, uint32_t address) {
  const uint32_t line = address / c->line_bytes;
  if (line == c->mru_line) return 1; /* most accesses: the line just used, already the newest */
  return ab_cache_lookup(c, line);
}

#endif
