/* Parameter structs of the int8 kernels.
 *
 * Each struct holds everything TFLite Micro computes in an operator's Prepare step, so a kernel
 * call needs only the struct and the tensor data pointers. Fields are scalars, small fixed
 * arrays or pointers to const arrays, so a code generator can write every struct as a
 * `static const` initializer. Quantization conventions (as in TFLite):
 *   input_offset  = -(input zero point)   (added to every input value)
 *   output_offset = +(output zero point)  (added after requantization)
 *   act_min/max   = the fused activation's clamp range in the output's quantized domain
 *   multiplier/shift: a real scale factor M = multiplier * 2^(shift - 31), multiplier a Q0.31
 *                 value in [2^30, 2^31) (or 0); applied with ab_mbqm() (double rounding).
 * Tensor data are passed to the kernel functions separately (ab_ref_kernels.h), in the order
 * documented there, so the same struct serves arena-planned and looked-up tensors alike.
 *
 * Every struct is described once, as a field list (AB_<NAME>_FIELDS): the C struct below and
 * the code generator's initializer writer (codegen/lower/render_c.cpp) both expand it. A list
 * takes three macros:
 *   F(type, name, doc)         a field: scalar, ab_dims4 or pointer to a const array
 *   A(type, name, count, doc)  a fixed-size array field
 *   E(enum, name, doc)         an int32_t field holding a value of `enum` */
#ifndef AB_PARAMS_H
#define AB_PARAMS_H

#include <stdint.h>

#include "ab_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AB_DECLARE_FIELD(type, name, doc) type name;
#define AB_DECLARE_ARRAY(type, name, count, doc) type name[count];
#define AB_DECLARE_ENUM(type, name, doc) int32_t name;
/* typedef struct NAME { ...fields... } NAME; */
#define AB_DEFINE_PARAMS(name, FIELDS) \
  typedef struct name {                \
    FIELDS(AB_DECLARE_FIELD, AB_DECLARE_ARRAY, AB_DECLARE_ENUM)            \
  } name;

/* CONV_2D, int8 activations, int8 weights (per-channel or per-tensor), int32 bias; also the
 * 16x8 kernels' (int16 activations, offsets 0; ab_ref_kernels_layers.h). Filter layout OHWI:
 * filter.n = output channels, filter.h/w = kernel size, filter.c = input channels per group
 * (input.c / filter.c groups). */
#define AB_CONV2D_FIELDS(F, A, E)                                                      \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, filter, "OHWI")                                                          \
  F(ab_dims4, output, "NHWC; output.c == filter.n")                                    \
  F(ab_idx_t, stride_h, "")                                                            \
  F(ab_idx_t, stride_w, "")                                                            \
  F(ab_idx_t, dilation_h, "")                                                          \
  F(ab_idx_t, dilation_w, "")                                                          \
  F(ab_idx_t, pad_h, "rows of implicit zero padding before the input")                 \
  F(ab_idx_t, pad_w, "columns of implicit zero padding before the input")              \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")                                                              \
  F(const int32_t*, output_multiplier, "[output.c]")                                   \
  F(const int32_t*, output_shift, "[output.c]")
AB_DEFINE_PARAMS(ab_conv2d_params, AB_CONV2D_FIELDS)

/* DEPTHWISE_CONV_2D (int8, and 16x8 as CONV_2D). Filter layout 1HWC with C = input.c * depth_multiplier; output channel
 * oc = ic * depth_multiplier + m reads input channel ic. */
#define AB_DEPTHWISE_CONV2D_FIELDS(F, A, E)                                            \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, filter, "1, KH, KW, output channels")                                    \
  F(ab_dims4, output, "NHWC")                                                          \
  F(ab_idx_t, stride_h, "")                                                            \
  F(ab_idx_t, stride_w, "")                                                            \
  F(ab_idx_t, dilation_h, "")                                                          \
  F(ab_idx_t, dilation_w, "")                                                          \
  F(ab_idx_t, pad_h, "rows of implicit zero padding before the input")                 \
  F(ab_idx_t, pad_w, "columns of implicit zero padding before the input")              \
  F(ab_idx_t, depth_multiplier, "")                                                    \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")                                                              \
  F(const int32_t*, output_multiplier, "[output.c]")                                   \
  F(const int32_t*, output_shift, "[output.c]")
AB_DEFINE_PARAMS(ab_depthwise_conv2d_params, AB_DEPTHWISE_CONV2D_FIELDS)

/* FULLY_CONNECTED: output[b][o] = sum_d (w[o][d] + filter_offset) * (in[b][d] + input_offset)
 * + bias[o], requantized per tensor (multiplier/shift) or, when per_channel_multiplier is not
 * NULL, per output channel (filter_offset is then 0 by the quantization spec). int8, and 16x8
 * (int16 activations, zero points 0) as CONV_2D. */
#define AB_FULLY_CONNECTED_FIELDS(F, A, E)                                             \
  F(ab_idx_t, batches, "output elements / output_depth")                               \
  F(ab_idx_t, accum_depth, "input features (the weights' last dimension)")             \
  F(ab_idx_t, output_depth, "the output's last dimension")                             \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, filter_offset, "-(weights zero point)")                                   \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, output_multiplier, "")                                                    \
  F(int32_t, output_shift, "")                                                         \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")                                                              \
  F(const int32_t*, per_channel_multiplier, "[output_depth] or NULL")                  \
  F(const int32_t*, per_channel_shift, "[output_depth] or NULL")
AB_DEFINE_PARAMS(ab_fully_connected_params, AB_FULLY_CONNECTED_FIELDS)

/* ADD with TFLite's general int8 rescaling: both inputs are shifted left by left_shift, scaled
 * to a common scale (input*_multiplier/shift, shift <= 0), summed and scaled to the output
 * (SUB, SQUARED_DIFFERENCE and int16 ADD use it too: ab_add_sub_params).
 * Broadcasting: shapes are right-aligned to AB_MAX_DIMS dimensions; in*_stride[d] is the
 * element stride of input * along output dimension d, 0 where that input is broadcast. When
 * broadcast == 0 all shapes are equal and the kernel walks flat_size elements. */
#define AB_ADD_FIELDS(F, A, E)                                                         \
  F(ab_idx_t, flat_size, "output elements")                                            \
  F(int32_t, broadcast, "0 or 1")                                                      \
  A(ab_idx_t, out_shape, AB_MAX_DIMS, "output shape, padded with leading 1s")          \
  A(ab_idx_t, in1_stride, AB_MAX_DIMS, "")                                             \
  A(ab_idx_t, in2_stride, AB_MAX_DIMS, "")                                             \
  F(int32_t, input1_offset, "")                                                        \
  F(int32_t, input2_offset, "")                                                        \
  F(int32_t, output_offset, "")                                                        \
  F(int32_t, left_shift, "")                                                           \
  F(int32_t, input1_multiplier, "")                                                    \
  F(int32_t, input1_shift, "")                                                         \
  F(int32_t, input2_multiplier, "")                                                    \
  F(int32_t, input2_shift, "")                                                         \
  F(int32_t, output_multiplier, "")                                                    \
  F(int32_t, output_shift, "")                                                         \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")
AB_DEFINE_PARAMS(ab_add_params, AB_ADD_FIELDS)

/* AVERAGE_POOL_2D and MAX_POOL_2D (input and output share scale and zero point). */
#define AB_POOL2D_FIELDS(F, A, E)                                                      \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, output, "NHWC, output.c == input.c")                                     \
  F(ab_idx_t, filter_h, "")                                                            \
  F(ab_idx_t, filter_w, "")                                                            \
  F(ab_idx_t, stride_h, "")                                                            \
  F(ab_idx_t, stride_w, "")                                                            \
  F(ab_idx_t, pad_h, "")                                                               \
  F(ab_idx_t, pad_w, "")                                                               \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")
AB_DEFINE_PARAMS(ab_pool2d_params, AB_POOL2D_FIELDS)

/* Arithmetic of MEAN; TFLite Micro changed it over time, the lowering picks the one of the
 * reference it must match. */
typedef enum ab_mean_mode {
  /* sum / count truncated toward zero (input and output quantization equal) */
  AB_MEAN_INT_TRUNCATE = 0,
  /* float: round(sum / count * float_scale + float_bias) + output_zp, then clamp */
  AB_MEAN_FLOAT = 1,
  /* integer: ab_mbqm(sum - input_zp*count, multiplier, shift) + output_zp; the lowering folds
   * 1/count into multiplier/shift as TFLite Micro does */
  AB_MEAN_INT_MULTIPLIER = 2,
  /* older TFLite's 4-D special case: ab_mbqm(sum - input_zp*count, multiplier, shift) then a
   * rounded division by count, + output_zp, clamp */
  AB_MEAN_INT_DIVIDE = 3
} ab_mean_mode;

/* MEAN over any set of axes of an int8 or int16 (AB_MEAN_INT_MULTIPLIER only) tensor of rank
 * <= AB_MAX_DIMS; SUM too, as AB_MEAN_INT_MULTIPLIER without 1/count in the multiplier. The
 * output holds the kept dimensions in their original order (keep_dims only changes its shape). */
#define AB_MEAN_FIELDS(F, A, E)                                                        \
  E(ab_mean_mode, mode, "")                                                            \
  F(ab_idx_t, rank, "")                                                                \
  A(ab_idx_t, in_shape, AB_MAX_DIMS, "first `rank` entries used")                      \
  A(uint8_t, reduce, AB_MAX_DIMS, "1 where the dimension is reduced")                  \
  F(ab_idx_t, count, "elements reduced into one output")                               \
  F(int32_t, input_zero_point, "")                                                     \
  F(int32_t, output_zero_point, "")                                                    \
  F(int32_t, multiplier, "AB_MEAN_INT_MULTIPLIER / AB_MEAN_INT_DIVIDE")                \
  F(int32_t, shift, "AB_MEAN_INT_MULTIPLIER / AB_MEAN_INT_DIVIDE")                     \
  F(float, float_scale, "AB_MEAN_FLOAT: input_scale / output_scale (float)")           \
  F(float, float_bias, "AB_MEAN_FLOAT: -input_zp * float_scale (float)")
AB_DEFINE_PARAMS(ab_mean_params, AB_MEAN_FIELDS)

/* What PAD writes outside the input: a constant (PAD, PADV2), or the input mirrored at its
 * border (MIRROR_PAD: REFLECT leaves the border element out, SYMMETRIC repeats it). */
typedef enum ab_pad_mode {
  AB_PAD_CONSTANT = 0,
  AB_PAD_REFLECT = 1,
  AB_PAD_SYMMETRIC = 2
} ab_pad_mode;

/* PAD, PADV2 and MIRROR_PAD: output[i] = input[i - before] inside the input; outside it
 * pad_value (constant mode) or the mirrored input element. Elements are copied as bytes. */
#define AB_PAD_FIELDS(F, A, E)                                                         \
  E(ab_pad_mode, mode, "")                                                             \
  F(ab_idx_t, elem_bytes, "1, 2 or 4")                                                 \
  F(ab_idx_t, rank, "")                                                                \
  A(ab_idx_t, in_shape, AB_MAX_DIMS, "")                                               \
  A(ab_idx_t, before, AB_MAX_DIMS, "padding before each dimension")                    \
  A(ab_idx_t, out_shape, AB_MAX_DIMS, "")                                              \
  F(int32_t, pad_value, "AB_PAD_CONSTANT: the element written in the padding")
AB_DEFINE_PARAMS(ab_pad_params, AB_PAD_FIELDS)

/* RESHAPE as a copy (normally the planner aliases it and no kernel runs). */
#define AB_RESHAPE_FIELDS(F, A, E) F(ab_idx_t, bytes, "")
AB_DEFINE_PARAMS(ab_reshape_params, AB_RESHAPE_FIELDS)

/* SOFTMAX of int8 to int8 (output scale 1/256, zero point -128) or to int16 (1/65536, -32768),
 * TFLite's fixed-point exp. */
#define AB_SOFTMAX_FIELDS(F, A, E)                                                     \
  F(ab_idx_t, outer_size, "rows")                                                      \
  F(ab_idx_t, depth, "last dimension")                                                 \
  F(int32_t, input_multiplier, "")                                                     \
  F(int32_t, input_left_shift, "")                                                     \
  F(int32_t, diff_min, "differences to the row maximum below this give output -128")
AB_DEFINE_PARAMS(ab_softmax_params, AB_SOFTMAX_FIELDS)

/* QUANTIZE kinds: float32 -> int8/int16 (affine), or requantization between the integer
 * types TFLite Micro's QUANTIZE takes. */
typedef enum ab_quantize_kind {
  AB_QUANTIZE_F32_TO_S8 = 0,
  AB_REQUANTIZE_S8_TO_S8 = 1,
  AB_REQUANTIZE_S8_TO_U8 = 2,
  AB_REQUANTIZE_U8_TO_S8 = 3,
  AB_QUANTIZE_F32_TO_S16 = 4,
  AB_REQUANTIZE_S8_TO_S16 = 5,
  AB_REQUANTIZE_S8_TO_S32 = 6,
  AB_REQUANTIZE_S16_TO_S8 = 7,
  AB_REQUANTIZE_S16_TO_S16 = 8,
  AB_REQUANTIZE_S16_TO_S32 = 9,
  AB_REQUANTIZE_S32_TO_S8 = 10,
  AB_REQUANTIZE_S32_TO_S16 = 11
} ab_quantize_kind;

/* QUANTIZE. Affine: out = clamp(round(x / scale) + output_zero_point) with float division.
 * Requantize: out = clamp(ab_mbqm(in - input_zero_point, multiplier, shift)
 * + output_zero_point) to the output type; when scales are equal and zero points differ by
 * exactly 128 between int8 and uint8 it is a sign-bit flip (TFLite's fast path gives the same
 * numbers). */
#define AB_QUANTIZE_FIELDS(F, A, E)                                                    \
  E(ab_quantize_kind, kind, "")                                                        \
  F(ab_idx_t, size, "")                                                                \
  F(float, scale, "output scale (affine)")                                             \
  F(int32_t, input_zero_point, "")                                                     \
  F(int32_t, output_zero_point, "")                                                    \
  F(int32_t, multiplier, "requantize")                                                 \
  F(int32_t, shift, "requantize")
AB_DEFINE_PARAMS(ab_quantize_params, AB_QUANTIZE_FIELDS)

/* DEQUANTIZE int8, int16 or uint8 -> float32: out = scale * (in - zero_point). */
#define AB_DEQUANTIZE_FIELDS(F, A, E)                                                  \
  F(ab_idx_t, size, "")                                                                \
  F(float, scale, "")                                                                  \
  F(int32_t, zero_point, "")
AB_DEFINE_PARAMS(ab_dequantize_params, AB_DEQUANTIZE_FIELDS)

/* Element types of the type-generic kernels. */
typedef enum ab_elem_type {
  AB_ELEM_INT8 = 0,
  AB_ELEM_INT16 = 1,
  AB_ELEM_INT32 = 2
} ab_elem_type;

/* Broadcasting of a binary element-wise operator: shapes right-aligned to AB_MAX_DIMS
 * dimensions; in*_stride[d] is input *'s element stride along output dimension d, 0 where it
 * is broadcast. broadcast == 0: equal shapes, walked flat. */
#define AB_BROADCAST_FIELDS(F, A, E)                                                   \
  F(ab_idx_t, flat_size, "output elements")                                            \
  F(int32_t, broadcast, "0 or 1")                                                      \
  A(ab_idx_t, out_shape, AB_MAX_DIMS, "output shape, padded with leading 1s")          \
  A(ab_idx_t, in1_stride, AB_MAX_DIMS, "")                                             \
  A(ab_idx_t, in2_stride, AB_MAX_DIMS, "")
AB_DEFINE_PARAMS(ab_broadcast, AB_BROADCAST_FIELDS)

/* The parameter structs of the later operator families, one header each. */
#include "ab_params_arithmetic.h"
#include "ab_params_activation.h"
#include "ab_params_reduce.h"
#include "ab_params_movement.h"
#include "ab_params_resize.h"
#include "ab_params_layers.h"
#include "ab_params_recurrent.h"
#include "ab_params_signal.h"

#ifdef __cplusplus
}
#endif

#endif /* AB_PARAMS_H */
