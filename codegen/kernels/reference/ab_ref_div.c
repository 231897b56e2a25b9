/* DIV reference kernel (TFLite Micro's Div and BroadcastDivSlow): int8 and int32. */
#include "ab_fixedpoint.h"
#include "ab_ref_broadcast.h"
#include "ab_ref_kernels.h"

/* TFLite's rounding right shift as TFLite Micro's x86 build executes it. For the small
 * dividends of int8 the shift often reaches 32 or more, where C leaves `x >> exponent`
 * undefined; there the gemmlowp rounding mask (2^exponent - 1, truncated to int32) is all ones
 * and x86 takes the shift count modulo 32, which this reproduces (so that 0 / y gives the output
 * zero point plus 1, as TFLite Micro does). The lowering keeps exponent below 64. */
static int32_t rounding_shift_right(int32_t x, int exponent) {
  if (exponent < 32) return ab_rdbpot(x, exponent);
  const int32_t threshold = -1 + (x < 0 ? 1 : 0);
  return (x >> (exponent - 32)) + (x > threshold ? 1 : 0);
}

static int32_t div_quantized(const ab_div_params* p, int32_t x, int32_t y) {
  int32_t dividend = x + p->input1_offset;
  int32_t divisor = y + p->input2_offset;
  if (divisor == 0) {
    /* TFLite Micro's result is undefined; saturate toward the dividend's sign. */
    return dividend == 0 ? p->output_offset : (dividend > 0 ? p->act_max : p->act_min);
  }
  if (divisor < 0) { /* the reciprocal is taken of a positive divisor */
    dividend = -dividend;
    divisor = -divisor;
  }
  int reciprocal_shift;
  const int32_t reciprocal = ab_fp_reciprocal(divisor, 31, &reciprocal_shift);
  const int headroom = ab_clrsb32(dividend);
  const int32_t quotient = ab_mbqm_gt_one(dividend, reciprocal, headroom);
  const int total_shift = (int)p->output_shift - reciprocal_shift - headroom;
  const int32_t scaled = rounding_shift_right(ab_srdhm(quotient, p->output_multiplier), -total_shift);
  return ab_clamp_i32(p->output_offset + scaled, p->act_min, p->act_max);
}

/* C's truncating division; TFLite Micro's is undefined for a zero divisor and INT32_MIN / -1,
 * which give 0 and INT32_MIN here. */
static int32_t div_int32(const ab_div_params* p, int32_t x, int32_t y) {
  int32_t q;
  if (y == 0) {
    q = 0;
  } else if (y == -1) {
    q = ab_wrap_sub(0, x);
  } else {
    q = x / y;
  }
  return ab_clamp_i32(q, p->act_min, p->act_max);
}

void ab_ref_div(const ab_div_params* p, const void* input1, const void* input2, void* output) {
  switch (p->type) {
    case AB_ELEM_INT8: {
      const int8_t* a = (const int8_t*)input1;
      const int8_t* b = (const int8_t*)input2;
      int8_t* y = (int8_t*)output;
#define AB_DIV_S8(i, o1, o2) y[i] = (int8_t)div_quantized(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_DIV_S8);
#undef AB_DIV_S8
      break;
    }
    case AB_ELEM_INT32: {
      const int32_t* a = (const int32_t*)input1;
      const int32_t* b = (const int32_t*)input2;
      int32_t* y = (int32_t*)output;
#define AB_DIV_S32(i, o1, o2) y[i] = div_int32(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_DIV_S32);
#undef AB_DIV_S32
      break;
    }
    default:
      break;
  }
}
