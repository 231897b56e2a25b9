/* Reference kernels of the unary element-wise operators: the activations, ABS, RSQRT,
 * LOG_SOFTMAX, CAST and int16 SOFTMAX (included by ab_ref_kernels.h, inside its extern "C"; same
 * conventions). QUANTIZE, DEQUANTIZE and int8 SOFTMAX are in ab_ref_kernels.h. */
#ifndef AB_REF_KERNELS_ACTIVATION_H
#define AB_REF_KERNELS_ACTIVATION_H

#include "ab_params.h"

/* LOGISTIC, TANH, HARD_SWISH and RSQRT of int8: one table lookup per element. */
void ab_ref_lookup_s8(const ab_lookup_params* p, const int8_t* input, int8_t* output);

/* RELU, RELU6, RELU_N1_TO_1, LEAKY_RELU, ABS; input and output of p->type's element type. */
void ab_ref_piecewise_linear(const ab_piecewise_linear_params* p, const void* input,
                             void* output);

/* input and output of p->type's element type. */
void ab_ref_rsqrt(const ab_rsqrt_params* p, const void* input, void* output);

void ab_ref_logistic_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output);

void ab_ref_tanh_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output);

void ab_ref_softmax_s16(const ab_softmax_s16_params* p, const int16_t* input, int16_t* output);

void ab_ref_log_softmax_s8(const ab_log_softmax_params* p, const int8_t* input, int8_t* output);

/* input and output element types follow p->input_type and p->output_type. */
void ab_ref_cast(const ab_cast_params* p, const void* input, void* output);

#endif /* AB_REF_KERNELS_ACTIVATION_H */
