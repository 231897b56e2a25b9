/* DEPTHWISE_CONV_2D with the DSP extension.
 *
 * Depthwise convolution multiplies each channel by its own kernel, so SIMD lanes cannot run
 * along channels (SMLAD adds its two products). They run along the kernel's width instead: the
 * input rows the window needs are transposed into the scratch memory, one int16 row per channel
 * (padding columns hold the input zero point, whose contribution the bias already cancels), and
 * a 32-bit load then holds two horizontally adjacent taps. Four outputs of a row are computed at
 * a time; with stride 1 or 2 neighbouring outputs share their loads.
 *
 * Each input row is transposed once: a ring of `ring_rows` rows stays in the scratch while the
 * window slides down. Channels are processed in blocks of `block_channels` to bound the scratch.
 * Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_DEPTHWISE_CONV2D_H
#define AB_DSP_DEPTHWISE_CONV2D_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* The most transposed rows kept at once (kernel height, or its span when dilated). */
#define AB_DSP_DW_MAX_RING 16
/* A ring slot that holds no row yet (no input row has this index). */
#define AB_DSP_DW_NO_ROW (-(ab_idx_t)0x40000000)

/* Transposes input row iy of channels [c0, c0 + count) into `slot`: count rows of row_width. */
AB_DSP_INLINE void ab_dsp_dw_fill(int16_t* slot, const ab_dsp_depthwise_conv2d_params* p, const int8_t* image,
                                  ab_idx_t iy, ab_idx_t c0, ab_idx_t count) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const int16_t zero_point = (int16_t)-r->input_offset;
  const int inside = iy >= 0 && iy < r->input.h;
  for (ab_idx_t ch = 0; ch < count; ++ch) {
    int16_t* row = slot + ch * p->row_width;
    const ab_idx_t first = inside ? r->pad_w : p->row_width;
    const ab_idx_t end = inside ? r->pad_w + r->input.w : p->row_width;
    for (ab_idx_t x = 0; x < first; ++x) row[x] = zero_point;
    const int8_t* src = image + iy * r->input.w * r->input.c + c0 + ch;
    for (ab_idx_t x = first; x < end; ++x, src += r->input.c) row[x] = *src;
    for (ab_idx_t x = end; x < p->row_width; ++x) row[x] = zero_point;
  }
}

/* Two adjacent int16 values of a row (any even or odd position). */
AB_DSP_INLINE uint32_t ab_dsp_dw_pair(const int16_t* row, ab_idx_t at) { return ab_read_u32(row + at); }

typedef struct ab_dsp_acc4 {
  int32_t a[4];
} ab_dsp_acc4;

/* Adds one kernel row (weight pairs w[0..pairs)) to outputs x..x+3 of `row`. */
AB_DSP_INLINE void ab_dsp_dw_kernel_row(ab_dsp_acc4* acc, const ab_dsp_depthwise_conv2d_params* p,
                                        const int16_t* row, ab_idx_t x, const uint32_t* w) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t pairs = p->pairs;
  if (r->dilation_w == 1 && r->stride_w == 1) {
    /* Output x+i, pair j starts at x+i+2j: the even outputs share the words at x+2m, the odd
     * ones those at x+1+2m. */
    const int16_t* at = row + x;
    AB_UNROLL
    for (ab_idx_t m = 0; m <= pairs; ++m) {
      const uint32_t even = ab_dsp_dw_pair(at, 2 * m), odd = ab_dsp_dw_pair(at, 2 * m + 1);
      if (m < pairs) {
        acc->a[0] = ab_smlad(even, w[m], acc->a[0]);
        acc->a[1] = ab_smlad(odd, w[m], acc->a[1]);
      }
      if (m > 0) {
        acc->a[2] = ab_smlad(even, w[m - 1], acc->a[2]);
        acc->a[3] = ab_smlad(odd, w[m - 1], acc->a[3]);
      }
    }
  } else if (r->dilation_w == 1 && r->stride_w == 2) {
    /* Output x+i, pair j starts at 2x+2(i+j): word k = i+j serves every (i, j) on it. */
    const int16_t* at = row + 2 * x;
    AB_UNROLL
    for (ab_idx_t k = 0; k < pairs + 3; ++k) {
      const uint32_t v = ab_dsp_dw_pair(at, 2 * k);
      if (k < pairs) acc->a[0] = ab_smlad(v, w[k], acc->a[0]);
      if (k >= 1 && k - 1 < pairs) acc->a[1] = ab_smlad(v, w[k - 1], acc->a[1]);
      if (k >= 2 && k - 2 < pairs) acc->a[2] = ab_smlad(v, w[k - 2], acc->a[2]);
      if (k >= 3) acc->a[3] = ab_smlad(v, w[k - 3], acc->a[3]);
    }
  } else {
    /* Any stride and dilation: every tap on its own. */
    AB_UNROLL
    for (ab_idx_t i = 0; i < 4; ++i) {
      const int16_t* at = row + (x + i) * r->stride_w;
      for (ab_idx_t kw = 0; kw < r->filter.w; ++kw) {
        const uint32_t wk = w[kw / 2];
        const int32_t weight = kw % 2 ? ab_hi16(wk) : ab_lo16(wk);
        acc->a[i] = ab_wrap_add(acc->a[i], weight * at[kw * r->dilation_w]);
      }
    }
  }
}

/* weights: per output channel and kernel row, `pairs` words of int16 lanes [w(2j), w(2j+1)]
 * (0 past the kernel width). scratch: ring_rows * block_channels * row_width int16 values. */
AB_DSP_INLINE void ab_dsp_depthwise_conv2d_s8(const ab_dsp_depthwise_conv2d_params* p, const int8_t* input,
                                              const void* weights, int8_t* output, void* scratch) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t mult = r->depth_multiplier, cout = r->output.c;
  const ab_idx_t slot_size = p->block_channels * p->row_width;
  int16_t* const ring = (int16_t*)scratch;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    int8_t* out_image = output + b * r->output.h * r->output.w * cout;
    for (ab_idx_t c0 = 0; c0 < r->input.c; c0 += p->block_channels) {
      const ab_idx_t count = r->input.c - c0 < p->block_channels ? r->input.c - c0 : p->block_channels;
      ab_idx_t held[AB_DSP_DW_MAX_RING];
      for (ab_idx_t s = 0; s < p->ring_rows; ++s) held[s] = AB_DSP_DW_NO_ROW;
      for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
        const int16_t* rows[AB_DSP_DW_MAX_RING];
        for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
          const ab_idx_t iy = oy * r->stride_h - r->pad_h + kh * r->dilation_h;
          const ab_idx_t s = ((iy % p->ring_rows) + p->ring_rows) % p->ring_rows;
          if (held[s] != iy) {
            ab_dsp_dw_fill(ring + s * slot_size, p, image, iy, c0, count);
            held[s] = iy;
          }
          rows[kh] = ring + s * slot_size;
        }
        int8_t* out_row = out_image + oy * r->output.w * cout;
        for (ab_idx_t ic = 0; ic < count; ++ic) {
          for (ab_idx_t m = 0; m < mult; ++m) {
            const ab_idx_t oc = (c0 + ic) * mult + m;
            const uint32_t* w = (const uint32_t*)weights + oc * r->filter.h * p->pairs;
            const int32_t* rq = p->rq + oc * AB_DSP_RQ_STRIDE;
            for (ab_idx_t x = 0; x < r->output.w; x += 4) {
              ab_dsp_acc4 acc = {{rq[0], rq[0], rq[0], rq[0]}};
              AB_UNROLL
              for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
                ab_dsp_dw_kernel_row(&acc, p, rows[kh] + ic * p->row_width, x, w + kh * p->pairs);
              }
              AB_UNROLL
              for (ab_idx_t i = 0; i < 4; ++i) {
                if (x + i < r->output.w) {
                  out_row[(x + i) * cout + oc] =
                      ab_dsp_requantize(acc.a[i], rq, p->requant, 0, r->act_min, r->act_max);
                }
              }
            }
          }
        }
      }
    }
  }
}

#endif /* AB_DSP_DEPTHWISE_CONV2D_H */
