#ifndef AOTBENCH_PROFILE_H
#define AOTBENCH_PROFILE_H
/* Per-operator counts recorded by ab_profile_op_begin/end (model_iface.h) during one run. */
#include <stdint.h>

enum { AB_MAX_PROFILE_OPS = 256 };

void ab_profile_arm(uint32_t num_ops); /* clear and record during the next run */
void ab_profile_disarm(void);
uint32_t ab_profile_count(void);       /* operators recorded by the last armed run */
uint64_t ab_profile_get(uint32_t op);

#endif
