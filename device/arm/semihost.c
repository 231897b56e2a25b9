/* SYS_EXIT_EXTENDED (0x20) with ADP_Stopped_ApplicationExit: QEMU exits with `code`. */
#include "semihost.h"

#include <stdint.h>

void ab_semihost_exit(int code) {
  uint32_t block[2] = {0x20026u, (uint32_t)code};
  register uint32_t r0 __asm("r0") = 0x20u;
  register uint32_t* r1 __asm("r1") = block;
  __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  for (;;) {
  }
}
