/* See core_timing.h. */
#include "core_timing.h"

#include <string.h>

int ab_core_parse(const char* name, ab_core* out) {
  if (strcmp(name, "cortex-m3") == 0) *out = AB_CORE_M3;
  else if (strcmp(name, "cortex-m4") == 0) *out = AB_CORE_M4;
  else if (strcmp(name, "cortex-m7") == 0) *out = AB_CORE_M7;
  else return -1;
  return 0;
}

const char* ab_core_label(ab_core core) {
  switch (core) {
    case AB_CORE_M3: return "Cortex-M3 TRM timings";
    case AB_CORE_M4: return "Cortex-M4 TRM timings";
    case AB_CORE_M7: return "Cortex-M7 approximation (dual issue, predicted branches)";
  }
  return "?";
}

static int is_data_processing(const ab_insn* i) {
  return i->cls == AB_I_ALU || i->cls == AB_I_MUL || i->cls == AB_I_MAC || i->cls == AB_I_DSP_MUL ||
         i->cls == AB_I_LONG_MUL || i->cls == AB_I_LONG_MAC || i->cls == AB_I_DIV;
}

static int is_memory(const ab_insn* i) {
  return i->cls == AB_I_LOAD || i->cls == AB_I_STORE || i->cls == AB_I_LOAD_DUAL || i->cls == AB_I_STORE_DUAL ||
         i->cls == AB_I_LOAD_MULTI || i->cls == AB_I_STORE_MULTI || i->cls == AB_I_FP_LOAD ||
         i->cls == AB_I_FP_STORE || i->cls == AB_I_FP_MULTI || i->cls == AB_I_TABLE_BRANCH;
}

/* Cortex-M3/M4 (TRM table 3-1 and section 3.3 "Load/store timings"). */
static uint32_t v7m_cycles(ab_core core, const ab_insn* prev, const ab_insn* cur) {
  const int m3 = core == AB_CORE_M3;
  uint32_t c = 1;
  switch ((ab_insn_class)cur->cls) {
    case AB_I_ALU: case AB_I_MUL: case AB_I_DSP_MUL: case AB_I_BRANCH: case AB_I_BARRIER:
    case AB_I_FP: case AB_I_OTHER: c = 1; break;
    case AB_I_MAC: c = m3 ? 2 : 1; break;
    case AB_I_LONG_MUL: c = m3 ? 4 : 1; break;  /* M3: 3 to 5 by the operands */
    case AB_I_LONG_MAC: c = m3 ? 5 : 1; break;  /* M3: 4 to 7 by the operands */
    case AB_I_DIV: c = AB_DIVIDE_CYCLES; break;
    case AB_I_LOAD:
      /* 2; 1 when it follows a load whose result its address does not use (the address phase
       * overlaps the previous data phase). Nothing pipelines after a store. */
      c = prev && prev->cls == AB_I_LOAD && !prev->writes_pc && !(prev->dst & cur->addr) ? 1 : 2;
      break;
    case AB_I_STORE:
      /* With an immediate offset always 1 (the data phase overlaps the next instruction); with a
       * register offset 2, 1 when it follows a load. */
      c = !cur->reg_offset || (prev && prev->cls == AB_I_LOAD && !prev->writes_pc) ? 1 : 2;
      break;
    case AB_I_LOAD_DUAL: case AB_I_STORE_DUAL: c = 1 + 2; break;
    case AB_I_LOAD_MULTI: case AB_I_STORE_MULTI: c = 1 + cur->nregs; break;
    case AB_I_TABLE_BRANCH: c = 2; break;
    case AB_I_IT:  /* folded onto a preceding 16-bit instruction: free */
      c = prev && prev->size == 2 && !prev->writes_pc && prev->cls != AB_I_IT ? 0 : 1;
      break;
    case AB_I_FP_MAC: c = 3; break;
    case AB_I_FP_DIV: c = 14; break;
    case AB_I_FP_LOAD: case AB_I_FP_STORE: c = 2; break;
    case AB_I_FP_MULTI: c = 1 + cur->nregs; break;
  }
  /* No forwarding path from a data-processing result to address generation: one more cycle. */
  if (prev && is_memory(cur) && is_data_processing(prev) && (prev->dst & cur->addr)) c += 1;
  return c;
}

/* Cortex-M7, approximated: single-cycle issue of most instructions, an independent pair issued
 * together (at most one of them a memory access), a load's result one cycle late. */
static int pairable(const ab_insn* i) {
  return i->cls == AB_I_ALU || i->cls == AB_I_MUL || i->cls == AB_I_MAC || i->cls == AB_I_DSP_MUL ||
         i->cls == AB_I_LOAD || i->cls == AB_I_STORE || i->cls == AB_I_FP || i->cls == AB_I_IT;
}

/* Multiplies and DSP operations issue only as the first of a pair. */
static int is_multiply(const ab_insn* i) { return i->cls == AB_I_MUL || i->cls == AB_I_MAC || i->cls == AB_I_DSP_MUL; }

static uint32_t m7_cycles(const ab_insn* prev, int prev_paired, const ab_insn* cur, int* paired) {
  uint32_t c = 1;
  switch ((ab_insn_class)cur->cls) {
    case AB_I_DIV: c = AB_DIVIDE_CYCLES; break;
    case AB_I_LOAD_MULTI: case AB_I_STORE_MULTI: case AB_I_FP_MULTI: c = 1 + (cur->nregs + 1u) / 2u; break;
    case AB_I_TABLE_BRANCH: c = 2; break;
    case AB_I_FP_MAC: c = 2; break;
    case AB_I_FP_DIV: c = 14; break;
    case AB_I_IT: c = 0; break;
    default: c = 1; break;
  }
  *paired = 0;
  const int depends = prev && (prev->dst & cur->addr);
  if (prev && !prev_paired && pairable(prev) && (pairable(cur) || cur->cls == AB_I_BRANCH) && !prev->writes_pc &&
      !depends && !(is_memory(prev) && is_memory(cur)) && !is_multiply(cur) && c == 1) {
    *paired = 1;
    return 0;
  }
  if (prev && prev->cls == AB_I_LOAD && depends) c += 1;
  return c;
}

uint32_t ab_core_block_cycles(ab_core core, const ab_insn* insns, size_t n, uint32_t* before) {
  uint32_t total = 0;
  int paired = 0;
  for (size_t k = 0; k < n; k++) {
    if (before) before[k] = total;
    const ab_insn* prev = k ? &insns[k - 1] : NULL;
    if (core == AB_CORE_M7) total += m7_cycles(prev, paired, &insns[k], &paired);
    else total += v7m_cycles(core, prev, &insns[k]);
  }
  if (before) before[n] = total;
  return total;
}

uint32_t ab_core_memory_extra(const ab_insn* insns, size_t k, const uint32_t* before) {
  uint32_t extra = 0;
  for (size_t j = 0; j < k; j++) {
    const uint32_t c = before[j + 1] - before[j];
    if (is_memory(&insns[j]) && c > 1) extra += c - 1;
  }
  return extra;
}

uint32_t ab_core_refill(ab_core core, uint32_t target, int wide) {
  if (core == AB_CORE_M7) return 1;  /* predicted: an average of hits and misses */
  /* Two cycles to refetch; a 32-bit target that straddles a word needs a third fetch. */
  return 2u + (wide && (target & 2u) ? 1u : 0u);
}
