#ifndef AB_TIMING_CORE_TIMING_H
#define AB_TIMING_CORE_TIMING_H
/* The core's side of the timing model: cycles of each instruction of a translated block with zero
 * wait-state memory, from the Technical Reference Manuals' instruction timing tables and their
 * pipelining rules (Cortex-M3 r2p1 and Cortex-M4 r0p1, chapter 3 "Instruction timing"). What
 * depends on the path taken (the refill after a taken branch) and on addresses (flash, caches) is
 * added at run time by the plugin (timing_plugin.c, memory_system.h). Cortex-M7: an approximation,
 * Arm publishes no timing table for it (labelled as such in every result). */
#include <stddef.h>
#include <stdint.h>

#include "thumb_decode.h"

typedef enum { AB_CORE_M3, AB_CORE_M4, AB_CORE_M7 } ab_core;

/* "cortex-m3" | "cortex-m4" | "cortex-m7"; 0 on success, -1 for another name. */
int ab_core_parse(const char* name, ab_core* out);
const char* ab_core_label(ab_core core); /* what results say the estimate is made of */

/* SDIV/UDIV take 2 to 12 cycles by the operands (early termination), which a plugin of QEMU 7.2
 * cannot read: the model charges this, the middle of the range. */
enum { AB_DIVIDE_CYCLES = 7 };

/* Cycles of insns[0..n) with zero wait states and no taken branch, given they run in this order
 * within one block; before[k] (when not NULL, n+1 entries) gets the cycles before insn k. */
uint32_t ab_core_block_cycles(ab_core core, const ab_insn* insns, size_t n, uint32_t* before);

/* Of insns[0..k) timed by ab_core_block_cycles (before: its n+1 entries), the cycles loads and
 * stores take beyond one each (unpipelined loads, LDRD, LDM/STM, an address from the instruction
 * before): what the breakdown calls memory access. */
uint32_t ab_core_memory_extra(const ab_insn* insns, size_t k, const uint32_t* before);

/* P, the pipeline refill when a branch is taken to `target` (whose first instruction is 32-bit
 * when wide): 1 to 3 by the target's alignment and width. */
uint32_t ab_core_refill(ab_core core, uint32_t target, int wide);

#endif
