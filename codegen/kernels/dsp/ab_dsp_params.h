/* Parameter structs of the dsp kernels. Each wraps the reference parameters of its operator
 * (ab_params.h: shapes, window, activation range) and adds what the generation-time prepare
 * step (the dsp family's C++ files) derived for the schedule: repacked weights are passed as
 * arguments, per-channel constants are tables here. Field lists as in ab_params.h. */
#ifndef AB_DSP_PARAMS_H
#define AB_DSP_PARAMS_H

#include <stdint.h>

#include "ab_params.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How an accumulator becomes an int8 output (chosen per layer at generation time). */
typedef enum ab_dsp_requant_mode {
  /* The accumulator arrives scaled by 2^(left shift + 1) and the table holds, per channel,
   * k = 2^(e-1) + output zero point * 2^e: out = (SMMLAR(acc, multiplier, k + sign(acc)) >> e),
   * TFLite's double rounding in three instructions. The prepare step proves no overflow. */
  AB_DSP_RQ_FOLDED = 0,
  /* TFLite's MultiplyByQuantizedMultiplier step by step (ab_mbqm), then + output zero point;
   * for layers where the folded form could overflow or a channel has no right shift. */
  AB_DSP_RQ_EXACT = 1
} ab_dsp_requant_mode;

/* Weights as stored for the matrix kernels, per pair of output channels and group of four
 * reduction elements (the expanded inputs hold each group as int16 lanes [e0,e2],[e1,e3]). */
typedef enum ab_dsp_weight_format {
  AB_DSP_W8 = 0,  /* int8: 4 bytes of the even channel, then 4 of the odd one */
  AB_DSP_W16 = 1  /* int16 lanes [e0,e2],[e1,e3] of the even channel, then of the odd one */
} ab_dsp_weight_format;

/* Per output channel c, rq[4*c + k]:
 *   k=0  bias: the accumulator's start value, bias + input_offset * sum of the channel's weights
 *        (the input offset is folded in; times 2^(left shift + 1) for W16 weights, which carry
 *        the same scale, in the folded mode)
 *   k=1  multiplier
 *   k=2  folded: 2^(e-1) + output zero point * 2^e; exact: output zero point
 *   k=3  folded: e, the right shift (>= 1); exact: TFLite's shift */
#define AB_DSP_RQ_STRIDE 4

/* CONV_2D through expanded input columns ("im2col"), two output pixels by two channels at a
 * time. Each output pixel's window becomes a column of `depth` int16 lanes: kernel row by
 * kernel row, `row_run` = kernel_w * input channels bytes padded to a multiple of 4 (the
 * weights hold zeros there); positions in the padding hold the input zero point. */
#define AB_DSP_CONV2D_FIELDS(F, A, E)                                                    \
  F(ab_conv2d_params, ref, "the reference parameters")                                   \
  F(ab_idx_t, row_run, "bytes of one kernel row of a column, a multiple of 4")           \
  F(ab_idx_t, depth, "int16 lanes of a column: kernel_h * row_run")                      \
  F(int32_t, pointwise, "1: 1x1, stride 1, no padding, columns are the input pixels")   \
  E(ab_dsp_weight_format, weights, "")                                                   \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")           \
  F(const int32_t*, rq, "[4 * output.c] per channel: bias, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_conv2d_params, AB_DSP_CONV2D_FIELDS)

/* DEPTHWISE_CONV_2D on transposed rows: a block of input channels at a time, each input row the
 * window needs is copied once into the scratch as one int16 row per channel (padding columns
 * holding the input zero point), a ring of `ring_rows` such rows; then every output channel
 * slides its kernel along them four outputs at a time, SMLAD on pairs of adjacent taps. */
#define AB_DSP_DEPTHWISE_CONV2D_FIELDS(F, A, E)                                          \
  F(ab_depthwise_conv2d_params, ref, "the reference parameters")                         \
  F(ab_idx_t, pairs, "weight pairs per kernel row: kernel width / 2 rounded up")         \
  F(ab_idx_t, row_width, "int16 values of a transposed row (even)")                      \
  F(ab_idx_t, ring_rows, "transposed input rows kept at once")                           \
  F(ab_idx_t, block_channels, "input channels transposed together; divides input.c")     \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(const int32_t*, rq, "[4 * output.c] per channel: bias, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_depthwise_conv2d_params, AB_DSP_DEPTHWISE_CONV2D_FIELDS)

#ifdef __cplusplus
}
#endif

#endif /* AB_DSP_PARAMS_H */
