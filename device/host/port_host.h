#ifndef AOTBENCH_PORT_HOST_H
#define AOTBENCH_PORT_HOST_H
/* The runtime's platform port on the host, for tests: bytes the server writes go to a callback,
 * and the counter is a fake clock that only the workloads advance, so counts are predictable. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*ab_host_writer)(const uint8_t* data, size_t len, void* ctx);
void ab_host_set_writer(ab_host_writer writer, void* ctx);
void ab_host_advance(uint64_t count);   /* what a workload "executes" */
void ab_host_set_stack_used(uint32_t bytes);
int ab_host_reset_requested(void);      /* 1 + exit flag of the last Reset, 0 if none */
int ab_host_reset_count(void);          /* Resets answered so far */
void ab_host_deny_files(void);          /* LoadInput answers "unsupported" (the fuzzer opens no files) */

#ifdef __cplusplus
}
#endif
#endif
