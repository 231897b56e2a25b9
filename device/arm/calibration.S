/* Calibration workloads whose instruction counts come from their disassembly, independent of
 * the compiler: ab_cal_empty executes 1 instruction; ab_cal_loop(n), n >= 1, executes the
 * loop body (4 instructions) n times plus 3 (tests derive both from `objdump -d`). */
  .syntax unified
  .thumb

  .section .text.ab_cal_empty, "ax", %progbits
  .global ab_cal_empty
  .type ab_cal_empty, %function
ab_cal_empty:
  bx lr
  .size ab_cal_empty, . - ab_cal_empty

  .section .text.ab_cal_loop, "ax", %progbits
  .global ab_cal_loop
  .type ab_cal_loop, %function
ab_cal_loop:
  movs r1, #0
.Lloop:
  adds r1, r1, r0
  eors r1, r1, r0
  subs r0, r0, #1
  bne .Lloop
  movs r0, #0
  bx lr
  .size ab_cal_loop, . - ab_cal_loop
