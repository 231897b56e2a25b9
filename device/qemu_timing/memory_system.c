/* See memory_system.h. */
#include "memory_system.h"

#include <stddef.h>

int ab_memory_add_flash(ab_memory* m, uint32_t origin, uint32_t size) {
  if (m->regions == AB_MAX_FLASH_REGIONS) return -1;
  m->origin[m->regions] = origin;
  m->size[m->regions++] = size;
  m->flash_low = m->origin[0];
  m->flash_high = m->origin[0];
  for (int r = 0; r < m->regions; r++) {
    if (m->size[r] == 0) continue;
    const uint32_t last = m->origin[r] + (m->size[r] - 1); /* a region may end at the top of the address space */
    if (m->origin[r] < m->flash_low) m->flash_low = m->origin[r];
    if (last > m->flash_high) m->flash_high = last;
  }
  return 0;
}

static uint32_t line_bytes(const ab_memory* m) {
  return m->icache.lines ? m->icache.line_bytes : m->bus_bytes;
}

/* A code line that is not in the cache. It takes `reads` flash reads of wait_states + 1 cycles;
 * the core consumes it in `consume` cycles (an instruction a cycle). Sequential to the line before
 * with the prefetch on: its reads started when that line did, so only what the core cannot cover
 * stalls. Otherwise the first read's latency stalls, and the rest stream as the core goes. */
static uint32_t line_miss(const ab_memory* m, int sequential, uint32_t consume) {
  const uint32_t bytes = line_bytes(m), read = m->wait_states + 1;
  const uint32_t reads = (bytes + m->bus_bytes - 1) / m->bus_bytes;
  const uint32_t stream = reads * read;
  if (sequential && m->prefetch) return stream > consume ? stream - consume : 0;
  const uint32_t rest = (reads - 1) * read, covered = consume - consume / reads;
  return m->wait_states + (rest > covered ? rest - covered : 0);
}

ab_fetch_plan ab_memory_plan(const ab_memory* m, uint32_t start, uint32_t end, uint32_t n) {
  ab_fetch_plan p = {1, 0, 0, 0, 0};
  if (!m->regions || !ab_memory_is_flash(m, start)) return p;
  const uint32_t bytes = line_bytes(m);
  p.first_line = start / bytes;
  p.last_line = (end - 1) / bytes;
  const uint32_t consume = n && end > start ? bytes * n / (end - start) : bytes / 4;
  p.miss_sequential = line_miss(m, 1, consume ? consume : 1);
  p.miss_jump = line_miss(m, 0, consume ? consume : 1);
  p.cached = m->icache.lines && p.last_line - p.first_line < m->icache.lines;
  return p;
}

uint32_t ab_memory_fetch(ab_memory* m, const ab_fetch_plan* p) {
  if (p->first_line == p->last_line && p->first_line == m->fetch_line) return 0; /* within the line in the fetch buffer */
  /* The block whose lines the cache saw last, again (a loop of one block): they are the cache's most
   * recent lines in its order, so each hits again and the cache is left as it is. */
  if (p == m->last_fetch && m->fetch_line == p->last_line) return 0;
  const int all = p->first_line != m->fetch_line; /* no line of it still in the fetch buffer */
  uint32_t stall = 0;
  for (uint32_t line = p->first_line; line <= p->last_line; line++) {
    const int sequential = line == m->fetch_line + 1;
    const int held = line == m->fetch_line; /* still in the fetch buffer */
    const int hit = held || (m->icache.lines && ab_cache_access_line(&m->icache, line));
    if (!hit) stall += sequential ? p->miss_sequential : p->miss_jump;
    m->fetch_line = line;
  }
  m->last_fetch = all && p->cached ? p : NULL;
  return stall;
}
