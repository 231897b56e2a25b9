#ifndef AB_TIMING_CACHE_H
#define AB_TIMING_CACHE_H
/* A set-associative cache of line tags with least-recently-used replacement: the ART
 * accelerator's instruction and data caches (fully associative: ways == lines) and the
 * Cortex-M7's L1 caches. Only hits and misses are modelled, not the data. Both a hit and a miss
 * cost O(1): a hash index finds a line, each set keeps its entries in LRU order in a circular list
 * through a sentinel of its own (so moving an entry to the front tests for no end of the list). */
#include <stdint.h>

typedef struct {
  uint32_t line;          /* the line held (UINT32_MAX: none) */
  uint32_t newer, older;  /* its neighbours in its set's list (the sentinel closes the circle) */
} ab_cache_entry;

typedef struct {
  uint32_t lines, line_bytes, ways, sets; /* lines == 0: no cache */
  uint32_t line_shift;                     /* log2(line_bytes) */
  int sets_pow2;                           /* a line's set is then its low bits: no division */
  ab_cache_entry* entries;                 /* lines entries, then one sentinel per set: its
                                              `older` is the newest entry, `newer` the oldest */
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

/* The same for the line numbered `line` (address / line_bytes). */
static inline int ab_cache_access_line(ab_cache* c, uint32_t line) {
  if (line == c->mru_line) return 1; /* most accesses: the line just used, already the newest */
  return ab_cache_lookup(c, line);
}
static inline int ab_cache_access(ab_cache* c, uint32_t address) {
  return ab_cache_access_line(c, address >> c->line_shift);
}

#endif
