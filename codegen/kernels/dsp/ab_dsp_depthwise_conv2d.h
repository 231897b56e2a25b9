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
/* Ring slot states besides an input row's index: nothing yet, or only the zero point (a row of
 * the padding above or below the input). No input row has these indices. */
#define AB_DSP_DW_NO_ROW (-(ab_idx_t)0x40000000)
#define AB_DSP_DW_PAD_ROW (-(ab_idx_t)0x40000001)

/* Sets `values` int16 values (an even count, word-aligned) to the zero point. */
AB_DSP_INLINE void ab_dsp_dw_clear(int16_t* at, ab_idx_t values, int32_t zero_point) {
  const uint32_t zz = ab_pack16(zero_point, zero_point);
  for (ab_idx_t i = 0; i < values; i += 2) ab_write_u32(at + i, zz);
}

/* Copies input row iy of channels [c0, c0 + count) into the inner columns of `slot` (count rows
 * of row_width; the padding columns already hold the zero point). */
AB_DSP_INLINE void ab_dsp_dw_transpose(int16_t* slot, const ab_dsp_depthwise_conv2d_params* p, const int8_t* image,
                                       ab_idx_t iy, ab_idx_t c0, ab_idx_t count) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, width = r->input.w, stride = p->row_width;
  const int8_t* src = image + iy * width * cin + c0;
  int16_t* dst = slot + r->pad_w;
  if (count % 4 == 0) {
    /* Two pixels of four channels: four words of two columns each. */
    ab_idx_t x = 0;
    for (; x + 2 <= width; x += 2, src += 2 * cin, dst += 2) {
      AB_UNROLL
      for (ab_idx_t ch = 0; ch < count; ch += 4) {
        const uint32_t a = ab_read_u32(src + ch), b = ab_read_u32(src + cin + ch);
        const uint32_t a02 = ab_sxtb16(a), a13 = ab_sxtb16_ror8(a);
        const uint32_t b02 = ab_sxtb16(b), b13 = ab_sxtb16_ror8(b);
        int16_t* row = dst + ch * stride;
        ab_write_u32(row, ab_pkhbt(a02, b02));
        ab_write_u32(row + stride, ab_pkhbt(a13, b13));
        ab_write_u32(row + 2 * stride, ab_pkhtb(b02, a02));
        ab_write_u32(row + 3 * stride, ab_pkhtb(b13, a13));
      }
    }
    if (x < width) {
      for (ab_idx_t ch = 0; ch < count; ++ch) dst[ch * stride] = src[ch];
    }
  } else {
    for (ab_idx_t ch = 0; ch < count; ++ch) {
      const int8_t* from = src + ch;
      int16_t* row = dst + ch * stride;
      AB_UNROLL4
      for (ab_idx_t x = 0; x < width; ++x) row[x] = from[x * cin];
    }
  }
}

/* Two adjacent int16 values of a row (any even or odd position). */
AB_DSP_INLINE uint32_t ab_dsp_dw_pair(const int16_t* row, ab_idx_t at) { return ab_read_u32(row + at); }

typedef struct ab_dsp_acc4 {
  int32_t a[4];
} ab_dsp_acc4;

/* Adds one kernel row (weight pairs w[0..pairs)) to outputs x..x+n-1 of `row` (n <= 4). */
AB_DSP_INLINE void ab_dsp_dw_kernel_row(ab_dsp_acc4* acc, const ab_dsp_depthwise_conv2d_params* p,
                                        const int16_t* row, ab_idx_t x, const uint32_t* w, ab_idx_t n) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t pairs = p->pairs;
  if (r->dilation_w == 1 && r->stride_w == 1) {
    /* Output x+i, pair j starts at x+i+2j: the even outputs share the words at x+2m, the odd
     * ones those at x+1+2m. */
    const int16_t* at = row + x;
    AB_UNROLL
    for (ab_idx_t m = 0; m <= pairs; ++m) {
      if (m < pairs || n > 2) {
        const uint32_t even = ab_dsp_dw_pair(at, 2 * m);
        if (m < pairs) acc->a[0] = ab_smlad(even, w[m], acc->a[0]);
        if (m > 0 && n > 2) acc->a[2] = ab_smlad(even, w[m - 1], acc->a[2]);
      }
      if ((m < pairs && n > 1) || n > 3) {
        const uint32_t odd = ab_dsp_dw_pair(at, 2 * m + 1);
        if (m < pairs && n > 1) acc->a[1] = ab_smlad(odd, w[m], acc->a[1]);
        if (m > 0 && n > 3) acc->a[3] = ab_smlad(odd, w[m - 1], acc->a[3]);
      }
    }
  } else if (r->dilation_w == 1 && r->stride_w == 2) {
    /* Output x+i, pair j starts at 2x+2(i+j): word k = i+j serves every (i, j) on it. */
    const int16_t* at = row + 2 * x;
    AB_UNROLL
    for (ab_idx_t k = 0; k < pairs + n - 1; ++k) {
      const uint32_t v = ab_dsp_dw_pair(at, 2 * k);
      AB_UNROLL
      for (ab_idx_t i = 0; i < 4; ++i) {
        if (i < n && k >= i && k - i < pairs) acc->a[i] = ab_smlad(v, w[k - i], acc->a[i]);
      }
    }
  } else {
    /* Any stride and dilation: every tap on its own. */
    AB_UNROLL
    for (ab_idx_t i = 0; i < n; ++i) {
      const int16_t* at = row + (x + i) * r->stride_w;
      for (ab_idx_t kw = 0; kw < r->filter.w; ++kw) {
        const uint32_t wk = w[kw / 2];
        const int32_t weight = kw % 2 ? ab_hi16(wk) : ab_lo16(wk);
        acc->a[i] = ab_wrap_add(acc->a[i], weight * at[kw * r->dilation_w]);
      }
    }
  }
}

/* Outputs x..x+n-1 of output channel oc; its input channel's transposed rows are `offset`
 * values into the ring slots `rows`. */
AB_DSP_INLINE void ab_dsp_dw_outputs(const ab_dsp_depthwise_conv2d_params* p, const int16_t* const* rows,
                                     ab_idx_t offset, const uint32_t* w, ab_dsp_channel c, int8_t* out, ab_idx_t x,
                                     ab_idx_t n) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  ab_dsp_acc4 acc = {{c.bias, c.bias, c.bias, c.bias}};
  AB_UNROLL
  for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
    ab_dsp_dw_kernel_row(&acc, p, rows[kh] + offset, x, w + kh * p->pairs, n);
  }
  AB_UNROLL
  for (ab_idx_t i = 0; i < n; ++i) {
    out[(x + i) * r->output.c] = ab_dsp_requantize_channel(acc.a[i], c, p->requant, 0, r->act_min, r->act_max);
  }
}

/* weights: per output channel and kernel row, `pairs` words of int16 lanes [w(2j), w(2j+1)]
 * (0 past the kernel width). scratch: ring_rows * block_channels * row_width int16 values,
 * word-aligned. input and output may overlap channel over channel (in place, as dsp/overlap.cpp
 * allows): every input row is transposed into the ring before an output row that needs it is
 * written, so they are not restrict-qualified. */
AB_DSP_INLINE void ab_dsp_depthwise_conv2d_s8(const ab_dsp_depthwise_conv2d_params* p,
                                              const int8_t* input, const void* AB_RESTRICT weights,
                                              int8_t* output, void* AB_RESTRICT scratch) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t mult = r->depth_multiplier, cout = r->output.c, ow = r->output.w;
  const ab_idx_t slot_size = p->block_channels * p->row_width;
  const int32_t zero_point = -r->input_offset;
  int16_t* const ring = (int16_t*)scratch;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    int8_t* out_image = output + b * r->output.h * ow * cout;
    for (ab_idx_t c0 = 0; c0 < r->input.c; c0 += p->block_channels) {
      const ab_idx_t count = p->block_channels;  /* it divides input.c */
      /* Every slot starts as a row of the padding; transposing a row leaves its padding columns. */
      ab_dsp_dw_clear(ring, p->ring_rows * slot_size, zero_point);
      ab_idx_t held[AB_DSP_DW_MAX_RING];
      for (ab_idx_t s = 0; s < p->ring_rows; ++s) held[s] = AB_DSP_DW_PAD_ROW;
      for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
        const int16_t* rows[AB_DSP_DW_MAX_RING] = {0};  /* the first filter.h are set below */
        for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
          const ab_idx_t iy = oy * r->stride_h - r->pad_h + kh * r->dilation_h;
          const ab_idx_t s = ((iy % p->ring_rows) + p->ring_rows) % p->ring_rows;
          int16_t* slot = ring + s * slot_size;
          const int inside = iy >= 0 && iy < r->input.h;
          if (inside && held[s] != iy) {
            ab_dsp_dw_transpose(slot, p, image, iy, c0, count);
            held[s] = iy;
          } else if (!inside && held[s] != AB_DSP_DW_PAD_ROW) {
            /* the inner columns, widened to whole words (the padding's are zero points anyway) */
            const ab_idx_t first = r->pad_w / 2 * 2, end = (r->pad_w + r->input.w + 1) / 2 * 2;
            for (ab_idx_t ch = 0; ch < count; ++ch) ab_dsp_dw_clear(slot + ch * p->row_width + first, end - first, zero_point);
            held[s] = AB_DSP_DW_PAD_ROW;
          }
          rows[kh] = slot;
        }
        int8_t* out_row = out_image + oy * ow * cout;
        for (ab_idx_t ic = 0; ic < count; ++ic) {
          for (ab_idx_t m = 0; m < mult; ++m) {
            const ab_idx_t oc = (c0 + ic) * mult + m;
            const uint32_t* w = (const uint32_t*)weights + oc * r->filter.h * p->pairs;
            const ab_dsp_channel c = ab_dsp_channel_at(p->rq + oc * AB_DSP_RQ_STRIDE);
            ab_idx_t x = 0;
            const ab_idx_t offset = ic * p->row_width;
            for (; x + 4 <= ow; x += 4) ab_dsp_dw_outputs(p, rows, offset, w, c, out_row + oc, x, 4);
            if (ow % 4 != 0) ab_dsp_dw_outputs(p, rows, offset, w, c, out_row + oc, x, ow % 4);
          }
        }
      }
    }
  }
}

#endif /* AB_DSP_DEPTHWISE_CONV2D_H */
