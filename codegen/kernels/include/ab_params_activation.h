/* Parameter structs of the unary element-wise operators: activations, EXP, ABS, NEG, RSQRT,
 * LOG_SOFTMAX, CAST, integer QUANTIZE (included by ab_params.h, whose conventions and field-list
 * macros they follow). */
#ifndef AB_PARAMS_ACTIVATION_H
#define AB_PARAMS_ACTIVATION_H

#endif /* AB_PARAMS_ACTIVATION_H */
