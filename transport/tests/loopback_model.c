/* A model for the in-process protocol tests: 1 input and 1 output of 3000 bytes (more than two
 * chunks), output[i] = input[i] + 1, two "operators" that advance the host port's fake counter by
 * 1000 and 2000, and a run counter so tests can see that a retried Run executed once. */
#include "aotbench/model_iface.h"
#include "port_host.h"

enum { N = 3000 };

int ab_test_model_runs;
int32_t ab_test_model_status;
void (*ab_test_model_hook)(void); /* when set, every run calls it (a model call that takes time) */
static uint8_t in0[N], out0[N];
static uint8_t* const in_data[] = {in0};
static uint8_t* const out_data[] = {out0};
static const ab_tensor_spec in_spec[] = {{"input", AB_UINT8, 2, {1, N}, N, 1.0f, 0}};
static const ab_tensor_spec out_spec[] = {{"output", AB_UINT8, 2, {1, N}, N, 1.0f, 0}};
static const ab_model_desc desc = {"loopback:api=none", 1, 1, in_spec, out_spec, in_data, out_data, 2};

const ab_model_desc* ab_model(void) { return &desc; }

int32_t ab_model_run(void) {
  ab_test_model_runs++;
  if (ab_test_model_hook) ab_test_model_hook();
  ab_profile_op_begin(0);
  for (int i = 0; i < N; i++) out0[i] = (uint8_t)(in0[i] + 1);
  ab_host_advance(1000);
  ab_profile_op_end(0);
  ab_profile_op_begin(1);
  ab_host_advance(2000);
  ab_profile_op_end(1);
  return ab_test_model_status;
}
