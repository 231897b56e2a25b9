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
  AB_DSP_RQ_EXACT = 1,
  /* As AB_DSP_RQ_FOLDED without the sign correction (two instructions an output): for int8
   * outputs clamped at or above the output zero point (a fused ReLU). A negative accumulator
   * gives the reference at most the zero point, with or without the correction at most the zero
   * point here too, so both clamp to act_min. */
  AB_DSP_RQ_FOLDED_CLAMPED = 2
} ab_dsp_requant_mode;

/* Weights as stored for the matrix kernels, per pair of output channels and group of four
 * reduction elements (the expanded inputs hold each group as int16 lanes [e0,e2],[e1,e3]). */
typedef enum ab_dsp_weight_format {
  AB_DSP_W8 = 0,  /* int8: 4 bytes of the even channel, then 4 of the odd one */
  AB_DSP_W16 = 1, /* int16 lanes [e0,e2],[e1,e3] of the even channel, then of the odd one */
  /* stored as AB_DSP_W8; every run first widens them into the scratch memory as AB_DSP_W16's
   * lanes (unscaled), so the layer reads its weights from RAM, not from flash through a small
   * cache, once per block of outputs */
  AB_DSP_W8_TO_RAM = 2,
  /* AB_DSP_W16's lanes kept in RAM (initialized data, copied from flash at start-up, not per
   * run), the requantization table right after them (rq is NULL) */
  AB_DSP_W16_IN_RAM = 3
} ab_dsp_weight_format;

/* AB_DSP_W16_IN_RAM: each channel pair's weights (16 bytes a group of four) start on a multiple
 * of their size where that is a power of two of at most this many bytes. */
#define AB_DSP_KEPT_MAX_ALIGNMENT 4096

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
 * weights hold zeros there); positions in the padding hold the input zero point. Where that
 * row padding would cost groups (a first layer's 3 channels: 3 rows of 9 in 36 lanes), the
 * rows are `packed`: row_run = kernel_w * input channels, the window's rows one after the other
 * and only the column's end padded (27 in 28). */
#define AB_DSP_CONV2D_FIELDS(F, A, E)                                                    \
  F(ab_conv2d_params, ref, "the reference parameters")                                   \
  F(ab_idx_t, row_run, "bytes of one kernel row of a column: a multiple of 4, or kernel_w * input.c if packed") \
  F(ab_idx_t, depth, "int16 lanes of a column: kernel_h * row_run rounded up to 4")      \
  F(int32_t, pointwise, "1: 1x1, stride 1, no padding, columns are the input pixels")   \
  F(int32_t, packed, "1: the window's rows gathered as bytes one after the other, then expanded") \
  F(int32_t, widen_doubles, "1: AB_DSP_W8_TO_RAM's widening doubles the weights (the folded mode's factor 2)") \
  F(ab_idx_t, slab_pairs, "channel pairs widened into RAM at a time (ab_dsp_conv2d_3px_slabs.h; 0: all at once)") \
  E(ab_dsp_weight_format, weights, "")                                                   \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")           \
  F(const int32_t*, rq, "[4 * output.c] per channel: bias, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_conv2d_params, AB_DSP_CONV2D_FIELDS)

/* CONV_2D 1x1 (stride 1, unpadded) of 4-16 input channels, four pixels by two output channels at
 * a time (ab_dsp_conv2d_short.h): the weights as one stream per channel pair with the channels'
 * biases and requantization constants, int16 lanes (carrying the folded mode's factor 2). */
#define AB_DSP_CONV2D_SHORT_FIELDS(F, A, E)                                              \
  F(ab_conv2d_params, ref, "the reference parameters")                                   \
  F(ab_idx_t, groups, "groups of four input channels: input.c / 4, 1-4")                 \
  F(int32_t, to_ram, "1: the stream is copied into the scratch memory before the first pixel") \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")
AB_DEFINE_PARAMS(ab_dsp_conv2d_short_params, AB_DSP_CONV2D_SHORT_FIELDS)

/* CONV_2D of few input channels (first layers) on widened input rows: the input rows `out_rows`
 * rows of outputs need are widened once into int16 slots (`copy_words` words each, the input's row
 * behind `lead` values of the zero point), so a pixel's window is `row_words` words of each slot
 * read in place, at a value offset that moves by stride_w * input.c a pixel. When that is odd,
 * each slot holds a second copy of the row one value further on (lead + 1), where the odd
 * pixels' windows start on a word. Weights: per pair of output channels, per kernel row, per word
 * of its window, the two channels' int16 pairs (stored as int8 and widened on every run,
 * AB_DSP_W8_TO_RAM's lanes, into the scratch); a window row of odd length ends in a zero weight. */
#define AB_DSP_CONV2D_ROWS_FIELDS(F, A, E)                                               \
  F(ab_conv2d_params, ref, "the reference parameters")                                   \
  F(ab_idx_t, row_words, "words of one kernel row of a window: kernel_w * input.c values, rounded up to even") \
  F(ab_idx_t, copy_words, "words of one widened copy of an input row, padding included") \
  F(ab_idx_t, copies, "1, or 2: a second copy one value further on for the odd pixels")  \
  F(ab_idx_t, lead, "zero-point values before the row's first input value in the first copy (pad_w * input.c)") \
  F(ab_idx_t, out_rows, "output rows computed from one filling of the slots")            \
  F(ab_idx_t, span, "slots: the input rows those output rows read, (out_rows - 1) * stride_h + (kh - 1) * dilation_h + 1") \
  F(int32_t, widen_doubles, "1: the widening doubles the weights (the folded mode's factor 2)") \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")           \
  F(const int32_t*, rq, "[4 * output.c rounded up to even] per channel: bias, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_conv2d_rows_params, AB_DSP_CONV2D_ROWS_FIELDS)

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

/* FULLY_CONNECTED: each input row expanded to int16 lanes in the scratch memory, then four
 * output channels at a time with SMLAD. Weights in blocks of four output channels (the last
 * block holds the remaining 1-3), per group of four features each channel's word(s) of
 * ab_dsp_weight_format; features past accum_depth are zero. */
#define AB_DSP_FULLY_CONNECTED_FIELDS(F, A, E)                                           \
  F(ab_fully_connected_params, ref, "the reference parameters")                          \
  F(ab_idx_t, groups, "groups of four input features: accum_depth / 4 rounded up")      \
  E(ab_dsp_weight_format, weights, "")                                                   \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")           \
  F(int32_t, filter_offset, "-(weights zero point) times the int16 weights' scale; 0 skips the input row's sum") \
  F(const int32_t*, rq, "[4 * output_depth] per channel: bias, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_fully_connected_params, AB_DSP_FULLY_CONNECTED_FIELDS)

/* UNIDIRECTIONAL_SEQUENCE_LSTM of int8 activations: per time step the input row and the
 * previous hidden state are expanded once to int16 lanes, then every gate's two products run
 * through ab_dsp_fc_block, four hidden units at a time, and the four units' cell and hidden
 * states are updated before the next four. Weights: per block of four units, per gate (input,
 * forget, cell, output), the input weights' block then the recurrent weights' block, each in
 * ab_dsp_fc_block's layout (ab_dsp_weight_format). */
#define AB_DSP_LSTM_FIELDS(F, A, E)                                                      \
  F(ab_lstm_params, ref, "the reference parameters")                                     \
  F(ab_idx_t, input_groups, "groups of four input features")                             \
  F(ab_idx_t, state_groups, "groups of four hidden units, the recurrent products' features") \
  E(ab_dsp_weight_format, weights, "")                                                   \
  E(ab_dsp_requant_mode, requant, "one mode for all eight products")                     \
  F(int32_t, acc_shift, "left shift of the accumulator before requantization")           \
  F(const int32_t*, rq, "[8 * state_size * 4]: per gate its input product's table, then its recurrent one's")
AB_DEFINE_PARAMS(ab_dsp_lstm_params, AB_DSP_LSTM_FIELDS)

/* SVDF: the state shifted left by one element with word moves, the new column's feature
 * products through ab_dsp_fc_block (four filters at a time), then every unit's memory times its
 * time weights with SMLAD. Weights: the feature weights in ab_dsp_fc_block's layout, then the
 * time weights as int16 lanes, each unit's rank * memory_size values padded to a multiple of
 * four (in the lane order of the state's expansion: [e0,e2],[e1,e3] for an int8 state,
 * [e0,e1],[e2,e3] for an int16 one). */
#define AB_DSP_SVDF_FIELDS(F, A, E)                                                      \
  F(ab_svdf_params, ref, "the reference parameters")                                     \
  F(ab_idx_t, input_groups, "groups of four input features")                             \
  F(ab_idx_t, time_groups, "groups of four state values per unit: rank * memory_size / 4 rounded up") \
  E(ab_dsp_weight_format, weights, "of the feature weights")                             \
  E(ab_dsp_requant_mode, feature_requant, "")                                            \
  F(int32_t, feature_acc_shift, "")                                                      \
  E(ab_dsp_requant_mode, time_requant, "")                                               \
  F(int32_t, time_acc_shift, "")                                                         \
  F(const int32_t*, feature_rq, "[4 * num_filters] per filter: 0, multiplier, rounding, shift (no zero point: it is added after the clamp)") \
  F(const int32_t*, time_rq, "[4 * units] per unit: bias - state zero point * sum of its time weights, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_svdf_params, AB_DSP_SVDF_FIELDS)

/* How ADD turns its two inputs into the output, through tables of 256 int32 indexed by an
 * input's bytes (as uint8_t). Each mode's formula is checked at generation time against the
 * reference on all 65536 pairs of input bytes; the clamp is to int8 and the activation range. */
typedef enum ab_dsp_add_mode {
  /* out = clamp((t1[x] + t2[y]) >> shift), t1 for the first input x, t2 for the second y. */
  AB_DSP_ADD_TABLE = 0,
  /* t1, t2 hold the reference's rescaled inputs; their sum is rescaled as in the reference. */
  AB_DSP_ADD_EXACT = 1,
  /* out = clamp((t[u] + alpha * v) >> shift): the input with the larger scale is rescaled
   * exactly linearly by the reference, so it needs no table. u is the other input (the first
   * one, or the second when `swap`), v the linear one as int8; one table t. */
  AB_DSP_ADD_LINEAR = 2
} ab_dsp_add_mode;

/* ADD of two int8 tensors of equal shape through per-input tables (no broadcasting). */
#define AB_DSP_ADD_FIELDS(F, A, E)                                                       \
  F(ab_add_params, ref, "the reference parameters")                                      \
  E(ab_dsp_add_mode, mode, "")                                                           \
  F(int32_t, shift, "TABLE, LINEAR: right shift of the sum")                             \
  F(int32_t, alpha, "LINEAR: factor of the linear input")                                \
  F(int32_t, swap, "LINEAR: 1 when the table is indexed by the second input")
AB_DEFINE_PARAMS(ab_dsp_add_params, AB_DSP_ADD_FIELDS)

/* MUL of int8 tensors of equal shape, or by a one-element second operand: the product of the
 * offset inputs requantized from a one-channel table (its bias 0). */
#define AB_DSP_MUL_FIELDS(F, A, E)                                                       \
  F(ab_mul_params, ref, "the reference parameters")                                      \
  F(int32_t, scalar2, "1: input 2 is one value, multiplying every element of input 1")  \
  E(ab_dsp_requant_mode, requant, "")                                                    \
  F(int32_t, acc_shift, "left shift of the product before requantization")               \
  F(const int32_t*, rq, "[4]: 0, multiplier, rounding, shift")
AB_DEFINE_PARAMS(ab_dsp_mul_params, AB_DSP_MUL_FIELDS)

/* AVERAGE_POOL_2D and MAX_POOL_2D, four channels at a time (SXTAB16 sums in int16 lanes; SSUB8 +
 * SEL maxima). A window of `full_count` elements (not clipped by the input's border) divides by
 * a reciprocal: out = ((s + round_add + (ties ? s >> 31 : 0) + 128 * count) * recip) / 2^32 - 128,
 * TFLite's rounding half away from zero, checked at generation time for every possible sum s;
 * clipped windows divide as the reference does. */
#define AB_DSP_POOL2D_FIELDS(F, A, E)                                                    \
  F(ab_pool2d_params, ref, "the reference parameters")                                   \
  F(int32_t, full_count, "elements of an unclipped window (average)")                    \
  F(int32_t, lane_rows, "window rows summed in int16 lanes before they are widened (average)") \
  F(int32_t, recip, "ceil(2^32 / full_count) (average)")                                 \
  F(int32_t, round_add, "full_count / 2 + 128 * full_count (average)")                   \
  F(int32_t, ties, "1 when full_count is even: halves round away from zero (average)")
AB_DEFINE_PARAMS(ab_dsp_pool2d_params, AB_DSP_POOL2D_FIELDS)

/* PAD as runs: the input is `runs` contiguous runs of `run` bytes (its innermost padded
 * dimension and every dimension inside it), each copied to its place in the output; the bytes
 * between runs, before the first and after the last are filled with the pad value. Run k's
 * place: first + sum over the outer dimensions d of index_d(k) * out_stride[d]. */
#define AB_DSP_PAD_FIELDS(F, A, E)                                                       \
  F(ab_pad_params, ref, "the reference parameters")                                      \
  F(ab_idx_t, outer_rank, "dimensions outside the runs")                                 \
  A(ab_idx_t, outer_shape, AB_MAX_DIMS, "the input's sizes of those dimensions")          \
  A(ab_idx_t, out_stride, AB_MAX_DIMS, "output bytes per step of each outer dimension")  \
  F(ab_idx_t, first, "output offset of the first run")                                   \
  F(ab_idx_t, run, "bytes per run")                                                      \
  F(ab_idx_t, runs, "number of runs (0 when the input is empty)")                        \
  F(ab_idx_t, out_bytes, "output size")
AB_DEFINE_PARAMS(ab_dsp_pad_params, AB_DSP_PAD_FIELDS)

#ifdef __cplusplus
}
#endif

#endif /* AB_DSP_PARAMS_H */
