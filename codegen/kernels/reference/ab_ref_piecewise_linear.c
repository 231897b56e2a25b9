/* RELU, RELU6, RELU_N1_TO_1, LEAKY_RELU and ABS of int8 and int16 (TFLite Micro's ReluQuantized,
 * Relu6Quantized, QuantizeLeakyRelu and quantized Abs): a rescale of the input's distance to
 * its zero point, with its own multiplier (or magnitude, or sign) below it, then a clamp. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

static int32_t rescale(const ab_piecewise_linear_params* p, int32_t x) {
  const int32_t v = x + p->input_offset;
  int32_t r;
  if (v >= 0) {
    r = ab_mbqm(v, p->positive_multiplier, p->positive_shift);
  } else if (p->negative_mode == AB_NEGATIVE_MAGNITUDE) {
    r = ab_mbqm(-v, p->negative_multiplier, p->negative_shift);
  } else {
    r = ab_mbqm(v, p->negative_multiplier, p->negative_shift);
    if (p->negative_mode == AB_NEGATIVE_SCALE_NEGATED) r = -r;
  }
  return ab_clamp_i32(p->output_offset + r, p->act_min, p->act_max);
}

void ab_ref_piecewise_linear(const ab_piecewise_linear_params* p, const void* input,
                             void* output) {
  if (p->type == AB_ELEM_INT16) {
    const int16_t* in = (const int16_t*)input;
    int16_t* out = (int16_t*)output;
    /* act_max may be 32768 (TFLite's wrapping ABS): the conversion keeps the low 16 bits. */
    for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int16_t)(uint16_t)rescale(p, in[i]);
  } else {
    const int8_t* in = (const int8_t*)input;
    int8_t* out = (int8_t*)output;
    for (ab_idx_t i = 0; i < p->size; ++i) out[i] = (int8_t)rescale(p, in[i]);
  }
}
