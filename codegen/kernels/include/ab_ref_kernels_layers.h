/* Reference kernels of the layers with weights beyond CONV_2D / DEPTHWISE_CONV_2D /
 * FULLY_CONNECTED int8: the 16x8 forms of those (int16 activations, int8 weights), then
 * TRANSPOSE_CONV, BATCH_MATMUL, L2_NORMALIZATION (included by ab_ref_kernels.h, inside its
 * extern "C"; same conventions). A 16x8 kernel's bias type names its accumulator: int64, or
 * int32 for the _acc32 forms (TFLite Micro's choice by the bias type). */
#ifndef AB_REF_KERNELS_LAYERS_H
#define AB_REF_KERNELS_LAYERS_H

#include "ab_params.h"

void ab_ref_conv2d_s16(const ab_conv2d_params* p, const int16_t* input, const int8_t* filter,
                       const int64_t* bias, int16_t* output);
void ab_ref_conv2d_s16_acc32(const ab_conv2d_params* p, const int16_t* input,
                             const int8_t* filter, const int32_t* bias, int16_t* output);

void ab_ref_depthwise_conv2d_s16(const ab_depthwise_conv2d_params* p, const int16_t* input,
                                 const int8_t* filter, const int64_t* bias, int16_t* output);

void ab_ref_fully_connected_s16(const ab_fully_connected_params* p, const int16_t* input,
                                const int8_t* filter, const int64_t* bias, int16_t* output);
void ab_ref_fully_connected_s16_acc32(const ab_fully_connected_params* p, const int16_t* input,
                                      const int8_t* filter, const int32_t* bias,
                                      int16_t* output);

void ab_ref_transpose_conv_s8(const ab_transpose_conv_params* p, const int8_t* input,
                              const int8_t* filter, const int32_t* bias, int8_t* output);
/* bias int64, or int16 (_b16: TFLite Micro widens it to int64); the accumulator is int64. */
void ab_ref_transpose_conv_s16(const ab_transpose_conv_params* p, const int16_t* input,
                               const int8_t* filter, const int64_t* bias, int16_t* output);
void ab_ref_transpose_conv_s16_b16(const ab_transpose_conv_params* p, const int16_t* input,
                                   const int8_t* filter, const int16_t* bias, int16_t* output);

/* int8 accumulates in int32, int16 in int64. */
void ab_ref_batch_matmul_s8(const ab_batch_matmul_params* p, const int8_t* lhs,
                            const int8_t* rhs, int8_t* output);
void ab_ref_batch_matmul_s16(const ab_batch_matmul_params* p, const int16_t* lhs,
                             const int16_t* rhs, int16_t* output);

void ab_ref_l2_normalization_s8(const ab_l2_normalization_params* p, const int8_t* input,
                                int8_t* output);

#endif /* AB_REF_KERNELS_LAYERS_H */
