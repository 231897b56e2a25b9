/* Parameter structs of the binary element-wise arithmetic (MUL, SUB, DIV, SQUARED_DIFFERENCE,
 * MAXIMUM, MINIMUM, PRELU, ADD of int16/int32) (included by ab_params.h, whose conventions and
 * field-list macros they follow). */
#ifndef AB_PARAMS_ARITHMETIC_H
#define AB_PARAMS_ARITHMETIC_H

/* MUL: out = clamp(ab_mbqm((in1 + input1_offset) * (in2 + input2_offset), multiplier, shift)
 * + output_offset) for int8 and int16 (whose zero points are 0); int32 multiplies plainly
 * (wrapping as two's complement) and clamps to the activation range. */
#define AB_MUL_FIELDS(F, A, E)                                                         \
  E(ab_elem_type, type, "element type of inputs and output")                           \
  F(ab_broadcast, shape, "")                                                           \
  F(int32_t, input1_offset, "")                                                        \
  F(int32_t, input2_offset, "")                                                        \
  F(int32_t, output_offset, "")                                                        \
  F(int32_t, output_multiplier, "")                                                    \
  F(int32_t, output_shift, "")                                                         \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")
AB_DEFINE_PARAMS(ab_mul_params, AB_MUL_FIELDS)

/* What ab_ref_add_sub computes from the two rescaled inputs a and b. */
typedef enum ab_add_sub_kind {
  AB_ADD_SUB_SUM = 0,                /* ADD: a + b */
  AB_ADD_SUB_DIFFERENCE = 1,         /* SUB: a - b */
  AB_ADD_SUB_SQUARED_DIFFERENCE = 2  /* SQUARED_DIFFERENCE: (a - b)^2 */
} ab_add_sub_kind;

/* ADD, SUB and SQUARED_DIFFERENCE (ADD of int8 has ab_ref_add_s8 and plain ab_add_params).
 * int8 and int16 follow TFLite's two-input rescaling of ab_add_params: each input, offset and
 * shifted left by left_shift, is scaled to a common scale (ab_mbqm with shift <= 0); the sum,
 * difference or squared difference is scaled to the output (ab_mbqm; squared differences may
 * have a positive output_shift), offset and clamped. int32 adds, subtracts or squares the
 * difference plainly (wrapping as two's complement) and clamps; only the broadcast and
 * activation fields of `add` are used then. */
#define AB_ADD_SUB_FIELDS(F, A, E)                                                     \
  E(ab_elem_type, type, "element type of inputs and output")                           \
  E(ab_add_sub_kind, kind, "")                                                         \
  F(ab_add_params, add, "broadcast, rescaling and activation range")
AB_DEFINE_PARAMS(ab_add_sub_params, AB_ADD_SUB_FIELDS)

/* DIV, with MUL's fields. int8: the quotient of the offset inputs, x / y, as TFLite computes it
 * (a fixed-point reciprocal of y, x normalized by its sign bits) then scaled by
 * output_multiplier * 2^output_shift (in1 scale / (in2 scale * out scale)), offset and
 * clamped. int32: C's truncating division, clamped to the activation range. */
AB_DEFINE_PARAMS(ab_div_params, AB_MUL_FIELDS)

/* MAXIMUM and MINIMUM: the larger (smaller) of the two raw input values. TFLite Micro compares
 * stored values and never rescales, whatever the tensors' quantization. */
#define AB_MAXIMUM_MINIMUM_FIELDS(F, A, E)                                             \
  E(ab_elem_type, type, "element type of inputs and output")                           \
  F(ab_broadcast, shape, "")                                                           \
  F(int32_t, maximum, "1: MAXIMUM, 0: MINIMUM")
AB_DEFINE_PARAMS(ab_maximum_minimum_params, AB_MAXIMUM_MINIMUM_FIELDS)

/* PRELU: input (int8 or int16, p->type) and output of one type, alpha int8 (input 2, broadcast
 * like a second operand). With x = in + input_offset:
 *   x >= 0: out = ab_mbqm(x, output_multiplier_1, output_shift_1) + output_offset
 *   x < 0:  out = ab_mbqm(x * (alpha + alpha_offset), output_multiplier_2, output_shift_2)
 *                 + output_offset
 * clamped to the output type's range (PRELU has no fused activation). */
#define AB_PRELU_FIELDS(F, A, E)                                                       \
  E(ab_elem_type, type, "element type of input and output; alpha is int8")             \
  F(ab_broadcast, shape, "input as operand 1, alpha as operand 2")                     \
  F(int32_t, input_offset, "")                                                         \
  F(int32_t, alpha_offset, "")                                                         \
  F(int32_t, output_offset, "")                                                        \
  F(int32_t, output_multiplier_1, "input scale / output scale")                        \
  F(int32_t, output_shift_1, "")                                                       \
  F(int32_t, output_multiplier_2, "input scale * alpha scale / output scale")          \
  F(int32_t, output_shift_2, "")
AB_DEFINE_PARAMS(ab_prelu_params, AB_PRELU_FIELDS)

#endif /* AB_PARAMS_ARITHMETIC_H */
