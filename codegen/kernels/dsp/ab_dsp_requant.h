/* Requantization of the dsp kernels: an int32 accumulator to an int8 output, with the
 * per-channel table of ab_dsp_params.h. Both modes give TFLite Micro's bytes exactly; the
 * prepare step picks the folded one only where it has proven that nothing overflows. */
#ifndef AB_DSP_REQUANT_H
#define AB_DSP_REQUANT_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_fixedpoint.h"

/* Clamps to the activation range; act_min >= -128 and act_max <= 127, usually constants. */
AB_DSP_INLINE int32_t ab_dsp_clamp(int32_t v, int32_t act_min, int32_t act_max) {
  v = AB_SSAT(v, 8);
  if (act_min > -128 && v < act_min) v = act_min;
  if (act_max < 127 && v > act_max) v = act_max;
  return v;
}

/* One channel's table entry (AB_DSP_RQ_STRIDE values), held in registers while the kernel
 * requantizes several outputs of the channel. */
typedef struct ab_dsp_channel {
  int32_t bias, multiplier, rounding, shift;
} ab_dsp_channel;

AB_DSP_INLINE ab_dsp_channel ab_dsp_channel_at(const int32_t* rq) {
  const ab_dsp_channel c = {rq[0], rq[1], rq[2], rq[3]};
  return c;
}

/* acc: the accumulator started at the channel's bias. TFLite's MultiplyByQuantizedMultiplier of
 * it plus the output zero point, not yet clamped (the int16 outputs of the LSTM's gate products
 * and SVDF's state clamp to other ranges than int8). */
AB_DSP_INLINE int32_t ab_dsp_rescale(int32_t acc, ab_dsp_channel c, int32_t mode, int32_t acc_shift) {
  int32_t v;
  if (mode != AB_DSP_RQ_EXACT) {
    /* acc << acc_shift = 2^(left+1) * a. SMMLAR gives (2a*m + 2^31) >> 32 = TFLite's rounding
     * doubling high multiply of a << left; adding 2^(e-1) - (a < 0) before the shift is its
     * rounding divide by 2^e (the sign of a equals the product's, and a product of 0 shifts to
     * 0 either way). The prepare step proved the shifted accumulator fits, so acc's sign is a's.
     * AB_DSP_RQ_FOLDED_CLAMPED leaves out the - (a < 0): its clamp hides it. */
    const int32_t rounding = mode == AB_DSP_RQ_FOLDED ? c.rounding + (acc >> 31) : c.rounding;
    v = ab_smmlar((int32_t)((uint32_t)acc << acc_shift), c.multiplier, rounding) >> c.shift;
  } else {
    v = ab_mbqm(acc, c.multiplier, c.shift) + c.rounding;
  }
  return v;
}

/* acc: the accumulator started at the channel's bias. */
AB_DSP_INLINE int8_t ab_dsp_requantize_channel(int32_t acc, ab_dsp_channel c, int32_t mode, int32_t acc_shift,
                                               int32_t act_min, int32_t act_max) {
  return (int8_t)ab_dsp_clamp(ab_dsp_rescale(acc, c, mode, acc_shift), act_min, act_max);
}

/* acc: the accumulator started at rq[0]; rq: the channel's table entry. */
AB_DSP_INLINE int8_t ab_dsp_requantize(int32_t acc, const int32_t* rq, int32_t mode, int32_t acc_shift,
                                       int32_t act_min, int32_t act_max) {
  return ab_dsp_requantize_channel(acc, ab_dsp_channel_at(rq), mode, acc_shift, act_min, act_max);
}

#endif /* AB_DSP_REQUANT_H */
