/* CONV_2D reference kernels (TFLite Micro's ConvPerChannel), grouped convolution included:
 * int8, and 16x8 (int16 activations, int8 weights) with an int64 or an int32 accumulator. */
#include <stddef.h>

#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* Defines `name`, which sums one output value: filter row `filter_oc` over the window at
 * (in_y0, in_x0), reading input channels from in_c0. One definition for both input types. */
#define AB_CONV_WINDOW(name, in_t, acc_t)                                                    \
  static acc_t name(const ab_conv2d_params* p, const in_t* input_image,                      \
                    const int8_t* filter_oc, ab_idx_t in_y0, ab_idx_t in_x0, ab_idx_t in_c0) { \
    const ab_dims4* in = &p->input;                                                          \
    const ab_dims4* f = &p->filter;                                                          \
    acc_t acc = 0;                                                                           \
    for (ab_idx_t fy = 0; fy < f->h; ++fy) {                                                 \
      const ab_idx_t in_y = in_y0 + p->dilation_h * fy;                                      \
      if (in_y < 0 || in_y >= in->h) continue; /* implicit zero padding */                   \
      for (ab_idx_t fx = 0; fx < f->w; ++fx) {                                               \
        const ab_idx_t in_x = in_x0 + p->dilation_w * fx;                                    \
        if (in_x < 0 || in_x >= in->w) continue;                                             \
        const in_t* in_px = input_image + (in_y * in->w + in_x) * in->c + in_c0;             \
        const int8_t* f_px = filter_oc + (fy * f->w + fx) * f->c;                            \
        for (ab_idx_t ic = 0; ic < f->c; ++ic) {                                             \
          acc += (int32_t)f_px[ic] * ((int32_t)in_px[ic] + p->input_offset);                 \
        }                                                                                    \
      }                                                                                      \
    }                                                                                        \
    return acc;                                                                              \
  }

AB_CONV_WINDOW(conv_window_s8, int8_t, int32_t)
/* 16x8: the exact sum; an int32 accumulator is this sum wrapped to 32 bits. */
AB_CONV_WINDOW(conv_window_s16, int16_t, int64_t)

void ab_ref_conv2d_s8(const ab_conv2d_params* p, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  const ab_idx_t groups = in->c / p->filter.c;
  const ab_idx_t filters_per_group = out->c / groups;
  const ab_idx_t filter_size = p->filter.h * p->filter.w * p->filter.c;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int8_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      const ab_idx_t in_y0 = oy * p->stride_h - p->pad_h;
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        const ab_idx_t in_x0 = ox * p->stride_w - p->pad_w;
        int8_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t oc = 0; oc < out->c; ++oc) {
          const ab_idx_t in_c0 = (oc / filters_per_group) * p->filter.c;
          int32_t acc =
              conv_window_s8(p, input_image, filter + oc * filter_size, in_y0, in_x0, in_c0);
          if (bias) acc += bias[oc];
          acc = ab_mbqm(acc, p->output_multiplier[oc], p->output_shift[oc]);
          acc += p->output_offset;
          out_px[oc] = (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
        }
      }
    }
  }
}

/* 16x8. TFLite Micro accumulates in int64 with an int64 bias, or in int32 (wrapping) when the
 * bias is int32; it adds no zero points (int16 tensors are symmetric). */
static void conv2d_s16(const ab_conv2d_params* p, const int16_t* input, const int8_t* filter,
                       const int64_t* bias64, const int32_t* bias32, int acc32, int16_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  const ab_idx_t groups = in->c / p->filter.c;
  const ab_idx_t filters_per_group = out->c / groups;
  const ab_idx_t filter_size = p->filter.h * p->filter.w * p->filter.c;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int16_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      const ab_idx_t in_y0 = oy * p->stride_h - p->pad_h;
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        const ab_idx_t in_x0 = ox * p->stride_w - p->pad_w;
        int16_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t oc = 0; oc < out->c; ++oc) {
          const ab_idx_t in_c0 = (oc / filters_per_group) * p->filter.c;
          const int64_t sum =
              conv_window_s16(p, input_image, filter + oc * filter_size, in_y0, in_x0, in_c0);
          int32_t scaled;
          if (acc32) {
            int32_t acc = (int32_t)(uint32_t)(uint64_t)sum;
            if (bias32) acc = ab_wrap_add(acc, bias32[oc]);
            scaled = ab_mbqm(acc, p->output_multiplier[oc], p->output_shift[oc]);
          } else {
            scaled = ab_mbqm_i64(bias64 ? sum + bias64[oc] : sum, p->output_multiplier[oc],
                                 p->output_shift[oc]);
          }
          out_px[oc] = (int16_t)ab_clamp_i32(scaled, p->act_min, p->act_max);
        }
      }
    }
  }
}

void ab_ref_conv2d_s16(const ab_conv2d_params* p, const int16_t* input, const int8_t* filter,
                       const int64_t* bias, int16_t* output) {
  conv2d_s16(p, input, filter, bias, NULL, 0, output);
}

void ab_ref_conv2d_s16_acc32(const ab_conv2d_params* p, const int16_t* input,
                             const int8_t* filter, const int32_t* bias, int16_t* output) {
  conv2d_s16(p, input, filter, NULL, bias, 1, output);
}
