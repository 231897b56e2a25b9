/* See cache.h. */
#include "cache.h"

#include <stdlib.h>

int ab_cache_init(ab_cache* c, uint32_t lines, uint32_t line_bytes, uint32_t ways) {
  *c = (ab_cache){0};
  if (lines == 0) return 0;
  if (ways == 0 || lines % ways || line_bytes == 0 || (line_bytes & (line_bytes - 1))) return -1;
  c->lines = lines;
  c->line_bytes = line_bytes;
  c->ways = ways;
  c->sets = lines / ways;
  c->tags = malloc(sizeof *c->tags * lines);
  c->used = calloc(lines, sizeof *c->used);
  if (!c->tags || !c->used) return -1;
  for (uint32_t i = 0; i < lines; i++) c->tags[i] = UINT32_MAX;
  return 0;
}

void ab_cache_free(ab_cache* c) {
  free(c->tags);
  free(c->used);
  *c = (ab_cache){0};
}

int ab_cache_access(ab_cache* c, uint32_t address) {
  const uint32_t line = address / c->line_bytes;
  const uint32_t first = (line % c->sets) * c->ways;
  uint32_t victim = first;
  c->clock++;
  for (uint32_t w = first; w < first + c->ways; w++) {
    if (c->tags[w] == line) {
      c->used[w] = c->clock;
      c->hits++;
      return 1;
    }
    if (c->used[w] < c->used[victim]) victim = w;
  }
  c->tags[victim] = line;
  c->used[victim] = c->clock;
  c->misses++;
  return 0;
}
