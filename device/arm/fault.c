/* Faults and unexpected interrupts (every vector but reset and SysTick points here): under QEMU
 * the emulator exits with status 3, which the host reports as a crash; on silicon the core resets
 * so the board answers again. Kept apart from main.c so a firmware with its own ab_main links. */
#include "board_config.h"
#include "regs.h"
#include "semihost.h"

void ab_fault_handler(void) {
#if AB_SEMIHOSTING
  ab_semihost_exit(3);
#else
  SCB_AIRCR = SCB_AIRCR_SYSRESETREQ;
  for (;;) {
  }
#endif
}
