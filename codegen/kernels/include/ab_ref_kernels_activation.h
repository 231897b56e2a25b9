/* Reference kernels of the unary element-wise operators: activations, EXP, ABS, NEG, RSQRT,
 * LOG_SOFTMAX, CAST, integer QUANTIZE (included by ab_ref_kernels.h, inside its extern "C"; same
 * conventions). */
#ifndef AB_REF_KERNELS_ACTIVATION_H
#define AB_REF_KERNELS_ACTIVATION_H

#include "ab_params.h"

#endif /* AB_REF_KERNELS_ACTIVATION_H */
