/* The self-test firmware's built-in model: no network, but the same interface a generated model
 * has, so SetInput / Run / GetOutput / the per-operator profile are exercised end to end before
 * (and besides) the code generator. Two "operators" over an int8 tensor of 2000 elements:
 *   op 0: y = saturate_int8(3 * x - 7)      op 1: y ^= (int8_t)(7 * i)
 * Tests compute the expected output on their own from the same formula. */
#include <stdint.h>

#include "aotbench/model_iface.h"

enum { N = 2000 };

static int8_t input0[N], output0[N];
static uint8_t* const inputs_data[] = {(uint8_t*)input0};
static uint8_t* const outputs_data[] = {(uint8_t*)output0};
static const ab_tensor_spec input_specs[] = {{"selftest_input", AB_INT8, 2, {1, N}, N, 0.5f, -3}};
static const ab_tensor_spec output_specs[] = {{"selftest_output", AB_INT8, 2, {1, N}, N, 0.25f, 5}};
static const ab_model_desc desc = {"selftest", 1, 1, input_specs, output_specs,
                                   inputs_data, outputs_data, 2};

const ab_model_desc* ab_model(void) { return &desc; }

int32_t ab_model_run(void) {
  ab_profile_op_begin(0);
  for (int i = 0; i < N; i++) {
    int32_t v = 3 * input0[i] - 7;
    output0[i] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
  }
  ab_profile_op_end(0);
  ab_profile_op_begin(1);
  for (int i = 0; i < N; i++) output0[i] ^= (int8_t)(7 * i);
  ab_profile_op_end(1);
  return 0;
}
