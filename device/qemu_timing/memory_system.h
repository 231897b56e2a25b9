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
  uint32_t wait_states;   /* flash latency in core cycles beyond the first */
  uint32_t bus_bytes;     /* bytes one flash read gives */
  int prefetch;           /* the next line is read while the current one executes */
  ab_cache icache, dcache;
  uint32_t fetch_line;    /* the code line fetched last (+1: none) */
} ab_memory;

static inline int ab_memory_is_flash(const ab_memory* m, uint32_t address) {
  for (int r = 0; r < m->regions; r++)
    if (address - m->origin[r] < m->size[r]) return 1;
  return 0;
}

/* Stall cycles to fetch the code of a block [start, end) of n instructions. */
uint32_t ab_memory_fetch(ab_memory* m, uint32_t start, uint32_t end, uint32_t n);

/* Stall cycles of a data read at `address` (literal pools, constant tensors in flash). */
uint32_t ab_memory_load(ab_memory* m, uint32_t address);

#endif
