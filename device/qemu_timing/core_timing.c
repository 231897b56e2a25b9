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

/* Cortex-M7, approximated (Arm publishes no timing table). In-order dual issue: an instruction
 * issues when its operands are ready, alone or as the second of a pair with the one before. The
 * facts, all public: Arm's scheduling model of the core in LLVM (ARMScheduleM7.td: which stage
 * reads each operand, result latencies, which units are single), and the dual-issue restrictions
 * measured on silicon and published by an independent reverse engineer (mastodawn.com, tag
 * CortexM7: one shifted operand a cycle, DSP/SIMD only at the lower address of a pair). */
static int pairable(const ab_insn* i) {
  return i->cls == AB_I_ALU || i->cls == AB_I_MUL || i->cls == AB_I_MAC || i->cls == AB_I_DSP_MUL ||
         i->cls == AB_I_LOAD || i->cls == AB_I_STORE || i->cls == AB_I_FP;
}

/* Multiplies and DSP operations issue only as the first of a pair (one MAC unit, in slot 0). */
static int is_multiply(const ab_insn* i) { return i->cls == AB_I_MUL || i->cls == AB_I_MAC || i->cls == AB_I_DSP_MUL; }

static uint32_t m7_issue_cycles(const ab_insn* i) {
  switch ((ab_insn_class)i->cls) {
    case AB_I_DIV: return AB_DIVIDE_CYCLES;
    case AB_I_LOAD_MULTI: case AB_I_STORE_MULTI: case AB_I_FP_MULTI: return 1 + (i->nregs + 1u) / 2u;
    case AB_I_TABLE_BRANCH: case AB_I_FP_MAC: return 2;
    case AB_I_FP_DIV: return 14;
    default: return 1;
  }
}

/* Cycles after its issue from which an instruction's result is an ordinary operand (read in EX2):
 * 1 for ALU operations and word loads (fast load data in EX2), 2 for multiplies and
 * multiply-accumulates, byte and halfword loads and saturating arithmetic (LLVM's M7 model:
 * Latency = 2, M7SlowLoad, M7WriteSIMD2). A multi-cycle instruction's, at its end. */
static uint32_t m7_result_latency(const ab_insn* i, uint32_t issue_cycles) {
  if (issue_cycles > 1) return issue_cycles;
  if (is_multiply(i) || i->cls == AB_I_LONG_MUL || i->cls == AB_I_LONG_MAC || i->slow_result) return 2;
  return 1;
}

typedef struct {
  uint32_t ready[16];    /* per register: the first cycle an ordinary read of it does not stall */
  uint32_t next;         /* the earliest cycle the next instruction issues first of a pair */
  const ab_insn* alone;  /* the instruction issued alone at next - 1, which a second may join */
} m7_pipe;

/* The first cycle from which reading every register of regs, `early` cycles before EX2, stalls
 * nothing (0: none of them written yet in the block). */
static uint32_t latest_ready(const m7_pipe* p, uint16_t regs, uint32_t early) {
  uint32_t t = 0;
  for (unsigned r = 0; regs; r++, regs >>= 1)
    if ((regs & 1) && p->ready[r] && p->ready[r] + early > t) t = p->ready[r] + early;
  return t;
}

/* The first cycle cur's operands allow it to issue. Address registers are read a cycle early
 * (address generation in EX1) and so is a shifted operand (the shifter in EX1); an accumulator
 * and a store's data a cycle late (LLVM: M7Read_ISS, ReadAdvance<ReadMAC, 1>, M7Read_EX2). */
static uint32_t m7_operands_ready(const m7_pipe* p, const ab_insn* cur) {
  uint32_t t = latest_ready(p, cur->src, 0);
  const uint32_t early = latest_ready(p, (uint16_t)(cur->addr | cur->src_shifted), 1);
  const uint32_t late = latest_ready(p, cur->src_late, 0);
  if (early > t) t = early;
  if (late > t + 1) t = late - 1;
  return t;
}

/* The second of a pair: at most one memory access; a multiply or a DSP/SIMD operation only
 * first (one MAC unit, SIMD in slot 0: LLVM's BeginGroup, and measured: even REV); one shifter
 * (LLVM's M7UnitShift1; measured: shifted operands, extends and bit fields, and immediates wider
 * than a byte, one a cycle). */
static int m7_pairs(const ab_insn* first, const ab_insn* cur) {
  return (pairable(cur) || cur->cls == AB_I_BRANCH) && !(is_memory(first) && is_memory(cur)) && !is_multiply(cur) &&
         !cur->simd && !(first->shifter && cur->shifter);
}

/* Issues cur; returns the cycles it adds to the block (0 when it joins the one before). */
static uint32_t m7_issue(m7_pipe* p, const ab_insn* cur) {
  if (cur->cls == AB_I_IT) return 0;  /* folded: never reaches issue */
  const uint32_t cycles = m7_issue_cycles(cur), ready = m7_operands_ready(p, cur);
  uint32_t issue, added;
  if (p->alone && cycles == 1 && ready + 1 <= p->next && m7_pairs(p->alone, cur)) {
    issue = p->next - 1;
    added = 0;
    p->alone = NULL;
  } else {
    issue = ready > p->next ? ready : p->next;
    added = issue - p->next + cycles;
    p->next = issue + cycles;
    p->alone = cycles == 1 && pairable(cur) && !cur->writes_pc ? cur : NULL;
  }
  const uint32_t result = issue + m7_result_latency(cur, cycles);
  for (unsigned r = 0; r < 16; r++)
    if (cur->dst & (1u << r)) p->ready[r] = result;
  return added;
}

uint32_t ab_core_block_cycles(ab_core core, const ab_insn* insns, size_t n, uint32_t* before) {
  uint32_t total = 0;
  m7_pipe pipe = {{0}, 0, NULL};
  for (size_t k = 0; k < n; k++) {
    if (before) before[k] = total;
    if (core == AB_CORE_M7) total += m7_issue(&pipe, &insns[k]);
    else total += v7m_cycles(core, k ? &insns[k - 1] : NULL, &insns[k]);
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
