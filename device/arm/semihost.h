#ifndef AOTBENCH_SEMIHOST_H
#define AOTBENCH_SEMIHOST_H
/* Arm semihosting, used only under QEMU (profile: semihosting = true): to end the emulator, and
 * to read the timing model's counts file (counter.c). */
#include <stdint.h>

void ab_semihost_exit(int code) __attribute__((noreturn));
/* A host file opened for reading: its handle, or -1. */
int32_t ab_semihost_open(const char* path);
/* Reads `bytes` from the start of an open file; 0 when all were read. */
int32_t ab_semihost_read_start(int32_t handle, void* dst, uint32_t bytes);
void ab_semihost_close(int32_t handle);
#endif
