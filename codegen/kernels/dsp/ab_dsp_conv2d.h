/* CONV_2D with the DSP extension: every output pixel's window is expanded once into a column of
 * int16 lanes in the scratch memory, then two pixels by two output channels at a time take
 * their dot products with SMLAD (two multiply-accumulates per instruction). A pointwise (1x1,
 * stride 1, unpadded) convolution expands the input pixels themselves.
 *
 * The function is static inline: the generated operator calls it with a `static const`
 * parameter struct, so the compiler specializes it for the layer (shapes, strides, padding,
 * weight format, requantization mode and activation range become constants).
 *
 * Column layout: groups of four reduction elements e0..e3, each as two words [e0,e2],[e1,e3]
 * (what SXTB16 and SXTB16 ROR #8 make of four bytes); the weights use the same grouping. The
 * two columns of a pixel pair are interleaved group by group (pixel 0's two words, then pixel
 * 1's), so one pointer walks both with post-incremented LDRDs. */
#ifndef AB_DSP_CONV2D_H
#define AB_DSP_CONV2D_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* One group of four bytes (any alignment) as the two words col[0] = [e0,e2], col[1] = [e1,e3]. */
AB_DSP_INLINE void ab_dsp_expand_group(uint32_t* col, const int8_t* src) {
  const uint32_t x = ab_read_u32(src);
  col[0] = ab_sxtb16(x);
  col[1] = ab_sxtb16_ror8(x);
}

/* Expands `groups` groups of four bytes into a column of a block of `block` pixels (2, or 3 for
 * ab_dsp_conv2d_3px.h) whose columns are interleaved group by group: the words of group g go to
 * col[2 * block * g] and the word after it (the others belong to the block's other pixels). */
AB_DSP_INLINE void ab_dsp_expand(uint32_t* col, const int8_t* src, ab_idx_t groups, ab_idx_t block) {
  for (ab_idx_t g = 0; g < groups; ++g) ab_dsp_expand_group(col + 2 * block * g, src + 4 * g);
}

/* One kernel row of a column where part of the window lies in the padding (or is dilated):
 * element by element, the padding holding the input zero point, the rounding-up lanes 0. */
AB_DSP_INLINE void ab_dsp_gather_row_slow(uint32_t* col, const ab_dsp_conv2d_params* p,
                                          const int8_t* in_row, ab_idx_t ix0, ab_idx_t block) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, used = r->filter.w * cin;
  for (ab_idx_t g = 0; g < p->row_run / 4; ++g) {
    int32_t e[4];
    for (ab_idx_t j = 0; j < 4; ++j) {
      const ab_idx_t k = 4 * g + j;
      const ab_idx_t ix = ix0 + (k / cin) * r->dilation_w;
      e[j] = k >= used ? 0 : (ix < 0 || ix >= r->input.w) ? -r->input_offset : in_row[ix * cin + k % cin];
    }
    col[2 * block * g] = ab_pack16(e[0], e[2]);
    col[2 * block * g + 1] = ab_pack16(e[1], e[3]);
  }
}

/* One kernel row of a column where part of the window lies in the padding (or is dilated), when
 * every kernel column is whole groups (input channels a multiple of 4): each kernel column's
 * pixel expanded, or the zero point, with no test per element. */
AB_DSP_INLINE void ab_dsp_gather_row_by_pixel(uint32_t* col, const ab_dsp_conv2d_params* p, const int8_t* in_row,
                                              ab_idx_t ix0, ab_idx_t block, uint32_t zero_point) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, per_pixel = cin / 4;
  for (ab_idx_t kw = 0; kw < r->filter.w; ++kw, col += 2 * block * per_pixel) {
    const ab_idx_t ix = ix0 + kw * r->dilation_w;
    if (ix < 0 || ix >= r->input.w) {
      for (ab_idx_t g = 0; g < per_pixel; ++g) col[2 * block * g] = col[2 * block * g + 1] = zero_point;
    } else {
      ab_dsp_expand(col, in_row + ix * cin, per_pixel, block);
    }
  }
}

/* The column of output pixel (oy, ox) of `image` (one batch's input), in a block of `block`
 * interleaved columns (ab_dsp_expand). */
AB_DSP_INLINE void ab_dsp_gather(uint32_t* col, const ab_dsp_conv2d_params* p, const int8_t* image,
                                 ab_idx_t oy, ab_idx_t ox, ab_idx_t block) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, used = r->filter.w * cin;
  const ab_idx_t iy0 = oy * r->stride_h - r->pad_h, ix0 = ox * r->stride_w - r->pad_w;
  const uint32_t zero_point = ab_pack16(-r->input_offset, -r->input_offset);
  const int row_inside = ix0 >= 0 && ix0 + (r->filter.w - 1) * r->dilation_w < r->input.w;
  for (ab_idx_t kh = 0; kh < r->filter.h; ++kh, col += p->row_run / 4 * 2 * block) {
    const ab_idx_t iy = iy0 + kh * r->dilation_h;
    if (iy < 0 || iy >= r->input.h) {
      for (ab_idx_t g = 0; g < p->row_run / 4; ++g) col[2 * block * g] = col[2 * block * g + 1] = zero_point;
      continue;
    }
    const int8_t* in_row = image + iy * r->input.w * cin;
    if (!row_inside || r->dilation_w != 1) {
      if (cin % 4 == 0) {
        ab_dsp_gather_row_by_pixel(col, p, in_row, ix0, block, zero_point);
      } else {
        ab_dsp_gather_row_slow(col, p, in_row, ix0, block);
      }
      continue;
    }
    /* The row's window is `used` contiguous bytes: whole words, then the last 1-3 bytes. */
    const int8_t* src = in_row + ix0 * cin;
    /* two groups per iteration: fully unrolled (3x3 on 16 channels: 12 groups a row), the rows'
     * code pushed the three-pixel block's dot products out of the L4R5's 1 KB instruction cache */
    AB_UNROLL2
    for (ab_idx_t g = 0; g < used / 4; ++g) ab_dsp_expand_group(col + 2 * block * g, src + 4 * g);
    if (used % 4 != 0) {
      const ab_idx_t tail = used / 4 * 4, at = 2 * block * (used / 4);
      const int32_t e1 = used % 4 > 1 ? src[tail + 1] : 0, e2 = used % 4 > 2 ? src[tail + 2] : 0;
      col[at] = ab_pack16(src[tail], e2);
      col[at + 1] = ab_pack16(e1, 0);
    }
  }
}

/* The packed column of output pixel (oy, ox): the window's rows as bytes one after the other in
 * `window` (word-aligned, `depth` bytes, its tail past the rows zero), then expanded into a
 * block of `block` interleaved columns. */
AB_DSP_INLINE void ab_dsp_gather_packed(uint32_t* col, int8_t* window, const ab_dsp_conv2d_params* p,
                                        const int8_t* image, ab_idx_t oy, ab_idx_t ox, ab_idx_t block) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, used = p->row_run;
  const ab_idx_t iy0 = oy * r->stride_h - r->pad_h, ix0 = ox * r->stride_w - r->pad_w;
  const int8_t zero_point = (int8_t)-r->input_offset;
  const int row_inside = ix0 >= 0 && ix0 + (r->filter.w - 1) * r->dilation_w < r->input.w;
  for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
    int8_t* to = window + kh * used;
    const ab_idx_t iy = iy0 + kh * r->dilation_h;
    if (iy < 0 || iy >= r->input.h) {
      for (ab_idx_t j = 0; j < used; ++j) to[j] = zero_point;
      continue;
    }
    const int8_t* in_row = image + iy * r->input.w * cin;
    if (!row_inside || r->dilation_w != 1) {
      for (ab_idx_t j = 0; j < used; ++j) {
        const ab_idx_t ix = ix0 + (j / cin) * r->dilation_w;
        to[j] = ix < 0 || ix >= r->input.w ? zero_point : in_row[ix * cin + j % cin];
      }
    } else {
      const int8_t* src = in_row + ix0 * cin;
      ab_idx_t j = 0;
      for (; j + 4 <= used; j += 4) ab_write_u32(to + j, ab_read_u32(src + j));
      for (; j < used; ++j) to[j] = src[j];
    }
  }
  ab_dsp_expand(col, window, p->depth / 4, block);
}

/* The column of output pixel `px` (counted over every batch) in a block of `block` interleaved
 * columns: the input pixel itself if pointwise, else its window (through `window` if packed). */
AB_DSP_INLINE void ab_dsp_column(uint32_t* col, int8_t* window, const ab_dsp_conv2d_params* p, const int8_t* input,
                                 ab_idx_t px, ab_idx_t block) {
  const ab_conv2d_params* r = &p->ref;
  if (p->pointwise) {
    ab_dsp_expand(col, input + px * r->input.c, p->depth / 4, block);
    return;
  }
  const ab_idx_t per_image = r->output.h * r->output.w, at = px % per_image;
  const int8_t* image = input + px / per_image * r->input.h * r->input.w * r->input.c;
  if (p->packed) {
    ab_dsp_gather_packed(col, window, p, image, at / r->output.w, at % r->output.w, block);
  } else {
    ab_dsp_gather(col, p, image, at / r->output.w, at % r->output.w, block);
  }
}

/* Dot products of two columns with the weights of two output channels: acc[pixel][channel]. */
typedef struct ab_dsp_acc2x2 {
  int32_t p0c0, p0c1, p1c0, p1c1;
} ab_dsp_acc2x2;

#if AB_DSP_NATIVE && defined(__OPTIMIZE__)
/* The int16-weight loop written for the Cortex-M4's load pipeline. In C, GCC fuses neighbouring
 * loads into LDRD (3 cycles for 2 words) and, unrolled, runs out of registers. Here a group's four
 * column words and the second channel's two weight words are one run of six single LDRs (a run of
 * n independent LDRs takes n + 1 cycles), the first channel's two another run. Each pointer is
 * advanced by the last load from it (post-indexed, which reads at the old address: hence the
 * order), so no load waits for a base register. 18 cycles a group of 16 MACs, plus 4 for the
 * compare and branch per four or two groups (24 a group in C). Needs 13 registers, hence only
 * when optimizing (no frame pointer). Every operand is early-clobber: the end pointer may equal
 * another operand's value (the widened weights start where the columns end), and GCC would
 * otherwise give both one register. */
#define AB_DSP_DOT_W16_ASM 1
#define AB_DSP_DOT_W16_GROUP                                                                   \
  "ldr %[y0], [%[c], #4]\n\t"                                                                 \
  "ldr %[x1], [%[c], #8]\n\t"                                                                 \
  "ldr %[y1], [%[c], #12]\n\t"                                                                \
  "ldr %[x0], [%[c]], #16\n\t"                                                                \
  "ldr %[a], [%[w], #8]\n\t"                                                                  \
  "ldr %[b], [%[w], #12]\n\t"                                                                 \
  "smlad %[p0c1], %[x0], %[a], %[p0c1]\n\t"                                                   \
  "smlad %[p0c1], %[y0], %[b], %[p0c1]\n\t"                                                   \
  "smlad %[p1c1], %[x1], %[a], %[p1c1]\n\t"                                                   \
  "smlad %[p1c1], %[y1], %[b], %[p1c1]\n\t"                                                   \
  "ldr %[b], [%[w], #4]\n\t"                                                                  \
  "ldr %[a], [%[w]], #16\n\t"                                                                 \
  "smlad %[p0c0], %[x0], %[a], %[p0c0]\n\t"                                                   \
  "smlad %[p0c0], %[y0], %[b], %[p0c0]\n\t"                                                   \
  "smlad %[p1c0], %[x1], %[a], %[p1c0]\n\t"                                                   \
  "smlad %[p1c0], %[y1], %[b], %[p1c0]\n\t"
#endif

/* cols: the interleaved columns of a pixel pair; w: the channel pair's weights. */
AB_DSP_INLINE ab_dsp_acc2x2 ab_dsp_dot2x2(const uint32_t* cols, const uint32_t* w, ab_idx_t groups,
                                          int32_t format, int32_t bias0, int32_t bias1) {
  int32_t p0c0 = bias0, p0c1 = bias1, p1c0 = bias0, p1c1 = bias1;
  const uint32_t* const end = cols + 4 * groups;
#ifdef AB_DSP_DOT_W16_ASM
#define AB_DSP_DOT_W16_LOOP(body) AB_DSP_DOT_W16_RUN("1:\n\t" body "cmp %[c], %[end]\n\tbne 1b")
#define AB_DSP_DOT_W16_RUN(code)                                                                  \
  __asm__(code                                                                                  \
          : [c] "+&r"(cols), [w] "+&r"(w), [p0c0] "+&r"(p0c0), [p0c1] "+&r"(p0c1), [p1c0] "+&r"(p1c0),     \
            [p1c1] "+&r"(p1c1), [x0] "=&r"(x0), [y0] "=&r"(y0), [x1] "=&r"(x1), [y1] "=&r"(y1),       \
            [a] "=&r"(a), [b] "=&r"(b)                                                          \
          : [end] "r"(loop_end)                                                                 \
          : "cc", "memory")
  if (format != AB_DSP_W8 && groups >= 1) {
    /* (the group count is a constant of the layer) up to eight groups straight; else four
     * groups per branch where they divide, else two, then an odd last group straight */
    uint32_t x0, y0, x1, y1, a, b;
    if (groups <= 8) { /* a short reduction (few input channels): no compare and branch */
      const uint32_t* const loop_end = end;
      AB_UNROLL
      for (ab_idx_t g = 0; g < groups; ++g) AB_DSP_DOT_W16_RUN(AB_DSP_DOT_W16_GROUP);
    } else if (groups % 4 == 0) {
      const uint32_t* const loop_end = end;
      AB_DSP_DOT_W16_LOOP(AB_DSP_DOT_W16_GROUP AB_DSP_DOT_W16_GROUP AB_DSP_DOT_W16_GROUP AB_DSP_DOT_W16_GROUP);
    } else {
      const uint32_t* const loop_end = cols + 8 * (groups / 2);
      AB_DSP_DOT_W16_LOOP(AB_DSP_DOT_W16_GROUP AB_DSP_DOT_W16_GROUP);
    }
    if (groups > 8 && groups % 2 != 0) {
      const uint32_t* const loop_end = end;
      AB_DSP_DOT_W16_RUN(AB_DSP_DOT_W16_GROUP);
    }
    const ab_dsp_acc2x2 done = {p0c0, p0c1, p1c0, p1c1};
    return done;
  }
#undef AB_DSP_DOT_W16_LOOP
#undef AB_DSP_DOT_W16_RUN
#endif
  while (cols != end) {
    uint32_t x0, y0, x1, y1, lo, hi;
    ab_load_pair(&cols, &x0, &y0);
    ab_load_pair(&cols, &x1, &y1);
    /* one channel, then the other: fewer registers live at once */
    if (format == AB_DSP_W8) {
      uint32_t wa, wb;
      ab_load_pair(&w, &wa, &wb);
      lo = ab_sxtb16(wa);
      hi = ab_sxtb16_ror8(wa);
      p0c0 = ab_smlad(x0, lo, p0c0);
      p0c0 = ab_smlad(y0, hi, p0c0);
      p1c0 = ab_smlad(x1, lo, p1c0);
      p1c0 = ab_smlad(y1, hi, p1c0);
      lo = ab_sxtb16(wb);
      hi = ab_sxtb16_ror8(wb);
    } else {
      ab_load_pair(&w, &lo, &hi);
      p0c0 = ab_smlad(x0, lo, p0c0);
      p0c0 = ab_smlad(y0, hi, p0c0);
      p1c0 = ab_smlad(x1, lo, p1c0);
      p1c0 = ab_smlad(y1, hi, p1c0);
      ab_load_pair(&w, &lo, &hi);
    }
    p0c1 = ab_smlad(x0, lo, p0c1);
    p0c1 = ab_smlad(y0, hi, p0c1);
    p1c1 = ab_smlad(x1, lo, p1c1);
    p1c1 = ab_smlad(y1, hi, p1c1);
  }
  const ab_dsp_acc2x2 a = {p0c0, p0c1, p1c0, p1c1};
  return a;
}

/* The first column of a pair alone with a channel pair's int16 weights (p1c0 and p1c1 are 0): a
 * layer's odd last pixel, without the dot products of a second pixel it has not got (a 3x3 map:
 * 9 pixels in 5 pairs). */
AB_DSP_INLINE ab_dsp_acc2x2 ab_dsp_dot1x2_w16(const uint32_t* cols, const uint32_t* w, ab_idx_t groups,
                                              int32_t bias0, int32_t bias1) {
  int32_t p0c0 = bias0, p0c1 = bias1;
  const uint32_t* const end = cols + 4 * groups;
#ifdef AB_DSP_DOT_W16_ASM
  {
    /* per group one run of six LDRs (the column's two words, both channels' two), 4 SMLAD:
     * 11 cycles for 8 MACs */
    uint32_t x, y, a0, b0, a1, b1;
    for (; cols != end;) {
      __asm__("ldr %[y], [%[c], #4]\n\t"
              "ldr %[x], [%[c]], #16\n\t"
              "ldr %[b1], [%[w], #12]\n\t"
              "ldr %[a1], [%[w], #8]\n\t"
              "ldr %[b0], [%[w], #4]\n\t"
              "ldr %[a0], [%[w]], #16\n\t"
              "smlad %[p0c0], %[x], %[a0], %[p0c0]\n\t"
              "smlad %[p0c0], %[y], %[b0], %[p0c0]\n\t"
              "smlad %[p0c1], %[x], %[a1], %[p0c1]\n\t"
              "smlad %[p0c1], %[y], %[b1], %[p0c1]"
              : [c] "+&r"(cols), [w] "+&r"(w), [p0c0] "+&r"(p0c0), [p0c1] "+&r"(p0c1), [x] "=&r"(x),
                [y] "=&r"(y), [a0] "=&r"(a0), [b0] "=&r"(b0), [a1] "=&r"(a1), [b1] "=&r"(b1)
              :
              : "memory");
    }
  }
#endif
  for (; cols != end; cols += 4, w += 4) {
    p0c0 = ab_smlad(cols[0], w[0], p0c0);
    p0c0 = ab_smlad(cols[1], w[1], p0c0);
    p0c1 = ab_smlad(cols[0], w[2], p0c1);
    p0c1 = ab_smlad(cols[1], w[3], p0c1);
  }
  const ab_dsp_acc2x2 acc = {p0c0, p0c1, 0, 0};
  return acc;
}

/* Widens `words` words of int8 weights (AB_DSP_W8) into AB_DSP_W16's lanes: word k becomes
 * [b0,b2],[b1,b3] at to[2k], to[2k + 1], doubled if `doubles` (the folded requantization's
 * factor 2 carried by the weights: one SADD16 a word here instead of a shift an output). */
AB_DSP_INLINE void ab_dsp_widen_weights(uint32_t* AB_RESTRICT to, const uint32_t* AB_RESTRICT from, ab_idx_t words,
                                        int32_t doubles) {
  AB_UNROLL4
  for (ab_idx_t k = 0; k < words; ++k) {
    const uint32_t x = from[k];
    uint32_t lo = ab_sxtb16(x), hi = ab_sxtb16_ror8(x);
    if (doubles) {
      lo = ab_sadd16(lo, lo);
      hi = ab_sadd16(hi, hi);
    }
    to[2 * k] = lo;
    to[2 * k + 1] = hi;
  }
}

/* The requantization table of `pairs` channel pairs copied into RAM: read again for every block
 * of pixels, from flash it would miss a data cache of a few lines on every channel pair. */
AB_DSP_INLINE void ab_dsp_copy_rq(int32_t* AB_RESTRICT to, const int32_t* AB_RESTRICT from, ab_idx_t pairs) {
  AB_UNROLL4
  for (ab_idx_t i = 0; i < 2 * pairs * AB_DSP_RQ_STRIDE; ++i) to[i] = from[i];
}

/* AB_DSP_W8_TO_RAM: the int8 weights widened into `ram` (4 * depth bytes per channel pair), then
 * the requantization table copied after them (16 bytes a channel); *weights and *rq then point at
 * the copies. */
AB_DSP_INLINE void ab_dsp_conv2d_to_ram(const ab_dsp_conv2d_params* p, uint32_t* ram, const uint32_t** weights,
                                        const int32_t** rq) {
  const ab_idx_t pairs = (p->ref.output.c + 1) / 2, groups = p->depth / 4;
  ab_dsp_widen_weights(ram, *weights, pairs * 2 * groups, p->widen_doubles);
  *weights = ram;
  int32_t* const table = (int32_t*)(ram + pairs * 4 * groups);
  ab_dsp_copy_rq(table, p->rq, pairs);
  *rq = table;
}

/* weights: the prepare step's layout (ab_dsp_weight_format), pairs of output channels, an odd
 * channel count padded with a zero channel. scratch: two columns, 4 * depth bytes, word-aligned;
 * if packed, then the window's bytes (depth); for AB_DSP_W8_TO_RAM then the widened weights, 4 * depth bytes per channel pair, and a copy of
 * the requantization table, 32 bytes per channel pair.
 * input and output may overlap (in place, as dsp/overlap.cpp allows): both pixels of a pair are
 * copied into the columns before either is written, so they are not restrict-qualified. */
AB_DSP_INLINE void ab_dsp_conv2d_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                    const void* AB_RESTRICT weights, int8_t* output,
                                    void* AB_RESTRICT scratch) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, groups = p->depth / 4;
  const ab_idx_t pixels = r->output.n * r->output.h * r->output.w;
  /* how the dot products read the weights: int8 words, or int16 lanes (AB_DSP_W8_TO_RAM's too) */
  const int32_t format = p->weights == AB_DSP_W8 ? AB_DSP_W8 : AB_DSP_W16;
  const ab_idx_t pair_words = (format == AB_DSP_W8 ? 2 : 4) * groups;
  uint32_t* const col0 = (uint32_t*)scratch;
  int8_t* const window = (int8_t*)(col0 + 4 * groups); /* after the two columns, if packed */
  const uint32_t* layer_weights = (const uint32_t*)weights;
  const int32_t* layer_rq = p->rq;
  if (p->packed) {
    /* the lanes past the window's rows meet zero weights; zero, so they are defined */
    for (ab_idx_t j = r->filter.h * p->row_run; j < p->depth; ++j) window[j] = 0;
  }
  if (p->weights == AB_DSP_W8_TO_RAM) {
    /* after the columns (and window) */
    ab_dsp_conv2d_to_ram(p, col0 + 4 * groups + (p->packed ? groups : 0), &layer_weights, &layer_rq);
  }
  for (ab_idx_t px = 0; px < pixels; px += 2) {
    const int two = px + 1 < pixels;
    for (ab_idx_t k = 0; k < 1 + two; ++k) ab_dsp_column(col0 + 2 * k, window, p, input, px + k, 2);
    const uint32_t* w = layer_weights;
    const int32_t* rq = layer_rq;
    int8_t* out0 = output + px * cout;
    int8_t* out1 = out0 + cout;
    for (ab_idx_t oc = 0; oc < cout; oc += 2, w += pair_words, rq += 2 * AB_DSP_RQ_STRIDE) {
      /* the odd last pixel alone only with int16 lanes: with int8 ones the second loop's code cost
       * more than it saved (KWS, 125 pixels, at -O3) */
      const ab_dsp_acc2x2 a = two || format == AB_DSP_W8
                                  ? ab_dsp_dot2x2(col0, w, groups, format, rq[0], rq[AB_DSP_RQ_STRIDE])
                                  : ab_dsp_dot1x2_w16(col0, w, groups, rq[0], rq[AB_DSP_RQ_STRIDE]);
      /* channel by channel, both pixels: each channel's constants loaded once */
      const ab_dsp_channel c0 = ab_dsp_channel_at(rq);
      out0[oc] = ab_dsp_requantize_channel(a.p0c0, c0, p->requant, p->acc_shift, r->act_min, r->act_max);
#if defined(AB_DSP_FAULT_INJECTION) && AB_DSP_NATIVE
      /* Only for the test that proves a wrong result on the device is caught and never
       * selected: one lane of every block off by one. No build of aotbench defines this. */
      out0[oc] = (int8_t)(out0[oc] ^ 1);
#endif
      if (two) out1[oc] = ab_dsp_requantize_channel(a.p1c0, c0, p->requant, p->acc_shift, r->act_min, r->act_max);
      if (oc + 1 < cout) {
        const ab_dsp_channel c1 = ab_dsp_channel_at(rq + AB_DSP_RQ_STRIDE);
        out0[oc + 1] = ab_dsp_requantize_channel(a.p0c1, c1, p->requant, p->acc_shift, r->act_min, r->act_max);
        if (two) {
          out1[oc + 1] = ab_dsp_requantize_channel(a.p1c1, c1, p->requant, p->acc_shift, r->act_min, r->act_max);
        }
      }
    }
  }
}

#endif /* AB_DSP_CONV2D_H */
