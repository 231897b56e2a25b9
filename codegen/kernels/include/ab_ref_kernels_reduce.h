/* Reference kernels of the reductions: REDUCE_MAX, REDUCE_MIN, SUM, MEAN of int16, ARG_MAX,
 * ARG_MIN (included by ab_ref_kernels.h, inside its extern "C"; same conventions). SUM runs
 * the MEAN kernels (ab_ref_mean_s8 in ab_ref_kernels.h, ab_ref_mean_s16 here) with a multiplier
 * that leaves out the division by the count. */
#ifndef AB_REF_KERNELS_REDUCE_H
#define AB_REF_KERNELS_REDUCE_H

#include "ab_params.h"

/* MEAN and SUM of int16 (AB_MEAN_INT_MULTIPLIER only). */
void ab_ref_mean_s16(const ab_mean_params* p, const int16_t* input, int16_t* output);
void ab_ref_reduce_max_min_s8(const ab_reduce_max_min_params* p, const int8_t* input, int8_t* output);
void ab_ref_arg_min_max_s8(const ab_arg_min_max_params* p, const int8_t* input, int32_t* output);

#endif /* AB_REF_KERNELS_REDUCE_H */
