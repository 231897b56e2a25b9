/* MUL of int8 tensors of equal shape, or by one int8 value (a scalar operand), with the DSP
 * extension.
 *
 * The reference walks TFLite's broadcast indices and calls TFLite's MultiplyByQuantizedMultiplier
 * per element with parameters it reloads after every byte stored. Here the offsets, the
 * multiplier and the activation range are constants of the layer, and the product of the two
 * offset inputs (at most 255 * 255 in magnitude) is requantized as the dsp convolutions'
 * accumulators are (ab_dsp_requant.h): in the folded mode, where the prepare step proved it exact,
 * one SMMLAR and a shift. Input and output may share a buffer: each element is read before its own
 * place is written. Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_MUL_H
#define AB_DSP_MUL_H

#include "ab_dsp_requant.h"

AB_DSP_INLINE int8_t ab_dsp_mul_one(const ab_dsp_mul_params* p, ab_dsp_channel c, int32_t a, int32_t b) {
  const int32_t product = (a + p->ref.input1_offset) * (b + p->ref.input2_offset);
  return ab_dsp_requantize_channel(product, c, p->requant, p->acc_shift, p->ref.act_min, p->ref.act_max);
}

/* input2: as many elements as input1, or one when p->scalar2. */
AB_DSP_INLINE void ab_dsp_mul_s8(const ab_dsp_mul_params* p, const int8_t* input1, const int8_t* input2,
                                 int8_t* output) {
  const ab_dsp_channel c = ab_dsp_channel_at(p->rq);
  const ab_idx_t n = p->ref.shape.flat_size;
  if (p->scalar2) {
    const int32_t b = input2[0];
    AB_UNROLL4
    for (ab_idx_t i = 0; i < n; ++i) output[i] = ab_dsp_mul_one(p, c, input1[i], b);
  } else {
    AB_UNROLL4
    for (ab_idx_t i = 0; i < n; ++i) output[i] = ab_dsp_mul_one(p, c, input1[i], input2[i]);
  }
}

#endif /* AB_DSP_MUL_H */
