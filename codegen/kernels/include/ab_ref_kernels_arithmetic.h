/* Reference kernels of the binary element-wise arithmetic (MUL, SUB, DIV, SQUARED_DIFFERENCE,
 * MAXIMUM, MINIMUM, PRELU, ADD of int16/int32) (included by ab_ref_kernels.h, inside its extern
 * "C"; same conventions). */
#ifndef AB_REF_KERNELS_ARITHMETIC_H
#define AB_REF_KERNELS_ARITHMETIC_H

#include "ab_params.h"

/* input1, input2 and output of p->type's element type. */
void ab_ref_mul(const ab_mul_params* p, const void* input1, const void* input2, void* output);

/* ADD of int16 and int32, SUB, SQUARED_DIFFERENCE (p->kind); same arguments as ab_ref_mul. */
void ab_ref_add_sub(const ab_add_sub_params* p, const void* input1, const void* input2, void* output);

/* input1, input2 and output of p->type's element type (int8 or int32). */
void ab_ref_div(const ab_div_params* p, const void* input1, const void* input2, void* output);

/* MAXIMUM or MINIMUM (p->maximum); same arguments as ab_ref_mul. */
void ab_ref_maximum_minimum(const ab_maximum_minimum_params* p, const void* input1, const void* input2,
                            void* output);

/* input and output of p->type's element type, alpha int8. */
void ab_ref_prelu(const ab_prelu_params* p, const void* input, const int8_t* alpha, void* output);

#endif /* AB_REF_KERNELS_ARITHMETIC_H */
