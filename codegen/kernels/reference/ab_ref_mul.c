/* MUL reference kernel (TFLite Micro's Mul and BroadcastMul6DSlow): int8, int16, int32. */
#include "ab_fixedpoint.h"
#include "ab_ref_broadcast.h"
#include "ab_ref_kernels.h"

static int32_t mul_quantized(const ab_mul_params* p, int32_t x, int32_t y) {
  const int32_t product = (x + p->input1_offset) * (y + p->input2_offset);
  const int32_t raw = p->output_offset + ab_mbqm(product, p->output_multiplier, p->output_shift);
  return ab_clamp_i32(raw, p->act_min, p->act_max);
}

/* int32 products wrap like the reference's (two's complement; computed unsigned, as C leaves
 * signed overflow undefined). */
static int32_t mul_int32(const ab_mul_params* p, int32_t x, int32_t y) {
  const int32_t product = (int32_t)((uint32_t)x * (uint32_t)y);
  return ab_clamp_i32(product, p->act_min, p->act_max);
}

void ab_ref_mul(const ab_mul_params* p, const void* input1, const void* input2, void* output) {
  switch (p->type) {
    case AB_ELEM_INT8: {
      const int8_t* a = (const int8_t*)input1;
      const int8_t* b = (const int8_t*)input2;
      int8_t* y = (int8_t*)output;
#define AB_MUL_S8(i, o1, o2) y[i] = (int8_t)mul_quantized(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_MUL_S8);
#undef AB_MUL_S8
      break;
    }
    case AB_ELEM_INT16: {
      const int16_t* a = (const int16_t*)input1;
      const int16_t* b = (const int16_t*)input2;
      int16_t* y = (int16_t*)output;
#define AB_MUL_S16(i, o1, o2) y[i] = (int16_t)mul_quantized(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_MUL_S16);
#undef AB_MUL_S16
      break;
    }
    case AB_ELEM_INT32: {
      const int32_t* a = (const int32_t*)input1;
      const int32_t* b = (const int32_t*)input2;
      int32_t* y = (int32_t*)output;
#define AB_MUL_S32(i, o1, o2) y[i] = mul_int32(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_MUL_S32);
#undef AB_MUL_S32
      break;
    }
  }
}
