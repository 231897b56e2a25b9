/* Microbenchmarks whose Cortex-M3/M4 cycle counts the Technical Reference Manuals state exactly,
 * for the timing model's test (timing_microbench_test.cpp). Each is bracketed by two reads of DWT
 * CYCCNT, at which the plugin traces its counts; bench k's cycles are the difference of its
 * bracket less the empty bracket's. The code and its data run from SRAM (no wait state); the
 * vector table and a table of words are in flash (netduinoplus2: 0x0800_0000), for the flash reads. */
  .syntax unified
  .thumb

  .section .vectors, "a"
  .word 0x20010000
  .word reset

  .section .flash_data, "a"
  .align 4
flash_data:
  .rept 16
  .word 0x11111111
  .endr

  .data
  .align 4
sram_data:
  .word sram_data, 0, 0, 0, 0, 0, 0, 0

.macro BEGIN
  nop
  ldr r1, [r0]
  nop
.endm
.macro END
  ldr r1, [r0]
.endm

  .text
  .align 10                     /* the benches share one QEMU page: no block ends inside one */
  .type reset, %function
  .global reset
reset:
  ldr r0, =0xE0001004
  ldr r3, =sram_data
  adds r5, r3, #4
  movs r6, #0
  ldr r12, =flash_data
  mov r8, #3
  mov r9, #5
  mov r10, #7
  mov r11, #9
  b benches
  .ltorg
  .align 4
benches:
  BEGIN                          /* 0: empty */
  END
  BEGIN                          /* 1: two loads, the second pipelined: 2 + 1 */
  ldr r2, [r3]
  ldr r4, [r5]
  END
  BEGIN                          /* 2: the second load's address is the first's result: 2 + 2 */
  ldr r2, [r3]
  ldr r4, [r2]
  END
  BEGIN                          /* 3: a register-offset store after a load: 2 + 1 */
  ldr r2, [r3]
  str r2, [r5, r6]
  END
  BEGIN                          /* 4: nothing pipelines after a store: 1 + 2 */
  str r2, [r3, #8]
  ldr r4, [r5]
  END
  BEGIN                          /* 5: an address from the ALU result before it: 1 + 2 + 1 */
  adds r7, r3, #0
  ldr r2, [r7]
  END
  BEGIN                          /* 6: LDM of 4 registers: 1 + 4 */
  ldm.w r3, {r8, r9, r10, r11}
  END
  BEGIN                          /* 7: STM of 4 registers: 1 + 4 */
  stm.w r3, {r8, r9, r10, r11}
  END
  BEGIN                          /* 8: MUL */
  mul r2, r8, r9
  END
  BEGIN                          /* 9: MLA: M4 1, M3 2 */
  mla r2, r8, r9, r10
  END
  BEGIN                          /* 10: UMULL: M4 1, M3 3 to 5 */
  umull r2, r4, r8, r9
  END
  BEGIN                          /* 11: SMLAD (M4) */
  smlad r2, r8, r9, r10
  END
  BEGIN                          /* 12: SDIV: 2 to 12 */
  sdiv r2, r8, r9
  END
  BEGIN                          /* 13: a taken branch: 1 + 1 + P (2) */
  cmp r8, r8
  beq 1f
  nop
1:
  END
  BEGIN                          /* 14: a branch not taken: 1 + 1 + 1 */
  cmp r8, r8
  bne 2f
  nop
2:
  END
  BEGIN                          /* 15: a flash read, data cache cold: 2 + wait states */
  ldr r2, [r12]
  END
  BEGIN                          /* 16: the same line again, warm: 2 */
  ldr r2, [r12, #4]
  END
  BEGIN                          /* 17: the next line, cold: 2 + wait states */
  ldr r2, [r12, #16]
  END
  BEGIN                          /* 18: PUSH then POP of 4 registers: (1 + 4) * 2 */
  push {r4, r5, r6, r7}
  pop {r4, r5, r6, r7}
  END
  movs r0, #0x18                 /* SYS_EXIT, ADP_Stopped_ApplicationExit: QEMU exits 0 */
  ldr r1, =0x20026
  bkpt 0xab
  b .
  .ltorg
