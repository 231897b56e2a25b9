/* ADD, SUB and SQUARED_DIFFERENCE reference kernels (TFLite Micro's Add, Sub and
 * SquaredDifference, elementwise or broadcast). They share TFLite's two-input rescaling: both
 * quantized inputs are brought to one common scale, then summed, subtracted or subtracted and
 * squared, and that result is rescaled to the output. int32 is plain arithmetic. */
#include "ab_fixedpoint.h"
#include "ab_ref_broadcast.h"
#include "ab_ref_kernels.h"

/* An input value offset, shifted left and scaled to the common scale. The lowering's left shift
 * (20 for int8 ADD/SUB, 15 for int16, 7 or 0 for SQUARED_DIFFERENCE) keeps this in int32. */
static int32_t to_common_scale(int32_t x, int32_t offset, int32_t left_shift, int32_t multiplier,
                               int32_t shift) {
  return ab_mbqm_lt_one((x + offset) * ((int32_t)1 << left_shift), multiplier, shift);
}

/* Sum, difference or squared difference, wrapping as two's complement like TFLite's int32. */
static int32_t combine(ab_add_sub_kind kind, int32_t a, int32_t b) {
  switch (kind) {
    case AB_ADD_SUB_SUM: return ab_wrap_add(a, b);
    case AB_ADD_SUB_DIFFERENCE: return ab_wrap_sub(a, b);
    case AB_ADD_SUB_SQUARED_DIFFERENCE: break;
  }
  const uint32_t d = (uint32_t)ab_wrap_sub(a, b);
  return (int32_t)(d * d);
}

static int32_t quantized(const ab_add_params* p, ab_add_sub_kind kind, int32_t x, int32_t y) {
  const int32_t a =
      to_common_scale(x, p->input1_offset, p->left_shift, p->input1_multiplier, p->input1_shift);
  const int32_t b =
      to_common_scale(y, p->input2_offset, p->left_shift, p->input2_multiplier, p->input2_shift);
  const int32_t c = combine(kind, a, b);
  /* A sum or difference is rescaled by a factor below one (TFLite's SmallerThanOneExp, the
   * shorter sequence); a squared difference's factor may exceed one. */
  const int32_t raw = (kind == AB_ADD_SUB_SQUARED_DIFFERENCE
                           ? ab_mbqm(c, p->output_multiplier, p->output_shift)
                           : ab_mbqm_lt_one(c, p->output_multiplier, p->output_shift)) +
                      p->output_offset;
  return ab_clamp_i32(raw, p->act_min, p->act_max);
}

/* The kernels work on a local copy of the parameters: stores through an int8_t output may alias
 * the caller's struct, which would make the compiler reload every field for every element. */
void ab_ref_add_s8(const ab_add_params* p, const int8_t* input1, const int8_t* input2,
                   int8_t* output) {
  const ab_add_params local = *p;
  const ab_add_params* q = &local;
#define AB_ADD_S8(i, o1, o2) output[i] = (int8_t)quantized(q, AB_ADD_SUB_SUM, input1[o1], input2[o2])
  AB_FOR_EACH_BROADCAST(q, AB_ADD_S8);
#undef AB_ADD_S8
}

void ab_ref_add_sub(const ab_add_sub_params* p, const void* input1, const void* input2, void* output) {
  const ab_add_params local = p->add;
  const ab_add_params* q = &local;
  const ab_add_sub_kind kind = (ab_add_sub_kind)p->kind;
  switch (p->type) {
    case AB_ELEM_INT8: {
      const int8_t* a = (const int8_t*)input1;
      const int8_t* b = (const int8_t*)input2;
      int8_t* y = (int8_t*)output;
#define AB_ADD_SUB_S8(i, o1, o2) y[i] = (int8_t)quantized(q, kind, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(q, AB_ADD_SUB_S8);
#undef AB_ADD_SUB_S8
      break;
    }
    case AB_ELEM_INT16: {
      const int16_t* a = (const int16_t*)input1;
      const int16_t* b = (const int16_t*)input2;
      int16_t* y = (int16_t*)output;
#define AB_ADD_SUB_S16(i, o1, o2) y[i] = (int16_t)quantized(q, kind, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(q, AB_ADD_SUB_S16);
#undef AB_ADD_SUB_S16
      break;
    }
    case AB_ELEM_INT32: {
      const int32_t* a = (const int32_t*)input1;
      const int32_t* b = (const int32_t*)input2;
      int32_t* y = (int32_t*)output;
#define AB_ADD_SUB_S32(i, o1, o2) y[i] = ab_clamp_i32(combine(kind, a[o1], b[o2]), q->act_min, q->act_max)
      AB_FOR_EACH_BROADCAST(q, AB_ADD_SUB_S32);
#undef AB_ADD_SUB_S32
      break;
    }
  }
}
