#ifndef AOTBENCH_AB_PORT_H
#define AOTBENCH_AB_PORT_H
/* What the portable runtime (RPC server, measurement, profile) needs from the platform. The
 * firmware implements it in device/arm/, the host tests in device/host/. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t (*ab_workload_fn)(uint32_t param);

/* Facts about the platform, for the banner and GetInfo. */
typedef struct {
  const char* board;
  const char* cpu;
  uint32_t clock_hz;    /* the core clock it runs at, as set up at start */
  const char* build_id; /* hex */
  uint32_t clock_setup; /* aotbench_ClockSetup: how that clock came about */
} ab_platform_info;

const ab_platform_info* ab_port_info(void);

/* The link: blocking single-byte read, and writing a whole buffer. */
uint8_t ab_port_getc(void);
void ab_port_write(const uint8_t* data, size_t len);
/* 1: bytes that arrive stay in the UART, no receive interrupt, until 0 (while a request
 * executes, so nothing the host sends runs code inside a measured window). */
void ab_port_rx_hold(int hold);

/* Counter. now() is raw and monotonic; delta() turns two readings into the counter's unit
 * (cycles or instructions, see ab_counter_kind()) net of the counter's own interrupt handler. */
void ab_counter_init(void);
uint32_t ab_counter_kind(void); /* aotbench_CounterKind */
int32_t ab_counter_set_icount_shift(int32_t shift); /* returns the new kind */
int32_t ab_counter_icount_shift(void);
/* Under QEMU with the timing model loaded: its cycles become the counter (returns the new kind;
 * unchanged when the counts file cannot be read). The model's instruction count comes with each
 * reading: ab_counter_instructions() is the one read with the last ab_counter_now(). */
int32_t ab_counter_use_model(const char* counts_file);
uint64_t ab_counter_instructions(void);
void ab_counter_restart(void); /* fixes the counter's phase so measurements repeat exactly */
void ab_counter_idle(int idle); /* 1: nothing to measure until 0 (the counter may stop) */
uint64_t ab_counter_now(void);
uint64_t ab_counter_delta(uint64_t t0, uint64_t t1);

/* Stack: run fn(param) on a painted stack; returns the bytes it used below the caller's SP. */
uint32_t ab_stack_measure(ab_workload_fn fn, uint32_t param, int32_t* status);
uint32_t ab_stack_free(void);

/* Calibration workloads (device/arm/calibration.S on the firmware). */
int32_t ab_cal_empty(uint32_t param);
int32_t ab_cal_loop(uint32_t iterations);
int32_t ab_cal_stack(uint32_t seed);

/* Reads exactly `bytes` from a file on the host (emulators only, via semihosting). Returns 0, or
 * -1 when the file cannot be opened, -2 when its size differs, -3 when unsupported here. */
int32_t ab_port_host_read(const char* path, uint8_t* dst, uint32_t bytes);

/* Called after the response to Reset has been sent; does not return on the firmware. */
void ab_port_reset(int exit_emulator);

#ifdef __cplusplus
}
#endif

#endif
