/* Stack high-water mark by painting: fill the free stack below the current SP with a pattern,
 * run the function, find the lowest word that changed. What the caller (the RPC server) already
 * uses lies above the SP at the call and is not counted. Interrupts are off meanwhile, so no
 * exception frame lands in the painted area. The free stack runs down to the end of .bss. */
#include "ab_port.h"
#include "regs.h"

#define PAINT 0xA55A5AA5u

extern uint32_t ab_stack_limit[]; /* linker script: lowest address the stack may reach */

static inline uint32_t* current_sp(void) {
  uint32_t* sp;
  __asm volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

uint32_t ab_stack_free(void) { return (uint32_t)((uintptr_t)current_sp() - (uintptr_t)ab_stack_limit); }

__attribute__((noinline)) uint32_t ab_stack_measure(ab_workload_fn fn, uint32_t param,
                                                    int32_t* status) {
  ab_irq_disable();
  uint32_t* sp = current_sp();
  for (uint32_t* p = ab_stack_limit; p < sp; p++) *p = PAINT;
  *status = fn(param);
  uint32_t* p = ab_stack_limit;
  while (p < sp && *p == PAINT) p++;
  ab_irq_enable();
  return (uint32_t)((uintptr_t)sp - (uintptr_t)p);
}
