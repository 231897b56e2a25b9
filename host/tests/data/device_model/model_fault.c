/* A model whose run faults (an undefined instruction), for the crash-detection test: under QEMU
 * the firmware's fault handler ends the emulator with status 3. */
#include <stdint.h>

#include "aotbench/model_iface.h"

static const ab_model_desc desc = {"test-fault", 0, 0, 0, 0, 0, 0, 0};

const ab_model_desc* ab_model(void) { return &desc; }

int32_t ab_model_run(void) {
  __builtin_trap();
  return 0;
}
