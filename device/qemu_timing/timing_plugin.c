/* aotbench's timing model as a QEMU TCG plugin (QEMU 7.2, plugin API version 1): estimates the
 * cycles a Cortex-M would take for what the emulated core executes, and hands them to the firmware.
 *
 * Cost: a block's zero-wait cycles are summed once, when it is translated (core_timing.h); when it
 * runs, one callback adds them with what depends on the path and the addresses: the refill when a
 * branch was taken to it, and its code fetch from flash through the prefetch and instruction cache
 * (memory_system.h). Loads get a memory callback for flash data reads through the data cache,
 * but those from the stack, which is always in RAM.
 *
 * Getting the count out: QEMU 7.2's plugins can neither write guest state nor see stored values.
 * The firmware reads DWT CYCCNT (0xE0001004; QEMU answers 0) wherever it would on silicon; at that
 * load the plugin writes its running counts, cycles then instructions (two little-endian uint64),
 * at the start of the file `out`, and the firmware reads them back from there through
 * semihosting (device/arm/counter.c), so every measurement is made by the firmware's own code.
 *
 * Arguments (-plugin libab_timing.so,ARG=VALUE,...):
 *   out=PATH                     the file the counts go to (created)
 *   core=cortex-m3|m4|m7         the core's timings
 *   flash=ORIGIN:SIZE            a flash region (up to 4: aliases too), hex or decimal
 *   flash_ws=N                   flash wait states at the core clock
 *   flash_bus=BYTES              bytes one flash read gives (16: 128 bits)
 *   prefetch=on|off              sequential prefetch of the next code line
 *   icache=LINES:BYTES:WAYS      instruction cache (0:0:0 or absent: none)
 *   dcache=LINES:BYTES:WAYS      data cache
 *   trace=PATH                   also appends a line per CYCCNT read (tests, analysis):
 *                                "cycles instructions memory refill fetch data", the last four the
 *                                breakdown of the cycles beyond one per instruction: loads and
 *                                stores beyond their first cycle, taken-branch refills, code fetch
 *                                stalls, flash data read stalls (the rest: other multi-cycle
 *                                instructions less folded ITs) */
#define _GNU_SOURCE /* pwrite, O_CLOEXEC */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <qemu-plugin.h>

#include "core_timing.h"
#include "memory_system.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define DWT_CYCCNT 0xE0001004u /* a macro: ISO C enumerators stop at INT_MAX */

/* One translated block: what was summed at translation. */
typedef struct {
  uint32_t start, end, n;
  uint32_t cycles;  /* zero-wait cycles, no refill */
  uint32_t refill;  /* P when a branch was taken to it */
  uint32_t memory;  /* of `cycles`, loads' and stores' beyond one each */
  uint32_t* before; /* cycles before each instruction (n + 1) */
  ab_fetch_plan fetch;
} block;

/* A load instruction's place in its block, for the memory callback. */
typedef struct {
  const block* b;
  uint32_t index;
  uint32_t memory_before; /* the block's memory cycles before this load */
} load_site;

/* Where the cycles beyond one per instruction went (the trace's breakdown). */
typedef struct {
  uint64_t memory, refill, fetch, data;
} breakdown;

static struct {
  ab_core core;
  ab_memory memory;
  int out;
  FILE* trace;
  uint64_t cycles, insns;             /* totals so far, including the running block */
  uint64_t block_cycles, block_insns; /* where the running block started, its stalls so far */
  breakdown spent;                    /* memory: the running block's included */
  uint64_t block_memory;              /* spent.memory where the running block started */
  uint32_t next_pc;                   /* where the last block falls through to */
} model = {.out = -1, .next_pc = 1};

static void block_exec(unsigned int vcpu, void* udata) {
  (void)vcpu;
  const block* b = udata;
  uint64_t stall = ab_memory_fetch(&model.memory, &b->fetch);
  model.spent.fetch += stall;
  if (b->start != model.next_pc) { /* a branch (or an exception) came here */
    stall += b->refill;
    model.spent.refill += b->refill;
  }
  model.block_cycles = model.cycles + stall;
  model.block_insns = model.insns;
  model.cycles += stall + b->cycles;
  model.insns += b->n;
  model.next_pc = b->end;
  model.block_memory = model.spent.memory;
  model.spent.memory += b->memory;
}

static void publish(uint64_t cycles, uint64_t insns, uint64_t memory) {
  uint64_t record[2] = {cycles, insns}; /* x86-64 and Arm: both little-endian */
  if (model.out >= 0 && pwrite(model.out, record, sizeof record, 0) != (ssize_t)sizeof record) {
    qemu_plugin_outs("ab_timing: cannot write the counts file\n");
  }
  if (model.trace) {
    fprintf(model.trace, "%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", cycles, insns,
            memory, model.spent.refill, model.spent.fetch, model.spent.data);
  }
}

/* At the firmware's read of DWT CYCCNT: the counts as this load executes (its block's start, its
 * stalls, the instructions before). Rare: kept out of the loads' path. */
static __attribute__((cold, noinline)) void publish_at(const load_site* s) {
  publish(model.block_cycles + s->b->before[s->index], model.block_insns + s->index,
          model.block_memory + s->memory_before);
}

static void load_exec(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void* udata) {
  (void)vcpu;
  (void)info;
  if (vaddr == DWT_CYCCNT) {
    publish_at(udata);
    return;
  }
  const uint32_t stall = ab_memory_load(&model.memory, (uint32_t)vaddr);
  if (stall) {
    model.cycles += stall;
    model.block_cycles += stall;
    model.spent.data += stall;
  }
}

/* A load that may read flash or DWT CYCCNT: any but those from the stack (SP-based), which is in RAM. */
static int needs_callback(const ab_insn* i) {
  if (i->addr == (1u << 13)) return 0;
  return i->cls == AB_I_LOAD || i->cls == AB_I_LOAD_DUAL || i->cls == AB_I_LOAD_MULTI || i->cls == AB_I_FP_LOAD ||
         i->cls == AB_I_FP_MULTI || i->cls == AB_I_TABLE_BRANCH;
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  if (n == 0) return;
  block* b = calloc(1, sizeof *b);
  ab_insn* insns = calloc(n, sizeof *insns);
  b->before = calloc(n + 1, sizeof *b->before);
  if (!b || !insns || !b->before) {
    qemu_plugin_outs("ab_timing: out of memory\n");
    abort();
  }
  for (size_t k = 0; k < n; k++) {
    const struct qemu_plugin_insn* in = qemu_plugin_tb_get_insn(tb, k);
    const uint8_t* bytes = qemu_plugin_insn_data(in);
    const size_t size = qemu_plugin_insn_size(in);
    const uint16_t hw1 = (uint16_t)(bytes[0] | bytes[1] << 8);
    const uint16_t hw2 = size >= 4 ? (uint16_t)(bytes[2] | bytes[3] << 8) : 0;
    insns[k] = ab_thumb_decode(hw1, hw2);
  }
  b->start = (uint32_t)qemu_plugin_tb_vaddr(tb);
  const struct qemu_plugin_insn* last = qemu_plugin_tb_get_insn(tb, n - 1);
  b->end = (uint32_t)qemu_plugin_insn_vaddr(last) + (uint32_t)qemu_plugin_insn_size(last);
  b->n = (uint32_t)n;
  b->cycles = ab_core_block_cycles(model.core, insns, n, b->before);
  b->refill = ab_core_refill(model.core, b->start, insns[0].size == 4);
  b->memory = ab_core_memory_extra(insns, n, b->before);
  b->fetch = ab_memory_plan(&model.memory, b->start, b->end, b->n);
  qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec, QEMU_PLUGIN_CB_NO_REGS, b);
  for (size_t k = 0; k < n; k++) {
    if (!needs_callback(&insns[k])) continue;
    load_site* s = malloc(sizeof *s);
    if (!s) abort();
    *s = (load_site){b, (uint32_t)k, ab_core_memory_extra(insns, k, b->before)};
    /* QEMU 7.2 gives a QEMU_PLUGIN_MEM_R callback the writes and a _W one the reads (measured):
     * RW on load instructions is what gives their reads on any version. */
    qemu_plugin_register_vcpu_mem_cb(qemu_plugin_tb_get_insn(tb, k), load_exec, QEMU_PLUGIN_CB_NO_REGS,
                                     QEMU_PLUGIN_MEM_RW, s);
  }
  free(insns);
}

static void at_exit(qemu_plugin_id_t id, void* p) {
  (void)id;
  (void)p;
  if (model.out >= 0) close(model.out);
  if (model.trace) fclose(model.trace);
}

/* "LINES:BYTES:WAYS" */
static int parse_cache(const char* v, ab_cache* c) {
  unsigned lines = 0, bytes = 0, ways = 0;
  if (sscanf(v, "%u:%u:%u", &lines, &bytes, &ways) != 3) return -1;
  return ab_cache_init(c, lines, bytes, ways);
}

static int parse_arg(const char* arg) {
  const char* eq = strchr(arg, '=');
  if (!eq) return -1;
  const size_t klen = (size_t)(eq - arg);
  const char* v = eq + 1;
#define KEY(k) (klen == sizeof(k) - 1 && strncmp(arg, k, klen) == 0)
  if (KEY("out")) {
    model.out = open(v, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    return model.out >= 0 ? 0 : -1;
  }
  if (KEY("trace")) return (model.trace = fopen(v, "w")) ? 0 : -1;
  if (KEY("core")) return ab_core_parse(v, &model.core);
  if (KEY("flash")) {
    char* colon;
    const unsigned long origin = strtoul(v, &colon, 0);
    if (*colon != ':') return -1;
    return ab_memory_add_flash(&model.memory, (uint32_t)origin, (uint32_t)strtoul(colon + 1, NULL, 0));
  }
  if (KEY("flash_ws")) return (model.memory.wait_states = (uint32_t)strtoul(v, NULL, 0)), 0;
  if (KEY("flash_bus")) return (model.memory.bus_bytes = (uint32_t)strtoul(v, NULL, 0)) ? 0 : -1;
  if (KEY("prefetch")) {
    model.memory.prefetch = strcmp(v, "on") == 0;
    return model.memory.prefetch || strcmp(v, "off") == 0 ? 0 : -1;
  }
  if (KEY("icache")) return parse_cache(v, &model.memory.icache);
  if (KEY("dcache")) return parse_cache(v, &model.memory.dcache);
#undef KEY
  return -1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  if (strcmp(info->target_name, "arm") != 0) {
    fprintf(stderr, "ab_timing: models Cortex-M cores; this QEMU emulates %s\n", info->target_name);
    return -1;
  }
  model.core = AB_CORE_M4;
  model.memory.bus_bytes = 16;
  for (int i = 0; i < argc; i++) {
    if (parse_arg(argv[i]) != 0) {
      fprintf(stderr,
              "ab_timing: bad argument '%s' (out=PATH, core=cortex-m3|cortex-m4|cortex-m7, flash=ORIGIN:SIZE, "
              "flash_ws=N, flash_bus=BYTES, prefetch=on|off, icache=LINES:BYTES:WAYS, dcache=LINES:BYTES:WAYS)\n",
              argv[i]);
      return -1;
    }
  }
  if (model.out < 0) {
    fprintf(stderr, "ab_timing: no out=PATH: where should the counts go?\n");
    return -1;
  }
  if (model.trace) setvbuf(model.trace, NULL, _IOLBF, 0);
  const uint64_t zero[2] = {0, 0}; /* the file holds a reading from the start */
  if (pwrite(model.out, zero, sizeof zero, 0) != (ssize_t)sizeof zero) {
    fprintf(stderr, "ab_timing: cannot write the counts file\n");
    return -1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
