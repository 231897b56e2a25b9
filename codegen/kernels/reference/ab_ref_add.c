/* ADD int8 reference kernel (TFLite Micro's AddFunc, elementwise or broadcast). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"
#include "ab_ref_nd.h"

static int8_t add_one(const ab_add_params* p, int8_t x, int8_t y) {
  const int32_t shifted1 = ((int32_t)x + p->input1_offset) * ((int32_t)1 << p->left_shift);
  const int32_t shifted2 = ((int32_t)y + p->input2_offset) * ((int32_t)1 << p->left_shift);
  const int32_t scaled1 = ab_mbqm_lt_one(shifted1, p->input1_multiplier, p->input1_shift);
  const int32_t scaled2 = ab_mbqm_lt_one(shifted2, p->input2_multiplier, p->input2_shift);
  const int32_t sum = ab_wrap_add(scaled1, scaled2);
  const int32_t raw =
      ab_mbqm_lt_one(sum, p->output_multiplier, p->output_shift) + p->output_offset;
  return (int8_t)ab_clamp_i32(raw, p->act_min, p->act_max);
}

void ab_ref_add_s8(const ab_add_params* p, const int8_t* input1, const int8_t* input2,
                   int8_t* output) {
  if (!p->broadcast) {
    for (ab_idx_t i = 0; i < p->flat_size; ++i) {
      output[i] = add_one(p, input1[i], input2[i]);
    }
    return;
  }
  ab_idx_t idx1[AB_MAX_DIMS] = {0};
  ab_idx_t idx2[AB_MAX_DIMS] = {0};
  ab_idx_t off1 = 0;
  ab_idx_t off2 = 0;
  for (ab_idx_t i = 0; i < p->flat_size; ++i) {
    output[i] = add_one(p, input1[off1], input2[off2]);
    ab_nd_step(idx1, &off1, p->out_shape, p->in1_stride, AB_MAX_DIMS);
    ab_nd_step(idx2, &off2, p->out_shape, p->in2_stride, AB_MAX_DIMS);
  }
}
