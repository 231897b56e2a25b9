/* PRELU reference kernel (TFLite Micro's BroadcastPrelu4DSlow): int8 or int16 input and output,
 * int8 alpha broadcast against the input. */
#include "ab_fixedpoint.h"
#include "ab_ref_broadcast.h"
#include "ab_ref_kernels.h"

static int32_t prelu(const ab_prelu_params* p, int32_t x, int32_t alpha, int32_t lo, int32_t hi) {
  const int32_t input = x + p->input_offset;
  const int32_t raw =
      input >= 0 ? ab_mbqm(input, p->output_multiplier_1, p->output_shift_1)
                 : ab_mbqm(input * (alpha + p->alpha_offset), p->output_multiplier_2, p->output_shift_2);
  return ab_clamp_i32(raw + p->output_offset, lo, hi);
}

void ab_ref_prelu(const ab_prelu_params* p, const void* input, const int8_t* alpha, void* output) {
  switch (p->type) {
    case AB_ELEM_INT8: {
      const int8_t* x = (const int8_t*)input;
      int8_t* y = (int8_t*)output;
#define AB_PRELU_S8(i, o1, o2) y[i] = (int8_t)prelu(p, x[o1], alpha[o2], INT8_MIN, INT8_MAX)
      AB_FOR_EACH_BROADCAST(&p->shape, AB_PRELU_S8);
#undef AB_PRELU_S8
      break;
    }
    case AB_ELEM_INT16: {
      const int16_t* x = (const int16_t*)input;
      int16_t* y = (int16_t*)output;
#define AB_PRELU_S16(i, o1, o2) y[i] = (int16_t)prelu(p, x[o1], alpha[o2], INT16_MIN, INT16_MAX)
      AB_FOR_EACH_BROADCAST(&p->shape, AB_PRELU_S16);
#undef AB_PRELU_S16
      break;
    }
    default:
      break;
  }
}
