/* DEPTHWISE_CONV_2D reference kernels (TFLite Micro's DepthwiseConvPerChannel): int8, and 16x8
 * (int16 activations, int8 weights, int64 bias and accumulator). */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* Defines `name`, which sums output channel oc (reading input channel ic) over the window at
 * (in_y0, in_x0). One definition for both input types. */
#define AB_DEPTHWISE_WINDOW(name, in_t, acc_t)                                               \
  static acc_t name(const ab_depthwise_conv2d_params* p, const in_t* input_image,            \
                    const int8_t* filter, ab_idx_t in_y0, ab_idx_t in_x0, ab_idx_t ic,        \
                    ab_idx_t oc) {                                                           \
    const ab_dims4* in = &p->input;                                                          \
    const ab_dims4* f = &p->filter;                                                          \
    acc_t acc = 0;                                                                           \
    for (ab_idx_t fy = 0; fy < f->h; ++fy) {                                                 \
      const ab_idx_t in_y = in_y0 + p->dilation_h * fy;                                      \
      if (in_y < 0 || in_y >= in->h) continue; /* implicit zero padding */                   \
      for (ab_idx_t fx = 0; fx < f->w; ++fx) {                                               \
        const ab_idx_t in_x = in_x0 + p->dilation_w * fx;                                    \
        if (in_x < 0 || in_x >= in->w) continue;                                             \
        const int32_t in_v = input_image[(in_y * in->w + in_x) * in->c + ic];                \
        const int32_t f_v = filter[(fy * f->w + fx) * f->c + oc];                            \
        acc += f_v * (in_v + p->input_offset);                                               \
      }                                                                                      \
    }                                                                                        \
    return acc;                                                                              \
  }

AB_DEPTHWISE_WINDOW(depthwise_window_s8, int8_t, int32_t)
AB_DEPTHWISE_WINDOW(depthwise_window_s16, int16_t, int64_t)

void ab_ref_depthwise_conv2d_s8(const ab_depthwise_conv2d_params* p, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int8_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      const ab_idx_t in_y0 = oy * p->stride_h - p->pad_h;
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        const ab_idx_t in_x0 = ox * p->stride_w - p->pad_w;
        int8_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t ic = 0; ic < in->c; ++ic) {
          for (ab_idx_t m = 0; m < p->depth_multiplier; ++m) {
            const ab_idx_t oc = ic * p->depth_multiplier + m;
            int32_t acc = depthwise_window_s8(p, input_image, filter, in_y0, in_x0, ic, oc);
            if (bias) acc += bias[oc];
            acc = ab_mbqm(acc, p->output_multiplier[oc], p->output_shift[oc]);
            acc += p->output_offset;
            out_px[oc] = (int8_t)ab_clamp_i32(acc, p->act_min, p->act_max);
          }
        }
      }
    }
  }
}

/* TFLite Micro's 16x8 depthwise convolution adds no zero points (int16 tensors are symmetric). */
void ab_ref_depthwise_conv2d_s16(const ab_depthwise_conv2d_params* p, const int16_t* input,
                                 const int8_t* filter, const int64_t* bias, int16_t* output) {
  const ab_dims4* in = &p->input;
  const ab_dims4* out = &p->output;
  for (ab_idx_t b = 0; b < out->n; ++b) {
    const int16_t* input_image = input + b * in->h * in->w * in->c;
    for (ab_idx_t oy = 0; oy < out->h; ++oy) {
      const ab_idx_t in_y0 = oy * p->stride_h - p->pad_h;
      for (ab_idx_t ox = 0; ox < out->w; ++ox) {
        const ab_idx_t in_x0 = ox * p->stride_w - p->pad_w;
        int16_t* out_px = output + ((b * out->h + oy) * out->w + ox) * out->c;
        for (ab_idx_t ic = 0; ic < in->c; ++ic) {
          for (ab_idx_t m = 0; m < p->depth_multiplier; ++m) {
            const ab_idx_t oc = ic * p->depth_multiplier + m;
            int64_t acc = depthwise_window_s16(p, input_image, filter, in_y0, in_x0, ic, oc);
            if (bias) acc += bias[oc];
            const int32_t scaled = ab_mbqm_i64(acc, p->output_multiplier[oc], p->output_shift[oc]);
            out_px[oc] = (int16_t)ab_clamp_i32(scaled, p->act_min, p->act_max);
          }
        }
      }
    }
  }
}
