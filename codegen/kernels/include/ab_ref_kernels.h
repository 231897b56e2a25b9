/* Reference int8 kernels: the arithmetic of TensorFlow Lite Micro's reference kernels, bit for
 * bit. Plain loops, no allocation, no scratch memory, bounded stack. Every function takes its
 * parameter struct (ab_params.h) first, then tensor data in the order listed; a bias may be
 * NULL. Outputs never alias inputs. Optimized kernels live elsewhere and must match these. */
#ifndef AB_REF_KERNELS_H
#define AB_REF_KERNELS_H

#include <stdint.h>

#include "ab_params.h"

#ifdef __cplusplus
extern "C" {
#endif

void ab_ref_conv2d_s8(const ab_conv2d_params* p, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output);

void ab_ref_depthwise_conv2d_s8(const ab_depthwise_conv2d_params* p, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output);

void ab_ref_fully_connected_s8(const ab_fully_connected_params* p, const int8_t* input,
                               const int8_t* filter, const int32_t* bias, int8_t* output);

void ab_ref_add_s8(const ab_add_params* p, const int8_t* input1, const int8_t* input2,
                   int8_t* output);

void ab_ref_avg_pool2d_s8(const ab_pool2d_params* p, const int8_t* input, int8_t* output);

void ab_ref_max_pool2d_s8(const ab_pool2d_params* p, const int8_t* input, int8_t* output);

void ab_ref_mean_s8(const ab_mean_params* p, const int8_t* input, int8_t* output);

/* PAD, PADV2, MIRROR_PAD: elements of p->elem_bytes bytes. */
void ab_ref_pad(const ab_pad_params* p, const void* input, void* output);

void ab_ref_reshape(const ab_reshape_params* p, const void* input, void* output);

void ab_ref_softmax_s8(const ab_softmax_params* p, const int8_t* input, int8_t* output);

void ab_ref_softmax_s8_s16(const ab_softmax_params* p, const int8_t* input, int16_t* output);

/* input/output element types follow p->kind (float, int8_t, uint8_t, int16_t or int32_t). */
void ab_ref_quantize(const ab_quantize_params* p, const void* input, void* output);

void ab_ref_dequantize_s8_f32(const ab_dequantize_params* p, const int8_t* input,
                              float* output);

void ab_ref_dequantize_s16_f32(const ab_dequantize_params* p, const int16_t* input,
                               float* output);

void ab_ref_dequantize_u8_f32(const ab_dequantize_params* p, const uint8_t* input,
                              float* output);

/* The reference kernels of the later operator families, one header each. */
#include "ab_ref_kernels_arithmetic.h"
#include "ab_ref_kernels_activation.h"
#include "ab_ref_kernels_reduce.h"
#include "ab_ref_kernels_movement.h"
#include "ab_ref_kernels_resize.h"
#include "ab_ref_kernels_layers.h"
#include "ab_ref_kernels_recurrent.h"
#include "ab_ref_kernels_signal.h"

#ifdef __cplusplus
}
#endif

#endif /* AB_REF_KERNELS_H */
