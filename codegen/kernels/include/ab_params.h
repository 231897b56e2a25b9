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
 * documented there, so the same struct serves arena-planned and looked-up tensors alike. */
#ifndef AB_PARAMS_H
#define AB_PARAMS_H

#include <stdint.h>

#include "ab_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CONV_2D, int8 activations, int8 weights (per-channel or per-tensor), int32 bias.
 * Filter layout OHWI: filter.n = output channels, filter.h/w = kernel size, filter.c = input
 * channels per group (input.c / filter.c groups). */
typedef struct ab_conv2d_params {
  ab_dims4 input;              /* NHWC */
  ab_dims4 filter;             /* OHWI */
  ab_dims4 output;             /* NHWC; output.c == filter.n */
  ab_idx_t stride_h, stride_w;
  ab_idx_t dilation_h, dilation_w;
  ab_idx_t pad_h, pad_w;       /* rows/columns of implicit zero padding before the input */
  int32_t input_offset;
  int32_t output_offset;
  int32_t act_min, act_max;
  const int32_t* output_multiplier; /* [output.c] */
  const int32_t* output_shift;      /* [output.c] */
} ab_conv2d_params;

/* DEPTHWISE_CONV_2D. Filter layout 1HWC with C = input.c * depth_multiplier; output channel
 * oc = ic * depth_multiplier + m reads input channel ic. */
typedef struct ab_depthwise_conv2d_params {
  ab_dims4 input;              /* NHWC */
  ab_dims4 filter;             /* 1, KH, KW, output channels */
  ab_dims4 output;             /* NHWC */
  ab_idx_t stride_h, stride_w;
  ab_idx_t dilation_h, dilation_w;
  ab_idx_t pad_h, pad_w;
  ab_idx_t depth_multiplier;
  int32_t input_offset;
  int32_t output_offset;
  int32_t act_min, act_max;
  const int32_t* output_multiplier; /* [output.c] */
  const int32_t* output_shift;      /* [output.c] */
} ab_depthwise_conv2d_params;

/* FULLY_CONNECTED: output[b][o] = sum_d (w[o][d] + filter_offset) * (in[b][d] + input_offset)
 * + bias[o], requantized per tensor (multiplier/shift) or, when per_channel_multiplier is not
 * NULL, per output channel (filter_offset is then 0 by the quantization spec). */
typedef struct ab_fully_connected_params {
  ab_idx_t batches;      /* output elements / output_depth */
  ab_idx_t accum_depth;  /* filter's last dimension (input features) */
  ab_idx_t output_depth; /* output's last dimension */
  int32_t input_offset;
  int32_t filter_offset; /* -(filter zero point) */
  int32_t output_offset;
  int32_t output_multiplier;
  int32_t output_shift;
  int32_t act_min, act_max;
  const int32_t* per_channel_multiplier; /* [output_depth] or NULL */
  const int32_t* per_channel_shift;      /* [output_depth] or NULL */
} ab_fully_connected_params;

/* ADD with TFLite's general int8 rescaling: both inputs are shifted left by left_shift, scaled
 * to a common scale (input*_multiplier/shift, shift <= 0), summed and scaled to the output.
 * Broadcasting: shapes are right-aligned to AB_MAX_DIMS dimensions; in*_stride[d] is the
 * element stride of input * along output dimension d, 0 where that input is broadcast. When
 * broadcast == 0 all shapes are equal and the kernel walks flat_size elements. */
typedef struct ab_add_params {
  ab_idx_t flat_size;                  /* output elements */
  int32_t broadcast;                   /* 0 or 1 */
  ab_idx_t out_shape[AB_MAX_DIMS];     /* output shape, padded with leading 1s */
  ab_idx_t in1_stride[AB_MAX_DIMS];
  ab_idx_t in2_stride[AB_MAX_DIMS];
  int32_t input1_offset, input2_offset;
  int32_t output_offset;
  int32_t left_shift;
  int32_t input1_multiplier, input1_shift;
  int32_t input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift;
  int32_t act_min, act_max;
} ab_add_params;

/* AVERAGE_POOL_2D and MAX_POOL_2D (input and output share scale and zero point). */
typedef struct ab_pool2d_params {
  ab_dims4 input;  /* NHWC */
  ab_dims4 output; /* NHWC, output.c == input.c */
  ab_idx_t filter_h, filter_w;
  ab_idx_t stride_h, stride_w;
  ab_idx_t pad_h, pad_w;
  int32_t act_min, act_max;
} ab_pool2d_params;

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

/* MEAN over any set of axes of an int8 tensor of rank <= AB_MAX_DIMS. The output holds the
 * kept dimensions in their original order (keep_dims only changes the output's shape). */
typedef struct ab_mean_params {
  int32_t mode;                       /* ab_mean_mode */
  ab_idx_t rank;
  ab_idx_t in_shape[AB_MAX_DIMS];     /* first `rank` entries used */
  uint8_t reduce[AB_MAX_DIMS];        /* 1 where the dimension is reduced */
  ab_idx_t count;                     /* elements reduced into one output */
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier, shift;          /* AB_MEAN_INT_MULTIPLIER / AB_MEAN_INT_DIVIDE */
  float float_scale;                  /* AB_MEAN_FLOAT: input_scale / output_scale (float) */
  float float_bias;                   /* AB_MEAN_FLOAT: -input_zp * float_scale (float) */
} ab_mean_params;

/* PAD of an int8 tensor: output[i] = input[i - before] inside the input, pad_value outside. */
typedef struct ab_pad_params {
  ab_idx_t rank;
  ab_idx_t in_shape[AB_MAX_DIMS];
  ab_idx_t before[AB_MAX_DIMS];  /* padding before each dimension */
  ab_idx_t out_shape[AB_MAX_DIMS];
  int8_t pad_value;              /* output zero point unless the model gives one */
} ab_pad_params;

/* RESHAPE as a copy (normally the planner aliases it and no kernel runs). */
typedef struct ab_reshape_params {
  ab_idx_t bytes;
} ab_reshape_params;

/* SOFTMAX int8 -> int8 (output scale 1/256, zero point -128), TFLite's fixed-point exp. */
typedef struct ab_softmax_params {
  ab_idx_t outer_size; /* rows */
  ab_idx_t depth;      /* last dimension */
  int32_t input_multiplier;
  int32_t input_left_shift;
  int32_t diff_min;    /* differences to the row maximum below this give output -128 */
} ab_softmax_params;

/* TRANSPOSE of 1-byte elements: output dimension d is input dimension perm[d]. */
typedef struct ab_transpose_params {
  ab_idx_t rank;
  ab_idx_t out_shape[AB_MAX_DIMS];
  ab_idx_t in_stride[AB_MAX_DIMS]; /* input element stride of output dimension d (permuted) */
} ab_transpose_params;

/* CONCATENATION of int8 tensors along one axis, a plain copy as in TFLite Micro. */
typedef struct ab_concatenation_params {
  ab_idx_t num_inputs;
  ab_idx_t outer_size;                       /* product of dimensions before the axis */
  ab_idx_t copy_size[AB_MAX_CONCAT_INPUTS];  /* per input: axis size * inner size */
} ab_concatenation_params;

/* QUANTIZE kinds: float32 -> int8 (affine), or requantization between 8-bit types. */
typedef enum ab_quantize_kind {
  AB_QUANTIZE_F32_TO_S8 = 0,
  AB_REQUANTIZE_S8_TO_S8 = 1,
  AB_REQUANTIZE_S8_TO_U8 = 2,
  AB_REQUANTIZE_U8_TO_S8 = 3
} ab_quantize_kind;

/* QUANTIZE. Affine: out = clamp(round(x / scale) + output_zero_point) with float division.
 * Requantize: out = clamp(ab_mbqm(in - input_zero_point, multiplier, shift)
 * + output_zero_point); when scales are equal and zero points differ by exactly 128 between
 * int8 and uint8 it is a sign-bit flip (TFLite's fast path gives the same numbers). */
typedef struct ab_quantize_params {
  int32_t kind; /* ab_quantize_kind */
  ab_idx_t size;
  float scale;  /* output scale (affine) */
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier, shift; /* requantize */
} ab_quantize_params;

/* DEQUANTIZE int8 -> float32: out = scale * (in - zero_point). */
typedef struct ab_dequantize_params {
  ab_idx_t size;
  float scale;
  int32_t zero_point;
} ab_dequantize_params;

#ifdef __cplusplus
}
#endif

#endif /* AB_PARAMS_H */
