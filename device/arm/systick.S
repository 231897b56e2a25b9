/* SysTick interrupt: counts 24-bit wraps of the counter. Exactly 5 instructions
 * (HANDLER_INSTRUCTIONS in counter.c), so their count can be taken out of measurements. */
  .syntax unified
  .thumb
  .section .text.ab_systick_handler, "ax", %progbits
  .global ab_systick_handler
  .type ab_systick_handler, %function
ab_systick_handler:
  ldr r0, =ab_systick_wraps
  ldr r1, [r0]
  adds r1, r1, #1
  str r1, [r0]
  bx lr
  .size ab_systick_handler, . - ab_systick_handler
  .pool
