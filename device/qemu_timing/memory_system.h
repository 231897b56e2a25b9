#ifndef AB_TIMING_MEMORY_SYSTEM_H
#define AB_TIMING_MEMORY_SYSTEM_H
/* The memory side of the timing model: flash behind wait states at the core clock, read a flash
 * word (bus_bytes) at a time, with a sequential prefetch and instruction and data caches in front
 * (ST's ART accelerator on STM32F4/L4, the L1 caches of a Cortex-M7). Everything that is not
 * flash (SRAM, TCM) answers with no wait state. The stall cycles returned come on top of the
 * core's zero-wait timings (core_timing.h). */
#include <stdint.h>

#include "cache.h"

enum { AB_MAX_FLASH_REGIONS = 4 };

typedef struct {
  uint32_t origin[AB_MAX_FLASH_REGIONS], size[AB_MAX_FLASH_REGIONS];
  int regions;
  uint32_t flash_low, flash_high; /* the lowest region's first byte, the highest one's last */
  uint32_t wait_states;   /* flash latency in core cycles beyond the first */
  uint32_t bus_bytes;     /* bytes one flash read gives */
  int prefetch;           /* the next line is read while the current one executes */
  ab_cache icache, dcache;
  uint32_t fetch_line;    /* the code line fetched last (+1: none) */
  const struct ab_fetch_plan* last_fetch; /* the block whose code lines the instruction cache saw last,
                                             all of them, in their order (NULL: none such) */
} ab_memory;

/* Adds a flash region (ab_memory_is_flash); -1 when there are AB_MAX_FLASH_REGIONS already. */
int ab_memory_add_flash(ab_memory* m, uint32_t origin, uint32_t size);

static inline int ab_memory_is_flash(const ab_memory* m, uint32_t address) {
  if (address - m->flash_low > m->flash_high - m->flash_low) return 0; /* most reads: RAM, past every region */
  for (int r = 0; r < m->regions; r++)
    if (address - m->origin[r] < m->size[r]) return 1;
  return 0;
}

/* What the fetch of a block's code costs beyond the cache state, worked out once when the block is
 * translated (ab_memory_plan) so that running it divides nothing. */
typedef struct ab_fetch_plan {
  uint32_t first_line, last_line; /* the code lines it spans; first > last: not in flash */
  uint32_t miss_sequential;       /* stall of a missing line that follows the line before */
  uint32_t miss_jump;             /* stall of a missing line reached otherwise */
  int cached;                     /* an instruction cache can hold all its lines at once */
} ab_fetch_plan;

/* The plan of a block [start, end) of n instructions. */
ab_fetch_plan ab_memory_plan(const ab_memory* m, uint32_t start, uint32_t end, uint32_t n);

/* Stall cycles to fetch the code of a block planned by ab_memory_plan. */
uint32_t ab_memory_fetch(ab_memory* m, const ab_fetch_plan* p);

/* Stall cycles of a data read at `address` (literal pools, constant tensors in flash). */
static inline uint32_t ab_memory_load(ab_memory* m, uint32_t address) {
  if (!ab_memory_is_flash(m, address)) return 0;
  if (m->dcache.lines && ab_cache_access(&m->dcache, address)) return 0;
  return m->wait_states; /* the word asked for comes first */
}

#endif
