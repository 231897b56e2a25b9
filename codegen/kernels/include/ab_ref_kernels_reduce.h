/* Reference kernels of the reductions: REDUCE_MAX, REDUCE_MIN, SUM, MEAN of int16, ARG_MAX,
 * ARG_MIN (included by ab_ref_kernels.h, inside its extern "C"; same conventions). */
#ifndef AB_REF_KERNELS_REDUCE_H
#define AB_REF_KERNELS_REDUCE_H

#include "ab_params.h"

#endif /* AB_REF_KERNELS_REDUCE_H */
