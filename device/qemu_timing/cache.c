/* See cache.h. */
#include "cache.h"

#include <stdlib.h>

enum { NONE = UINT32_MAX };

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

static void unlink_entry(ab_cache* c, uint32_t set, uint32_t e) {
  if (c->newer[e] != NONE) c->older[c->newer[e]] = c->older[e];
  else c->newest[set] = c->older[e];
  if (c->older[e] != NONE) c->newer[c->older[e]] = c->newer[e];
  else c->oldest[set] = c->newer[e];
}

static void make_newest(ab_cache* c, uint32_t set, uint32_t e) {
  if (c->newest[set] == e) return;
  unlink_entry(c, set, e);
  c->newer[e] = NONE;
  c->older[e] = c->newest[set];
  c->newer[c->newest[set]] = e;
  c->newest[set] = e;
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
  uint32_t slots = 4;
  while (slots < 2 * lines) slots *= 2;
  c->index_mask = slots - 1;
  c->tags = malloc(sizeof *c->tags * lines);
  c->newer = malloc(sizeof *c->newer * lines);
  c->older = malloc(sizeof *c->older * lines);
  c->newest = malloc(sizeof *c->newest * c->sets);
  c->oldest = malloc(sizeof *c->oldest * c->sets);
  c->index = calloc(slots, sizeof *c->index);
  if (!c->tags || !c->newer || !c->older || !c->newest || !c->oldest || !c->index) return -1;
  for (uint32_t set = 0; set < c->sets; set++) {  /* each set's entries in a list, all empty */
    const uint32_t first = set * ways;
    for (uint32_t w = 0; w < ways; w++) {
      c->tags[first + w] = NONE;
      c->newer[first + w] = w ? first + w - 1 : NONE;
      c->older[first + w] = w + 1 < ways ? first + w + 1 : NONE;
    }
    c->newest[set] = first;
    c->oldest[set] = first + ways - 1;
  }
  return 0;
}

void ab_cache_free(ab_cache* c) {
  free(c->tags);
  free(c->newer);
  free(c->older);
  free(c->newest);
  free(c->oldest);
  free(c->index);
  *c = (ab_cache){0};
}

int ab_cache_lookup(ab_cache* c, uint32_t line) {
  c->mru_line = line;
  const uint32_t set = line % c->sets;
  const uint32_t s = find(c, line);
  if (c->index[s]) {
    make_newest(c, set, c->index[s] - 1);
    c->hits++;
    return 1;
  }
  const uint32_t victim = c->oldest[set];
  if (c->tags[victim] != NONE) unindex(c, find(c, c->tags[victim]));
  c->tags[victim] = line;
  c->index[find(c, line)] = victim + 1;
  make_newest(c, set, victim);
  c->misses++;
  return 0;
}
