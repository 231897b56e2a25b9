/* The counter. Real silicon: DWT CYCCNT (cycles); detected by enabling it and seeing it move,
 * extended past its 32 bits by SysTick's wrap count (cycles64.h), SysTick running beside it.
 * Without it (QEMU has no DWT) SysTick on the core clock with a 24-bit reload and an interrupt
 * counting the wraps. Under QEMU -icount shift=S every instruction advances virtual time by 2^S ns,
 * so SysTick advances systick_hz * 2^S / 1e9 ticks per instruction; with that ratio r >= 2 (the
 * host picks S) ticks/r rounded to the nearest integer is the exact instruction count, because a
 * difference of two readings is within one tick of N*r.
 * Under QEMU with the timing model (device/qemu_timing) the counter is its cycle estimate: a
 * reading loads DWT CYCCNT as on silicon, at which the plugin writes its counts (cycles and
 * instructions) to a host file, read back here through semihosting. SysTick then stays off: the
 * model counts whatever runs, and no wrap interrupt is needed. */
#include "ab_port.h"
#include "aotbench.pb.h"
#include "board_config.h"
#include "cycles64.h"
#include "icount.h"
#include "regs.h"
#include "semihost.h"

/* Instructions the wrap interrupt's handler executes (systick.S); subtracted per wrap. */
#define HANDLER_INSTRUCTIONS 5u
#define PERIOD_BITS 24u
#define RELOAD ((1u << PERIOD_BITS) - 1u)

volatile uint32_t ab_systick_wraps; /* incremented by ab_systick_handler */
static uint32_t kind = aotbench_CounterKind_COUNTER_NONE;
static int32_t icount_shift = -1;
static int32_t model_file = -1;    /* the timing model's counts file (semihosting handle) */
static uint64_t model_instructions; /* read with the last reading of the model's cycles */

static int dwt_start(void) {
  DEMCR |= DEMCR_TRCENA;
#if AB_DWT_UNLOCK
  DWT_LAR = DWT_LAR_KEY; /* Cortex-M7: the DWT ignores writes until unlocked */
#endif
  DWT_CYCCNT = 0;
  DWT_CTRL |= DWT_CTRL_CYCCNTENA;
  for (volatile int i = 0; i < 16; i++) {
  }
  return DWT_CYCCNT != 0;
}

static void systick_start(void) {
  SYST_CSR = 0;
  SYST_RVR = RELOAD;
  SYST_CVR = 0;
  SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;
}

/* SysTick's 64-bit count: its wraps (the interrupt) and the current period's ticks. */
static uint64_t systick_now(void) {
  uint32_t wraps, value;
  do {
    wraps = ab_systick_wraps;
    value = SYST_CVR;
  } while (wraps != ab_systick_wraps);
  /* Wrapped but the interrupt not taken yet: the count restarted from the top. Without a branch,
   * so a reading costs the same instructions either way and counts stay exact. */
  wraps += ((SCB_ICSR & SCB_ICSR_PENDSTSET) != 0) & (value > RELOAD / 2);
  return ((uint64_t)wraps << PERIOD_BITS) | (RELOAD - value);
}

void ab_counter_init(void) {
  if (dwt_start()) {
    kind = aotbench_CounterKind_COUNTER_DWT_CYCLES;
    systick_start(); /* paces the extension; both restart from zero before each measurement */
    return;
  }
  kind = aotbench_CounterKind_COUNTER_SYSTICK_CYCLES;
  systick_start();
}

uint32_t ab_counter_kind(void) { return kind; }

int32_t ab_counter_icount_shift(void) { return icount_shift; }

int32_t ab_counter_set_icount_shift(int32_t shift) {
  if (kind == aotbench_CounterKind_COUNTER_DWT_CYCLES) return (int32_t)kind; /* real silicon */
  if (model_file >= 0) ab_semihost_close(model_file);
  model_file = -1;
  icount_shift = shift >= 0 && shift <= 10 ? shift : -1;
  kind = icount_shift >= 0 ? aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS
                           : aotbench_CounterKind_COUNTER_SYSTICK_CYCLES;
  if (!(SYST_CSR & SYST_CSR_ENABLE)) systick_start();
  return (int32_t)kind;
}

int32_t ab_counter_use_model(const char* counts_file) {
  if (kind != aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS) return (int32_t)kind; /* emulators only */
  uint64_t probe[2];
  const int32_t h = ab_semihost_open(counts_file);
  if (h < 0) return (int32_t)kind;
  if (ab_semihost_read_start(h, probe, sizeof probe) != 0) {
    ab_semihost_close(h);
    return (int32_t)kind;
  }
  model_file = h;
  kind = aotbench_CounterKind_COUNTER_MODEL_CYCLES;
  SYST_CSR = 0;
  return (int32_t)kind;
}

uint64_t ab_counter_instructions(void) { return model_instructions; }

static uint64_t model_now(void) {
  uint64_t counts[2] = {0, 0};
  (void)DWT_CYCCNT; /* the plugin writes its counts as this load executes */
  ab_semihost_read_start(model_file, counts, sizeof counts);
  model_instructions = counts[1];
  return counts[0];
}

void ab_counter_idle(int idle) {
  if (kind == aotbench_CounterKind_COUNTER_DWT_CYCLES || kind == aotbench_CounterKind_COUNTER_MODEL_CYCLES) return;
  if (idle)
    SYST_CSR = 0;
  else if (!(SYST_CSR & SYST_CSR_ENABLE))
    systick_start();
}

void ab_counter_restart(void) {
  if (kind == aotbench_CounterKind_COUNTER_MODEL_CYCLES) return; /* no phase to fix */
  /* Any write zeroes the count; it reloads on the next tick without an interrupt. Waiting for
   * the reload starts every measurement at the same phase of the SysTick period. */
  SYST_CVR = 0;
  while (SYST_CVR == 0) {
  }
  if (kind == aotbench_CounterKind_COUNTER_DWT_CYCLES) {
    /* Both from zero again: CYCCNT stops while the core sleeps between requests, SysTick not. */
    ab_systick_wraps = 0;
    DWT_CYCCNT = 0;
  }
}

uint64_t ab_counter_now(void) {
  if (kind == aotbench_CounterKind_COUNTER_MODEL_CYCLES) return model_now();
  if (kind == aotbench_CounterKind_COUNTER_DWT_CYCLES) return ab_cycles64(systick_now(), DWT_CYCCNT);
  return systick_now();
}

uint64_t ab_counter_delta(uint64_t t0, uint64_t t1) {
  /* The SysTick interrupt's cycles (entry, 5 instructions, exit: some 30 every 2^24) stay in. */
  if (kind == aotbench_CounterKind_COUNTER_DWT_CYCLES || kind == aotbench_CounterKind_COUNTER_MODEL_CYCLES)
    return t1 - t0;
  uint64_t ticks = t1 - t0;
  uint64_t wraps = (t1 >> PERIOD_BITS) - (t0 >> PERIOD_BITS);
  uint64_t count = ticks;
  if (kind == aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS)
    count = ab_icount_instructions(ticks, ab_icount_ratio_for(AB_SYSTICK_HZ, icount_shift));
  uint64_t handler = wraps * HANDLER_INSTRUCTIONS;
  return count > handler ? count - handler : 0;
}
