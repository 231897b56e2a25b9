/* AVERAGE_POOL_2D and MAX_POOL_2D with the DSP extension, four channels at a time: one word
 * load holds four channels of a window element. Averages sum them in int16 lanes (SXTAB16 adds
 * bytes 0 and 2, SXTAB16 ROR #8 bytes 1 and 3), widened every `lane_rows` window rows so the
 * lanes cannot overflow; maxima take SSUB8 + SEL per element.
 *
 * Channel counts that are not a multiple of four end with a group overlapping the previous one
 * (the channels in both are computed twice, to the same values); fewer than four channels go
 * one by one.
 *
 * An unclipped window's sum s becomes TFLite's rounded average with one multiplication by a
 * reciprocal (ab_dsp_params.h; checked at generation time for every possible s); windows the
 * input's border clips divide as the reference does. Static inline and specialized per layer,
 * like ab_dsp_conv2d.h. */
#ifndef AB_DSP_POOL2D_H
#define AB_DSP_POOL2D_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* The window of output (oy, ox), clipped to the input. */
typedef struct ab_dsp_window {
  ab_idx_t y0, x0;     /* input position of the first element */
  ab_idx_t rows, cols; /* clipped size */
} ab_dsp_window;

AB_DSP_INLINE ab_dsp_window ab_dsp_pool_window(const ab_pool2d_params* r, ab_idx_t oy, ab_idx_t ox) {
  const ab_idx_t y = oy * r->stride_h - r->pad_h, x = ox * r->stride_w - r->pad_w;
  const ab_idx_t fy0 = y < 0 ? -y : 0, fx0 = x < 0 ? -x : 0;
  const ab_idx_t fy1 = r->filter_h < r->input.h - y ? r->filter_h : r->input.h - y;
  const ab_idx_t fx1 = r->filter_w < r->input.w - x ? r->filter_w : r->input.w - x;
  ab_dsp_window w;
  w.y0 = y + fy0;
  w.x0 = x + fx0;
  w.rows = fy1 - fy0;
  w.cols = fx1 - fx0;
  return w;
}

/* The activation range; averages and maxima of int8 values need no clamp to int8. */
AB_DSP_INLINE int32_t ab_dsp_act(int32_t v, int32_t act_min, int32_t act_max) {
  if (act_min > -128 && v < act_min) v = act_min;
  if (act_max < 127 && v > act_max) v = act_max;
  return v;
}

/* TFLite's average of a window sum: rounded half away from zero. */
AB_DSP_INLINE int32_t ab_dsp_average(const ab_dsp_pool2d_params* p, int32_t s, int32_t count) {
  if (count == p->full_count && p->recip != 0) {
    const int32_t n = s + p->round_add + (p->ties ? s >> 31 : 0);
    return ab_smmla(n, p->recip, -128);
  }
  if (count <= 0) return 0;
  return s > 0 ? (s + count / 2) / count : (s - count / 2) / count;
}

/* Adds the four bytes at e to the int16 lanes of s02 (bytes 0, 2) and s13 (bytes 1, 3). */
AB_DSP_INLINE void ab_dsp_sum4(uint32_t* s02, uint32_t* s13, const int8_t* e) {
  const uint32_t x = ab_read_u32(e);
  *s02 = ab_sxtab16(*s02, x);
  *s13 = ab_sxtab16_ror8(*s13, x);
}

/* Average of channels c..c+3 of the window at `at` (its first element): four outputs. `full`
 * (a constant at each call): the window is unclipped, rows x cols the kernel's size. */
AB_DSP_INLINE void ab_dsp_avg_group(const ab_dsp_pool2d_params* p, const int8_t* at, ab_idx_t rows, ab_idx_t cols,
                                    int full, int8_t* out) {
  const ab_pool2d_params* r = &p->ref;
  const ab_idx_t row_step = r->input.w * r->input.c;
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (ab_idx_t y = 0; y < rows; y += p->lane_rows) {
    const ab_idx_t end = y + p->lane_rows < rows ? y + p->lane_rows : rows;
    uint32_t s02 = 0, s13 = 0; /* int16 lanes: channels 0 and 2, 1 and 3 */
    for (ab_idx_t fy = y; fy < end; ++fy) {
      const int8_t* e = at + fy * row_step;
      if (full) { /* the kernel's width: a constant, the loop unrolls */
        AB_UNROLL
        for (ab_idx_t fx = 0; fx < r->filter_w; ++fx, e += r->input.c) ab_dsp_sum4(&s02, &s13, e);
      } else {
        for (ab_idx_t fx = 0; fx < cols; ++fx, e += r->input.c) ab_dsp_sum4(&s02, &s13, e);
      }
    }
    s0 += ab_lo16(s02);
    s1 += ab_lo16(s13);
    s2 += ab_hi16(s02);
    s3 += ab_hi16(s13);
  }
  const int32_t count = rows > 0 && cols > 0 ? (int32_t)(rows * cols) : 0;
  const int32_t lo = r->act_min, hi = r->act_max;
  out[0] = (int8_t)ab_dsp_act(ab_dsp_average(p, s0, count), lo, hi);
  out[1] = (int8_t)ab_dsp_act(ab_dsp_average(p, s1, count), lo, hi);
  out[2] = (int8_t)ab_dsp_act(ab_dsp_average(p, s2, count), lo, hi);
  out[3] = (int8_t)ab_dsp_act(ab_dsp_average(p, s3, count), lo, hi);
}

AB_DSP_INLINE void ab_dsp_avg_pool2d_s8(const ab_dsp_pool2d_params* p, const int8_t* input, int8_t* output) {
  const ab_pool2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * cin;
    for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
      for (ab_idx_t ox = 0; ox < r->output.w; ++ox) {
        const ab_dsp_window w = ab_dsp_pool_window(r, oy, ox);
        const int8_t* at = image + (w.y0 * r->input.w + w.x0) * cin;
        int8_t* out = output + ((b * r->output.h + oy) * r->output.w + ox) * cin;
        const int full = w.rows == r->filter_h && w.cols == r->filter_w;
        if (cin >= 4) {
          for (ab_idx_t c = 0; c < cin; c += 4) {
            const ab_idx_t g = c + 4 <= cin ? c : cin - 4;
            /* the unclipped window with constant loop counts: its loops unroll */
            if (full) {
              ab_dsp_avg_group(p, at + g, r->filter_h, r->filter_w, 1, out + g);
            } else {
              ab_dsp_avg_group(p, at + g, w.rows, w.cols, 0, out + g);
            }
          }
        } else {
          for (ab_idx_t c = 0; c < cin; ++c) {
            int32_t s = 0;
            for (ab_idx_t fy = 0; fy < w.rows; ++fy)
              for (ab_idx_t fx = 0; fx < w.cols; ++fx) s += at[(fy * r->input.w + fx) * cin + c];
            const int32_t count = w.rows > 0 && w.cols > 0 ? (int32_t)(w.rows * w.cols) : 0;
            out[c] = (int8_t)ab_dsp_act(ab_dsp_average(p, s, count), r->act_min, r->act_max);
          }
        }
      }
    }
  }
}

/* Maximum of channels c..c+3 of the window at `at`; `full` as for ab_dsp_avg_group. */
AB_DSP_INLINE uint32_t ab_dsp_max_group(const ab_pool2d_params* r, const int8_t* at, ab_idx_t rows, ab_idx_t cols,
                                        int full) {
  uint32_t m = 0x80808080u; /* INT8_MIN in every lane, as the reference starts */
  for (ab_idx_t fy = 0; fy < rows; ++fy) {
    const int8_t* e = at + fy * r->input.w * r->input.c;
    if (full) {
      AB_UNROLL
      for (ab_idx_t fx = 0; fx < r->filter_w; ++fx, e += r->input.c) m = ab_max_s8x4(m, ab_read_u32(e));
    } else {
      for (ab_idx_t fx = 0; fx < cols; ++fx, e += r->input.c) m = ab_max_s8x4(m, ab_read_u32(e));
    }
  }
  if (r->act_min > -128) m = ab_max_s8x4(m, 0x01010101u * (uint8_t)r->act_min);
  if (r->act_max < 127) m = ab_min_s8x4(m, 0x01010101u * (uint8_t)r->act_max);
  return m;
}

AB_DSP_INLINE void ab_dsp_max_pool2d_s8(const ab_dsp_pool2d_params* p, const int8_t* input, int8_t* output) {
  const ab_pool2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * cin;
    for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
      for (ab_idx_t ox = 0; ox < r->output.w; ++ox) {
        const ab_dsp_window w = ab_dsp_pool_window(r, oy, ox);
        const int8_t* at = image + (w.y0 * r->input.w + w.x0) * cin;
        int8_t* out = output + ((b * r->output.h + oy) * r->output.w + ox) * cin;
        if (cin >= 4) {
          const int full = w.rows == r->filter_h && w.cols == r->filter_w;
          for (ab_idx_t c = 0; c < cin; c += 4) {
            const ab_idx_t g = c + 4 <= cin ? c : cin - 4;
            if (full) {
              ab_write_u32(out + g, ab_dsp_max_group(r, at + g, r->filter_h, r->filter_w, 1));
            } else {
              ab_write_u32(out + g, ab_dsp_max_group(r, at + g, w.rows, w.cols, 0));
            }
          }
        } else {
          for (ab_idx_t c = 0; c < cin; ++c) {
            int32_t m = INT8_MIN;
            for (ab_idx_t fy = 0; fy < w.rows; ++fy)
              for (ab_idx_t fx = 0; fx < w.cols; ++fx) {
                const int32_t v = at[(fy * r->input.w + fx) * cin + c];
                if (v > m) m = v;
              }
            out[c] = (int8_t)ab_dsp_act(m, r->act_min, r->act_max);
          }
        }
      }
    }
  }
}

#endif /* AB_DSP_POOL2D_H */
