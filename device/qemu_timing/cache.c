/* See cache.h. A hit is found through a small hash index of the lines held (the ART's caches are
 * fully associative: scanning 64 ways per fetch would cost more than the emulation); only a miss
 * scans its set for the least recently used entry. */
#include "cache.h"

#include <stdlib.h>

static uint32_t slot_of(const ab_cache* c, uint32_t line) { return (line * 2654435761u) & c->index_mask; }

/* The index slot holding `line`, or the empty slot where it would go. */
static uint32_t find(const ab_cache* c, uint32_t line) {
  uint32_t s = slot_of(c, line);
  while (c->index[s] && c->tags[c->index[s] - 1] != line) s = (s + 1) & c->index_mask;
  return s;
}

/* Removes a slot's entry, moving later entries of its probe run back (no tombstones). */
static void unindex(ab_cache* c, uint32_t s) {
  c->index[s] = 0;
  for (uint32_t t = (s + 1) & c->index_mask; c->index[t]; t = (t + 1) & c->index_mask) {
    const uint32_t e = c->index[t];
    c->index[t] = 0;
    c->index[find(c, c->tags[e - 1])] = e;
  }
}

int ab_cache_init(ab_cache* c, uint32_t lines, uint32_t line_bytes, uint32_t ways) {
  *c = (ab_cache){0};
  if (lines == 0) return 0;
  if (ways == 0 || lines % ways || line_bytes == 0 || (line_bytes & (line_bytes - 1))) return -1;
  c->lines = lines;
  c->line_bytes = line_bytes;
  c->ways = ways;
  c->sets = lines / ways;
  uint32_t slots = 4;
  while (slots < 2 * lines) slots *= 2;
  c->index_mask = slots - 1;
  c->tags = malloc(sizeof *c->tags * lines);
  c->used = calloc(lines, sizeof *c->used);
  c->index = calloc(slots, sizeof *c->index);
  if (!c->tags || !c->used || !c->index) return -1;
  for (uint32_t i = 0; i < lines; i++) c->tags[i] = UINT32_MAX;
  return 0;
}

void ab_cache_free(ab_cache* c) {
  free(c->tags);
  free(c->used);
  free(c->index);
  *c = (ab_cache){0};
}

int ab_cache_access(ab_cache* c, uint32_t address) {
  const uint32_t line = address / c->line_bytes;
  c->clock++;
  const uint32_t s = find(c, line);
  if (c->index[s]) {
    c->used[c->index[s] - 1] = c->clock;
    c->hits++;
    return 1;
  }
  const uint32_t first = (line % c->sets) * c->ways;
  uint32_t victim = first;
  for (uint32_t w = first + 1; w < first + c->ways; w++)
    if (c->used[w] < c->used[victim]) victim = w;
  if (c->tags[victim] != UINT32_MAX) unindex(c, find(c, c->tags[victim]));
  c->tags[victim] = line;
  c->used[victim] = c->clock;
  c->index[find(c, line)] = victim + 1;
  c->misses++;
  return 0;
}
