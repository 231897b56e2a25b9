/* Arm semihosting calls (BKPT 0xAB; r0 = operation, r1 = parameter block). Only valid under
 * QEMU (-semihosting-config enable=on) or a debugger: on a bare board BKPT faults. */
#include "semihost.h"

#include <stdint.h>
#include <string.h>

#include "ab_port.h"

enum { SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_READ = 0x06, SYS_SEEK = 0x0A, SYS_FLEN = 0x0C, SYS_EXIT_EXTENDED = 0x20 };

static uint32_t semihost(uint32_t op, void* block) {
  register uint32_t r0 __asm("r0") = op;
  register void* r1 __asm("r1") = block;
  __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

/* SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit: QEMU exits with `code`. */
void ab_semihost_exit(int code) {
  uint32_t block[2] = {0x20026u, (uint32_t)code};
  semihost(SYS_EXIT_EXTENDED, block);
  for (;;) {
  }
}

int32_t ab_port_host_read(const char* path, uint8_t* dst, uint32_t bytes) {
  uint32_t open_block[3] = {(uint32_t)(uintptr_t)path, 1u /* "rb" */, (uint32_t)strlen(path)};
  const int32_t fd = (int32_t)semihost(SYS_OPEN, open_block);
  if (fd < 0) return -1;
  uint32_t handle = (uint32_t)fd;
  int32_t result = 0;
  if (semihost(SYS_FLEN, &handle) != bytes) {
    result = -2;
  } else {
    uint32_t read_block[3] = {handle, (uint32_t)(uintptr_t)dst, bytes};
    if (semihost(SYS_READ, read_block) != 0) result = -2; /* returns the bytes NOT read */
  }
  semihost(SYS_CLOSE, &handle);
  return result;
}

int32_t ab_semihost_open(const char* path) {
  uint32_t open_block[3] = {(uint32_t)(uintptr_t)path, 1u /* "rb" */, (uint32_t)strlen(path)};
  return (int32_t)semihost(SYS_OPEN, open_block);
}

int32_t ab_semihost_read_start(int32_t handle, void* dst, uint32_t bytes) {
  uint32_t seek_block[2] = {(uint32_t)handle, 0};
  if (semihost(SYS_SEEK, seek_block) != 0) return -1;
  uint32_t read_block[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)dst, bytes};
  return semihost(SYS_READ, read_block) == 0 ? 0 : -1; /* returns the bytes NOT read */
}

void ab_semihost_close(int32_t handle) {
  uint32_t h = (uint32_t)handle;
  semihost(SYS_CLOSE, &h);
}
