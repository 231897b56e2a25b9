/* See cache.h. */
#include "cache.h"

#include <stdlib.h>

enum { NONE = UINT32_MAX };

static uint32_t slot_of(const ab_cache* c, uint32_t line) { return (line * 2654435761u) & c->index_mask; }

/* The index slot holding `line`, or the empty slot where it would go. */
static uint32_t find(const ab_cache* c, uint32_t line) {
  uint32_t s = slot_of(c, line);
  while (c->index[s] && c->entries[c->index[s] - 1].line != line) s = (s + 1) & c->index_mask;
  return s;
}

/* Removes a slot's entry, moving later entries of its probe run back (no tombstones). */
static void unindex(ab_cache* c, uint32_t s) {
  c->index[s] = 0;
  for (uint32_t t = (s + 1) & c->index_mask; c->index[t]; t = (t + 1) & c->index_mask) {
    const uint32_t e = c->index[t];
    c->index[t] = 0;
    c->index[find(c, c->entries[e - 1].line)] = e;
  }
}

int ab_cache_init(ab_cache* c, uint32_t lines, uint32_t line_bytes, uint32_t ways) {
  *c = (ab_cache){0};
  c->mru_line = NONE;
  if (lines == 0) return 0;
  if (ways == 0 || lines % ways || line_bytes == 0 || (line_bytes & (line_bytes - 1))) return -1;
  c->lines = lines;
  c->line_bytes = line_bytes;
  c->ways = ways;
  c->sets = lines / ways;
  while ((1u << c->line_shift) < line_bytes) c->line_shift++;
  c->sets_pow2 = (c->sets & (c->sets - 1)) == 0;
  uint32_t slots = 4;
  while (slots < 8 * lines) slots *= 2; /* sparse: a probe mostly ends at its first slot */
  c->index_mask = slots - 1;
  c->entries = malloc(sizeof *c->entries * (lines + c->sets));
  c->index = calloc(slots, sizeof *c->index);
  if (!c->entries || !c->index) return -1;
  for (uint32_t set = 0; set < c->sets; set++) { /* each set's entries in a circle, all empty */
    const uint32_t sentinel = lines + set;
    uint32_t newer = sentinel;
    for (uint32_t e = set * ways; e < (set + 1) * ways; newer = e++) {
      c->entries[e] = (ab_cache_entry){NONE, newer, 0};
      c->entries[newer].older = e;
    }
    c->entries[sentinel].line = NONE;
    c->entries[sentinel].newer = newer;
    c->entries[newer].older = sentinel;
  }
  return 0;
}

void ab_cache_free(ab_cache* c) {
  free(c->entries);
  free(c->index);
  *c = (ab_cache){0};
}

/* The least recently used entry of the set takes the line. */
static __attribute__((noinline)) uint32_t fill(ab_cache* c, uint32_t sentinel, uint32_t line) {
  ab_cache_entry* en = c->entries;
  const uint32_t e = en[sentinel].newer;
  if (en[e].line != NONE) unindex(c, find(c, en[e].line));
  en[e].line = line;
  c->index[find(c, line)] = e + 1;
  c->misses++;
  return e;
}

/* Makes entry e the newest of the set whose sentinel is given. */
static void touch(ab_cache_entry* en, uint32_t sentinel, uint32_t e) {
  en[en[e].newer].older = en[e].older; /* out of the circle ... */
  en[en[e].older].newer = en[e].newer;
  const uint32_t newest = en[sentinel].older; /* ... and back in as its newest */
  en[e].newer = sentinel;
  en[e].older = newest;
  en[newest].newer = e;
  en[sentinel].older = e;
}

static uint32_t sentinel_of(const ab_cache* c, uint32_t line) {
  return c->lines + (c->sets_pow2 ? line & (c->sets - 1) : line % c->sets);
}

int ab_cache_lookup(ab_cache* c, uint32_t line) {
  c->mru_line = line;
  const uint32_t sentinel = sentinel_of(c, line);
  const uint32_t held = c->index[find(c, line)];
  const int hit = held != 0;
  if (hit) c->hits++;
  touch(c->entries, sentinel, hit ? held - 1 : fill(c, sentinel, line));
  return hit;
}
