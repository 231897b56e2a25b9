/* Per-operator profile: counter deltas between the hooks the generated code calls around every
 * operator, net of the hooks' own cost (measured with an empty operator when armed). */
#include "profile.h"

#include "aotbench/model_iface.h"
#include "ab_port.h"

static uint64_t counts[AB_MAX_PROFILE_OPS];
static uint64_t started;
static uint64_t hook_cost;
static uint64_t last_delta;
static uint32_t ops;
static int armed;

void ab_profile_op_begin(uint32_t op) {
  (void)op;
  if (armed) started = ab_counter_now();
}

void ab_profile_op_end(uint32_t op) {
  if (!armed) return;
  uint64_t d = ab_counter_delta(started, ab_counter_now());
  last_delta = d;
  if (op < ops) counts[op] += d > hook_cost ? d - hook_cost : 0;
}

void ab_profile_arm(uint32_t num_ops) {
  ops = num_ops < AB_MAX_PROFILE_OPS ? num_ops : AB_MAX_PROFILE_OPS;
  for (uint32_t i = 0; i < AB_MAX_PROFILE_OPS; i++) counts[i] = 0;
  /* The cost of the hooks themselves: an operator that does nothing. */
  armed = 1;
  hook_cost = 0;
  ab_counter_restart();
  ab_profile_op_begin(AB_MAX_PROFILE_OPS);
  ab_profile_op_end(AB_MAX_PROFILE_OPS);
  hook_cost = last_delta;
}

void ab_profile_disarm(void) { armed = 0; }

uint32_t ab_profile_count(void) { return ops; }

uint64_t ab_profile_get(uint32_t op) { return op < ops ? counts[op] : 0; }
