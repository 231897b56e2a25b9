#ifndef AB_TIMING_CACHE_H
#define AB_TIMING_CACHE_H
/* A set-associative cache of line tags with least-recently-used replacement: the ART
 * accelerator's instruction and data caches (fully associative: ways == lines) and the
 * Cortex-M7's L1 caches. Only hits and misses are modelled, not the data. */
#include <stdint.h>

typedef struct {
  uint32_t lines, line_bytes, ways, sets; /* lines == 0: no cache */
  uint32_t* tags;                          /* lines entries; UINT32_MAX: empty */
  uint64_t* used;                          /* when each entry was last used */
  uint32_t* index;                         /* line -> entry + 1 (0: empty), open addressing: hits in O(1) */
  uint32_t index_mask;
  uint64_t clock;
  uint64_t hits, misses;
} ab_cache;

/* 0, or -1 when the geometry is impossible (lines not a multiple of ways, a line not a power of
 * two) or memory runs out. */
int ab_cache_init(ab_cache* c, uint32_t lines, uint32_t line_bytes, uint32_t ways);
void ab_cache_free(ab_cache* c);
/* 1 on a hit; on a miss the line is filled (the least recently used line of its set goes). */
int ab_cache_access(ab_cache* c, uint32_t address);

#endif
