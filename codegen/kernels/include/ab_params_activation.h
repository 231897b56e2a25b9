/* Parameter structs of the unary element-wise operators: the activations, ABS, RSQRT,
 * LOG_SOFTMAX, CAST and int16 SOFTMAX (included by ab_params.h, whose conventions and field-list
 * macros they follow). QUANTIZE, DEQUANTIZE and int8 SOFTMAX are in ab_params.h. */
#ifndef AB_PARAMS_ACTIVATION_H
#define AB_PARAMS_ACTIVATION_H

/* An int8 -> int8 function given by its value at every input: LOGISTIC, TANH, HARD_SWISH and
 * RSQRT, whose TFLite Micro arithmetic the lowering evaluates at all 256 inputs. */
#define AB_LOOKUP_FIELDS(F, A, E)                                                      \
  F(ab_idx_t, size, "elements")                                                        \
  F(const int8_t*, table, "[256], the output for input x at index (uint8_t)x")
AB_DEFINE_PARAMS(ab_lookup_params, AB_LOOKUP_FIELDS)

/* What a piecewise-linear rescale does below the input zero point. */
typedef enum ab_negative_mode {
  AB_NEGATIVE_SCALE = 0,         /* ab_mbqm(v, negative_multiplier, negative_shift) */
  AB_NEGATIVE_SCALE_NEGATED = 1, /* -ab_mbqm(v, ...): LEAKY_RELU with alpha < 0 */
  AB_NEGATIVE_MAGNITUDE = 2      /* ab_mbqm(-v, ...): ABS */
} ab_negative_mode;

/* RELU, RELU6, RELU_N1_TO_1, LEAKY_RELU and ABS of int8 or int16: with v = x + input_offset,
 * out = clamp(output_offset + (v >= 0 ? ab_mbqm(v, positive_multiplier, positive_shift)
 *                                      : <negative_mode>), act_min, act_max).
 * act_max may exceed the type's range by one where TFLite wraps (ABS of unquantized int16:
 * |-32768| is stored as -32768). */
#define AB_PIECEWISE_LINEAR_FIELDS(F, A, E)                                            \
  E(ab_elem_type, type, "AB_ELEM_INT8 or AB_ELEM_INT16")                               \
  F(ab_idx_t, size, "elements")                                                        \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, positive_multiplier, "")                                                  \
  F(int32_t, positive_shift, "")                                                       \
  F(int32_t, negative_multiplier, "")                                                  \
  F(int32_t, negative_shift, "")                                                       \
  E(ab_negative_mode, negative_mode, "")                                               \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")
AB_DEFINE_PARAMS(ab_piecewise_linear_params, AB_PIECEWISE_LINEAR_FIELDS)

/* LOGISTIC and TANH of int16 (TFLite's interpolated sigmoid table): the input is first scaled
 * to 1/(3*4096) per step, (x * input_multiplier + rounding) >> input_right_shift. */
#define AB_SIGMOID_S16_FIELDS(F, A, E)                                                 \
  F(ab_idx_t, size, "elements")                                                        \
  F(int32_t, input_multiplier, "at most 32767")                                        \
  F(int32_t, input_right_shift, "0..31")
AB_DEFINE_PARAMS(ab_sigmoid_s16_params, AB_SIGMOID_S16_FIELDS)

/* SOFTMAX int16 -> int16 (TFLite's table-based softmax; zero points 0, output scale 1/32768):
 * differences to the row maximum are rescaled with ab_mbqm so that [-65535, 0] spans the exp
 * table's [-10, 0]; both tables have 513 entries, read with interpolation. */
#define AB_SOFTMAX_S16_FIELDS(F, A, E)                                                 \
  F(ab_idx_t, outer_size, "rows")                                                      \
  F(ab_idx_t, depth, "last dimension")                                                 \
  F(int32_t, input_multiplier, "")                                                     \
  F(int32_t, input_shift, "")                                                          \
  F(const int16_t*, exp_table, "[513]: exp over [-10, 0]")                             \
  F(const int16_t*, reciprocal_table, "[513]: 1 / (1 + x) over [0, 1]")
AB_DEFINE_PARAMS(ab_softmax_s16_params, AB_SOFTMAX_S16_FIELDS)

/* LOG_SOFTMAX int8 -> int8 (output scale 16/256, zero point 127), TFLite's fixed point: exp of
 * the rescaled differences summed in Q12.19, its log in Q5.26 subtracted. */
#define AB_LOG_SOFTMAX_FIELDS(F, A, E)                                                 \
  F(ab_idx_t, outer_size, "rows")                                                      \
  F(ab_idx_t, depth, "last dimension")                                                 \
  F(int32_t, input_multiplier, "")                                                     \
  F(int32_t, input_left_shift, "")                                                     \
  F(int32_t, reverse_scaling_divisor, "")                                              \
  F(int32_t, reverse_scaling_shift, "<= 0")                                            \
  F(int32_t, diff_min, "differences to the row maximum below this give output -128")
AB_DEFINE_PARAMS(ab_log_softmax_params, AB_LOG_SOFTMAX_FIELDS)

/* RSQRT of int8 (evaluated at generation time into a lookup table) or int16 (zero points 0):
 * v = x - input_zero_point; v == 0 gives the type's maximum, v > 0
 * ab_mbqm(ab_mbqm(1, 1/sqrt(v) << 20), multiplier, shift - 20) + output_zero_point. TFLite Micro
 * fails the inference for v < 0; the kernel then writes the maximum too. */
#define AB_RSQRT_FIELDS(F, A, E)                                                       \
  E(ab_elem_type, type, "AB_ELEM_INT8 or AB_ELEM_INT16")                               \
  F(ab_idx_t, size, "elements")                                                        \
  F(int32_t, input_zero_point, "")                                                     \
  F(int32_t, output_zero_point, "")                                                    \
  F(int32_t, multiplier, "1 / (sqrt(input scale) * output scale)")                     \
  F(int32_t, shift, "")
AB_DEFINE_PARAMS(ab_rsqrt_params, AB_RSQRT_FIELDS)

/* Element types CAST converts between (bool is read as a byte, 0 or 1; uint32 is the audio front
 * end's). */
typedef enum ab_cast_type {
  AB_CAST_INT8 = 0,
  AB_CAST_INT16 = 1,
  AB_CAST_INT32 = 2,
  AB_CAST_BOOL = 3,
  AB_CAST_UINT32 = 4
} ab_cast_type;

/* CAST: every element converted as C converts integers (narrowing keeps the low bits). */
#define AB_CAST_FIELDS(F, A, E)                                                        \
  F(ab_idx_t, size, "elements")                                                        \
  E(ab_cast_type, input_type, "")                                                      \
  E(ab_cast_type, output_type, "AB_CAST_INT8, AB_CAST_INT16, AB_CAST_INT32 or AB_CAST_UINT32")
AB_DEFINE_PARAMS(ab_cast_params, AB_CAST_FIELDS)

#endif /* AB_PARAMS_ACTIVATION_H */
