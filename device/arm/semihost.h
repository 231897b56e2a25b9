#ifndef AOTBENCH_SEMIHOST_H
#define AOTBENCH_SEMIHOST_H
/* Arm semihosting, used only under QEMU (profile: semihosting = true) to end the emulator. */
void ab_semihost_exit(int code) __attribute__((noreturn));
#endif
