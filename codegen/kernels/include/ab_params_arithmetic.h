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

#endif /* AB_PARAMS_ARITHMETIC_H */
