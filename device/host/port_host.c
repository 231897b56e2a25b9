/* Host port of the device runtime (see port_host.h). The calibration workloads advance the fake
 * clock by the instruction counts of their assembly versions: empty 1, loop 4n+3. */
#include "port_host.h"

#include <stdio.h>

#include "ab_port.h"
#include "aotbench.pb.h"

static ab_host_writer writer;
static void* writer_ctx;
static uint64_t clock_now;
static uint32_t stack_used;
static int reset_requested, reset_count;
static int32_t shift = -1;
static int files_denied;

void ab_host_set_writer(ab_host_writer w, void* ctx) {
  writer = w;
  writer_ctx = ctx;
}

void ab_host_advance(uint64_t count) { clock_now += count; }
void ab_host_set_stack_used(uint32_t bytes) { stack_used = bytes; }
void ab_host_deny_files(void) { files_denied = 1; }
int ab_host_reset_requested(void) { return reset_requested; }
int ab_host_reset_count(void) { return reset_count; }

const ab_platform_info* ab_port_info(void) {
  static const ab_platform_info info = {"host", "x86-64", 1000000000u, "00", 0};
  return &info;
}

uint8_t ab_port_getc(void) { return 0; }

void ab_port_write(const uint8_t* data, size_t len) {
  if (writer) writer(data, len, writer_ctx);
}

void ab_port_rx_hold(int hold) { (void)hold; } /* the tests feed bytes between requests only */

void ab_counter_init(void) { shift = -1; } /* as a firmware starts: no -icount shift yet */
uint32_t ab_counter_kind(void) {
  return shift >= 0 ? aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS : aotbench_CounterKind_COUNTER_NONE;
}
int32_t ab_counter_set_icount_shift(int32_t s) {
  shift = s;
  return (int32_t)ab_counter_kind();
}
int32_t ab_counter_icount_shift(void) { return shift; }
int32_t ab_counter_use_model(const char* counts_file) {
  (void)counts_file;
  return (int32_t)ab_counter_kind(); /* no timing model on the host */
}
uint64_t ab_counter_instructions(void) { return 0; }
void ab_counter_restart(void) {}
void ab_counter_idle(int idle) { (void)idle; }
uint64_t ab_counter_now(void) { return clock_now; }
uint64_t ab_counter_delta(uint64_t t0, uint64_t t1) { return t1 - t0; }

uint32_t ab_stack_measure(ab_workload_fn fn, uint32_t param, int32_t* status) {
  *status = fn(param);
  return stack_used;
}
uint32_t ab_stack_free(void) { return 65536; }

int32_t ab_cal_empty(uint32_t param) {
  (void)param;
  ab_host_advance(1);
  return 0;
}

int32_t ab_cal_loop(uint32_t iterations) {
  ab_host_advance(4ull * iterations + 3);
  return 0;
}

int32_t ab_port_host_read(const char* path, uint8_t* dst, uint32_t bytes) {
  if (files_denied) return -3;
  FILE* f = fopen(path, "rb");
  if (!f) return -1;
  const size_t got = fread(dst, 1, bytes, f);
  const int extra = fgetc(f) != EOF;
  fclose(f);
  return got == bytes && !extra ? 0 : -2;
}

void ab_port_reset(int exit_emulator) {
  reset_requested = 1 + (exit_emulator != 0);
  reset_count++;
}
