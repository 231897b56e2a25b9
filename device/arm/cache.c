/* Cortex-M7 L1 caches, enabled when the profile says so (real STM32F7 boards run with them).
 * Invalidate first, then enable; Cortex-M7 D-cache: 32-byte lines, 4 ways (set at bit 5, way at
 * bit 30 of DCISW). */
#include "board_config.h"
#include "board_init.h"
#include "regs.h"

void ab_cache_init(void) {
#if AB_CACHES
  ab_dsb_isb();
  SCB_ICIALLU = 0;
  ab_dsb_isb();
  SCB_CCR |= SCB_CCR_IC;
  ab_dsb_isb();

  SCB_CSSELR = 0; /* level 1 data cache */
  ab_dsb_isb();
  uint32_t ccsidr = SCB_CCSIDR;
  uint32_t sets = ((ccsidr >> 13) & 0x7FFFu) + 1u, ways = ((ccsidr >> 3) & 0x3FFu) + 1u;
  for (uint32_t s = 0; s < sets; s++)
    for (uint32_t w = 0; w < ways; w++) SCB_DCISW = (s << 5) | (w << 30);
  ab_dsb_isb();
  SCB_CCR |= SCB_CCR_DC;
  ab_dsb_isb();
#endif
}
