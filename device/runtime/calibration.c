/* The calibration function of known stack depth: -fstack-usage reports its frame, and the
 * self-test checks that painting the stack measures the same within 16 bytes. It calls nothing,
 * so its frame is all it uses. (The loop and the empty function are in assembly: their
 * instruction counts must not depend on the compiler.) */
#include <stdint.h>

#include "ab_port.h"

enum { CAL_STACK_BYTES = 256 };

__attribute__((noinline)) int32_t ab_cal_stack(uint32_t seed) {
  volatile uint8_t buf[CAL_STACK_BYTES];
  for (uint32_t i = 0; i < CAL_STACK_BYTES; i++) buf[i] = (uint8_t)(seed + i);
  int32_t sum = 0;
  for (uint32_t i = 0; i < CAL_STACK_BYTES; i++) sum += buf[i];
  return sum < 0 ? -1 : 0; /* a workload returns 0 on success; sum keeps the reads */
}
