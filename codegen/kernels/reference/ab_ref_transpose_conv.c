/* TRANSPOSE_CONV reference kernels (TFLite Micro's TransposeConv): int8, and 16x8 (int16
 * activations, int8 weights, int64 accumulator, int64 or int16 bias).
 *
 * TFLite Micro scatters every input pixel into an accumulator per output element; each output
 * here gathers the same products instead (integer sums do not depend on their order), so no
 * scratch memory is needed. */
#include <stddef.h>

#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* Input row (or column) that output row `o` receives through filter row `f`, or -1: the
 * scatter puts input i at output i * stride - pad + f. */
static ab_idx_t source_index(ab_idx_t o, ab_idx_t f, ab_idx_t stride, ab_idx_t pad, ab_idx_t size) {
  const ab_idx_t t = o + pad - f;
  if (t < 0 || t % stride != 0 || t / stride >= size) return -1;
  return t / stride;
}

/* Defines `name`, which sums what output pixel (oy, ox) of channel oc receives from image
 * `input_image`. One definition for both input types. */
#define AB_TRANSPOSE_CONV_GATHER(name, in_t, acc_t)                                          \
  static acc_t name(const ab_transpose_conv_params* p, const in_t* input_image,              \
                    const int8_t* filter, ab_idx_t oy, ab_idx_t ox, ab_idx_t oc) {            \
    const ab_dims4* in = &p->input;                                                          \
    const ab_dims4* f = &p->filter;                                                          \
    acc_t acc = 0;                                                                           \
    for (ab_idx_t fy = 0; fy < f->h; ++fy) {                                                 \
      const ab_idx_t iy = source_index(oy, fy, p->stride_h, p->pad_h, in->h);                \
      if (iy < 0) continue;                                                                  \
      for (ab_idx_t fx = 0; fx < f->w; ++fx) {                                               \
        const ab_idx_t ix = source_index(ox, fx, p->stride_w, p->pad_w, in->w);              \
        if (ix < 0) continue;                                                                \
        const in_t* in_px = input_image + (iy * in->w + ix) * in->c;                         \
        const int8_t* f_px = filter + ((oc * f->h + fy) * f->w + fx) * f->c;                 \
        for (ab_idx_t ic = 0; ic < in->c; ++ic) {                                            \
          acc += ((int32_t)in_px[ic] + p->input_offset) * (int32_t)f_px[ic];                 \
        }                                                                                    \
      }                                                                                      \
    }                                                                                        \
    return acc;                                                                              \
  }

AB_TRANSPOSE_CONV_GATHER(gather_s8, int8_t, int32_t)
AB_TRANSPOSE_CONV_GATHER(gather_s16, int16_t, int64_t)

void ab_ref_transpose_conv_s8(const ab_transpose_conv_params* p, const int8_t* input,
                              const int8_t* filter, const int32_t* bias, int8_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int8_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        int8_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t oc = 0; oc < out->c; ++oc) {
          int32_t acc = gather_s8(p, input_image, filter, oy, ox, oc);
          if (bias) acc += bias[oc];
          acc = ab_mbqm(acc, p->output_multiplier[oc], p->output_shift[oc]);
          acc += p->output_offset;
          out_px[oc] = (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
        }
      }
    }
  }
}

/* 16x8: TFLite Micro widens an int16 bias to int64 and adds no zero points (int16 tensors are
 * symmetric). */
static void transpose_conv_s16(const ab_transpose_conv_params* p, const int16_t* input,
                               const int8_t* filter, const int64_t* bias64,
                               const int16_t* bias16, int16_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int16_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        int16_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t oc = 0; oc < out->c; ++oc) {
          int64_t acc = gather_s16(p, input_image, filter, oy, ox, oc);
          if (bias64) acc += bias64[oc];
          if (bias16) acc += bias16[oc];
          const int32_t scaled = ab_mbqm_i64(acc, p->output_multiplier[oc], p->output_shift[oc]);
          out_px[oc] = (int16_t)ab_clamp_i32(scaled, p->act_min, p->act_max);
        }
      }
    }
  }
}

void ab_ref_transpose_conv_s16(const ab_transpose_conv_params* p, const int16_t* input,
                               const int8_t* filter, const int64_t* bias, int16_t* output) {
  transpose_conv_s16(p, input, filter, bias, NULL, output);
}

void ab_ref_transpose_conv_s16_b16(const ab_transpose_conv_params* p, const int16_t* input,
                                   const int8_t* filter, const int16_t* bias, int16_t* output) {
  transpose_conv_s16(p, input, filter, NULL, bias, output);
}
