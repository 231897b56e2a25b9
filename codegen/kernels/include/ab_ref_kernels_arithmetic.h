/* Reference kernels of the binary element-wise arithmetic (MUL, SUB, DIV, SQUARED_DIFFERENCE,
 * MAXIMUM, MINIMUM, PRELU, ADD of int16/int32) (included by ab_ref_kernels.h, inside its extern
 * "C"; same conventions). */
#ifndef AB_REF_KERNELS_ARITHMETIC_H
#define AB_REF_KERNELS_ARITHMETIC_H

#include "ab_params.h"

/* input1, input2 and output of p->type's element type. */
void ab_ref_mul(const ab_mul_params* p, const void* input1, const void* input2, void* output);

#endif /* AB_REF_KERNELS_ARITHMETIC_H */
