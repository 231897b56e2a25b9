/* A stand-in for a generated model, for the run-time firmware builder's tests: one uint8 input
 * of DEVICE_MODEL_N bytes, one output with out[i] = in[i] + DEVICE_MODEL_OFFSET + i % 3, computed
 * by three "operators", each wrapped in the profile hooks like generated code with profile=ops. */
#include <stdint.h>

#include "aotbench/model_iface.h"
#include "device_model_params.h"

enum { N = DEVICE_MODEL_N };

static uint8_t in0[N], out0[N];
static uint8_t* const in_data[] = {in0};
static uint8_t* const out_data[] = {out0};
static const ab_tensor_spec in_spec[] = {{"x", AB_UINT8, 1, {N}, N, 0, 0}};
static const ab_tensor_spec out_spec[] = {{"y", AB_UINT8, 1, {N}, N, 0, 0}};
static const ab_model_desc desc = {"test-offset:opt=O3", 1, 1, in_spec, out_spec, in_data, out_data, 3};

const ab_model_desc* ab_model(void) { return &desc; }

int32_t ab_model_run(void) {
  ab_profile_op_begin(0);
  for (int i = 0; i < N; i++) out0[i] = in0[i];
  ab_profile_op_end(0);
  ab_profile_op_begin(1);
  for (int i = 0; i < N; i++) out0[i] = (uint8_t)(out0[i] + DEVICE_MODEL_OFFSET);
  ab_profile_op_end(1);
  ab_profile_op_begin(2);
  for (int i = 0; i < N; i++) out0[i] = (uint8_t)(out0[i] + i % 3);
  ab_profile_op_end(2);
  return 0;
}
