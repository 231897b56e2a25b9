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
 * Static inline and specialized per layer, like ab_dsp_conv2d.h.
 *
 * 3x3 kernels of horizontal stride 1 or 2 have a kernel of their own on the same transposed rows
 * (ab_dsp_depthwise_conv2d_3x3_s8, and _3x3_image_s8 for small feature maps): no zero tap, only
 * word-aligned loads, the rows of a window at constant distances; on the M4 its multiplies are
 * inline assembly (AB_DSP_DW3_ASM), on the M7 inline assembly in another order, which also
 * requantizes (AB_DSP_DW3_ASM_M7). Those of horizontal stride 2
 * also have one that reads the input as stored, two channels at a time
 * (ab_dsp_depthwise_conv2d_3x3_s2_s8). */
#ifndef AB_DSP_DEPTHWISE_CONV2D_H
#define AB_DSP_DEPTHWISE_CONV2D_H

#include "ab_dsp_acle.h"
#include "ab_dsp_cpu.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__clang__) && AB_DSP_DUAL_ISSUE
/* ab_dsp_dw_transpose4's steps ordered for the Cortex-M7, four at a time: PKHBT, PKHTB and the
 * SXTB16s use the shifter (one a cycle) and issue only first of a pair, so the loads and stores
 * go beside them as seconds, the next step's loads beside this step's extends (six cycles a step
 * and four more per four steps, where GCC's order took 8.5 to 10 a step). Step (O, I) reads the
 * two pixels at src + O * po + I * pi (and + cin) and writes its four words at
 * dst + O * qo + I * qi (+ 0, 1, 2, 3 rows of rs bytes). */
#define AB_DSP_DW_TRANSPOSE_M7 1
#define AB_DSP_DWT_A(O, I) "ldr %[x], [%[src], #%c[po]*" #O "+%c[pi]*" #I "]\n\t"
#define AB_DSP_DWT_B(O, I) "ldr %[y], [%[src], #%c[po]*" #O "+%c[pi]*" #I "+%c[cin]]\n\t"
#define AB_DSP_DWT_T(J, O, I) "str %[v" #J "], [%[dst], #%c[qo]*" #O "+%c[qi]*" #I "+%c[rs]*" #J "]\n\t"
#define AB_DSP_DWT_P "pkhbt %[lo], %[x], %[y], lsl #16\n\t"
#define AB_DSP_DWT_Q "pkhtb %[hi], %[y], %[x], asr #16\n\t"
#define AB_DSP_DWT_S0 "sxtb16 %[v0], %[lo]\n\t"
#define AB_DSP_DWT_S1 "sxtb16 %[v1], %[lo], ror #8\n\t"
#define AB_DSP_DWT_S2 "sxtb16 %[v2], %[hi]\n\t"
#define AB_DSP_DWT_S3 "sxtb16 %[v3], %[hi], ror #8\n\t"
/* step (O, I)'s extends and stores, with step (NO, NI)'s loads and joins; the last step's */
#define AB_DSP_DWT_STEP(O, I, NO, NI)                                                                  \
  AB_DSP_DWT_S0 AB_DSP_DWT_A(NO, NI) AB_DSP_DWT_S1 AB_DSP_DWT_B(NO, NI) AB_DSP_DWT_S2                  \
  AB_DSP_DWT_T(0, O, I) AB_DSP_DWT_S3 AB_DSP_DWT_T(1, O, I) AB_DSP_DWT_P AB_DSP_DWT_T(2, O, I)          \
  AB_DSP_DWT_Q AB_DSP_DWT_T(3, O, I)
#define AB_DSP_DWT_LAST(O, I)                                                                          \
  AB_DSP_DWT_S0 AB_DSP_DWT_S1 AB_DSP_DWT_T(0, O, I) AB_DSP_DWT_S2 AB_DSP_DWT_T(1, O, I) AB_DSP_DWT_S3  \
  AB_DSP_DWT_T(2, O, I) AB_DSP_DWT_T(3, O, I)
#define AB_DSP_DWT_4(O0, I0, O1, I1, O2, I2, O3, I3)                                                   \
  AB_DSP_DWT_A(O0, I0) AB_DSP_DWT_B(O0, I0) AB_DSP_DWT_P AB_DSP_DWT_Q AB_DSP_DWT_STEP(O0, I0, O1, I1)  \
  AB_DSP_DWT_STEP(O1, I1, O2, I2) AB_DSP_DWT_STEP(O2, I2, O3, I3) AB_DSP_DWT_LAST(O3, I3)
#define AB_DSP_DWT(SEQ)                                                                                \
  __asm__ volatile(SEQ                                                                                 \
                   : [x] "=&r"(x), [y] "=&r"(y), [lo] "=&r"(lo), [hi] "=&r"(hi), [v0] "=&r"(v0),       \
                     [v1] "=&r"(v1), [v2] "=&r"(v2), [v3] "=&r"(v3)                                     \
                   : [src] "r"(src), [dst] "r"(dst), [po] "i"(po), [pi] "i"(4), [qo] "i"(qo),           \
                     [qi] "i"(2 * 4 * stride), [cin] "i"(cin), [rs] "i"(2 * stride)                     \
                   : "memory")
/* Four steps of `groups` groups of four channels a pixel pair (1: four pixel pairs; 2: two of
 * two; more: four groups of one), the pixel pairs po source and qo destination bytes apart. */
AB_DSP_INLINE void ab_dsp_dw_transpose4_m7(int16_t* dst, const int8_t* src, ab_idx_t cin, ab_idx_t stride,
                                           ab_idx_t groups, ab_idx_t po, ab_idx_t qo) {
  uint32_t x, y, lo, hi, v0, v1, v2, v3;
  if (groups == 1) {
    AB_DSP_DWT(AB_DSP_DWT_4(0, 0, 1, 0, 2, 0, 3, 0));
  } else if (groups == 2) {
    AB_DSP_DWT(AB_DSP_DWT_4(0, 0, 0, 1, 1, 0, 1, 1));
  } else {
    AB_DSP_DWT(AB_DSP_DWT_4(0, 0, 0, 1, 0, 2, 0, 3));
  }
}
#endif

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

/* Two pixels (at src, src + cin) of `count` channels (a multiple of 4) into four words of two
 * columns each per four channels, at dst (and dst + to_copy, unless 0): the two pixels' bytes of
 * channels 0, 1 joined into one word, of 2, 3 into another, and SXTB16 of each gives two
 * channels' words (six instructions for four words). */
AB_DSP_INLINE void ab_dsp_dw_transpose4(int16_t* dst, ab_idx_t to_copy, const int8_t* src, ab_idx_t cin,
                                        ab_idx_t stride, ab_idx_t count) {
  AB_UNROLL
  for (ab_idx_t ch = 0; ch < count; ch += 4) {
    const uint32_t a = ab_read_u32(src + ch), b = ab_read_u32(src + cin + ch);
    const uint32_t lo = ab_pkhbt(a, b), hi = ab_pkhtb(b, a);
    const uint32_t v0 = ab_sxtb16(lo), v1 = ab_sxtb16_ror8(lo);
    const uint32_t v2 = ab_sxtb16(hi), v3 = ab_sxtb16_ror8(hi);
    int16_t* row = dst + ch * stride;
    ab_write_u32(row, v0);
    ab_write_u32(row + stride, v1);
    ab_write_u32(row + 2 * stride, v2);
    ab_write_u32(row + 3 * stride, v3);
    if (to_copy) {
      row += to_copy;
      ab_write_u32(row, v0);
      ab_write_u32(row + stride, v1);
      ab_write_u32(row + 2 * stride, v2);
      ab_write_u32(row + 3 * stride, v3);
    }
  }
}

/* Copies input row iy of channels [c0, c0 + count) into the inner columns of `slot` (count rows
 * of row_width; the padding columns already hold the zero point), and of `copy` unless it is
 * null (the 3x3 kernel's mirrored ring). */
AB_DSP_INLINE void ab_dsp_dw_transpose(int16_t* slot, int16_t* copy, const ab_dsp_depthwise_conv2d_params* p,
                                       const int8_t* image, ab_idx_t iy, ab_idx_t c0, ab_idx_t count) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, width = r->input.w, stride = p->row_width;
  const int8_t* src = image + iy * width * cin + c0;
  int16_t* dst = slot + r->pad_w;
  const ab_idx_t to_copy = copy ? copy - slot : 0;
  if (count % 4 == 0) {
    /* Two pixels of four channels a step (ab_dsp_dw_transpose4). Blocks of four channels: steps
     * unrolled by four. More: a loop of pixel pairs (at -O3 GCC unrolled them, and a row of
     * 6x6x128, 32 channels a block, outgrew the instruction cache; 12x12x64's 8 unrolled by four
     * did too). */
    ab_idx_t x = 0;
#ifdef AB_DSP_DW_TRANSPOSE_M7
    /* Four steps an asm statement on the M7 where the layer's constants fit its immediate offsets
     * (the pixels left, and other channel counts, below). */
    const ab_idx_t groups = count / 4;
    if (!to_copy && __builtin_constant_p(cin) && __builtin_constant_p(stride) && __builtin_constant_p(count) &&
        (groups <= 2 || groups % 4 == 0) && 7 * cin + 16 < 4096 && 32 * stride + 16 < 4096) {
      if (groups == 1) {
        for (; x + 8 <= width; x += 8, src += 8 * cin, dst += 8) {
          ab_dsp_dw_transpose4_m7(dst, src, cin, stride, 1, 2 * cin, 4);
        }
      } else if (groups == 2) {
        for (; x + 4 <= width; x += 4, src += 4 * cin, dst += 4) {
          ab_dsp_dw_transpose4_m7(dst, src, cin, stride, 2, 2 * cin, 4);
        }
      } else {
        for (; x + 2 <= width; x += 2, src += 2 * cin, dst += 2) {
          for (ab_idx_t g = 0; g < groups; g += 4) {
            ab_dsp_dw_transpose4_m7(dst + g * 4 * stride, src + g * 4, cin, stride, 4, 0, 0);
          }
        }
      }
    }
#endif
    if (count == 4) {
      AB_UNROLL4
      for (; x + 2 <= width; x += 2, src += 2 * cin, dst += 2) ab_dsp_dw_transpose4(dst, to_copy, src, cin, stride, count);
    } else {
      _Pragma("GCC unroll 1")
      for (; x + 2 <= width; x += 2, src += 2 * cin, dst += 2) ab_dsp_dw_transpose4(dst, to_copy, src, cin, stride, count);
    }
    if (x < width) {
      for (ab_idx_t ch = 0; ch < count; ++ch) {
        dst[ch * stride] = src[ch];
        if (copy) dst[ch * stride + to_copy] = src[ch];
      }
    }
  } else if (count % 2 == 0) {
    /* Two pixels of two channels: their halfwords joined into one word, split into a word of
     * two columns per channel (blocks of 2 channels where 4 do not fit the scratch). */
    ab_idx_t x = 0;
    for (; x + 2 <= width; x += 2, src += 2 * cin, dst += 2) {
      AB_UNROLL
      for (ab_idx_t ch = 0; ch < count; ch += 2) {
        uint16_t a, b;
        memcpy(&a, src + ch, sizeof a);
        memcpy(&b, src + cin + ch, sizeof b);
        const uint32_t ab = (uint32_t)a | (uint32_t)b << 16;
        const uint32_t v0 = ab_sxtb16(ab), v1 = ab_sxtb16_ror8(ab);
        int16_t* row = dst + ch * stride;
        ab_write_u32(row, v0);
        ab_write_u32(row + stride, v1);
        if (copy) {
          ab_write_u32(row + to_copy, v0);
          ab_write_u32(row + to_copy + stride, v1);
        }
      }
    }
    if (x < width) {
      for (ab_idx_t ch = 0; ch < count; ++ch) {
        dst[ch * stride] = src[ch];
        if (copy) dst[ch * stride + to_copy] = src[ch];
      }
    }
  } else {
    for (ab_idx_t ch = 0; ch < count; ++ch) {
      const int8_t* from = src + ch;
      int16_t* row = dst + ch * stride;
      AB_UNROLL4
      for (ab_idx_t x = 0; x < width; ++x) {
        row[x] = from[x * cin];
        if (copy) row[x + to_copy] = from[x * cin];
      }
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

/* The ring of one channel block: which input row each slot holds. Mirrored (the 3x3 kernel), it
 * has ring_rows - 1 more slots, copies of the first ones, so that the rows of every window lie
 * at one distance from each other in the scratch, a constant of the layer. */
typedef struct ab_dsp_dw_ring {
  int16_t* slots;
  ab_idx_t held[AB_DSP_DW_MAX_RING];
} ab_dsp_dw_ring;

AB_DSP_INLINE ab_idx_t ab_dsp_dw_ring_slots(const ab_dsp_depthwise_conv2d_params* p, int mirrored) {
  return mirrored ? 2 * p->ring_rows - 1 : p->ring_rows;
}

/* Every slot starts as a row of the padding; transposing a row leaves its padding columns. */
AB_DSP_INLINE void ab_dsp_dw_ring_start(ab_dsp_dw_ring* ring, const ab_dsp_depthwise_conv2d_params* p, int mirrored) {
  ab_dsp_dw_clear(ring->slots, ab_dsp_dw_ring_slots(p, mirrored) * p->block_channels * p->row_width,
                  -p->ref.input_offset);
  for (ab_idx_t s = 0; s < p->ring_rows; ++s) ring->held[s] = AB_DSP_DW_PAD_ROW;
}

/* Brings the input rows output row oy needs (channels [c0, c0 + block_channels)) into the ring
 * and points rows[kh] at the slot of kernel row kh. */
AB_DSP_INLINE void ab_dsp_dw_ring_rows(ab_dsp_dw_ring* ring, const ab_dsp_depthwise_conv2d_params* p,
                                       const int8_t* image, ab_idx_t oy, ab_idx_t c0, const int16_t** rows,
                                       int mirrored) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t count = p->block_channels, slot_size = count * p->row_width, ring_rows = p->ring_rows;
  const int32_t zero_point = -r->input_offset;
  ab_idx_t first_slot = 0;
  for (ab_idx_t kh = 0; kh < r->filter.h; ++kh) {
    const ab_idx_t iy = oy * r->stride_h - r->pad_h + kh * r->dilation_h;
    const ab_idx_t s = ((iy % ring_rows) + ring_rows) % ring_rows;
    int16_t* slot = ring->slots + s * slot_size;
    int16_t* copy = mirrored && s < ring_rows - 1 ? slot + ring_rows * slot_size : 0;
    const int inside = iy >= 0 && iy < r->input.h;
    if (inside && ring->held[s] != iy) {
      if (copy) {
        ab_dsp_dw_transpose(slot, copy, p, image, iy, c0, count);
      } else {
        ab_dsp_dw_transpose(slot, 0, p, image, iy, c0, count);
      }
      ring->held[s] = iy;
    } else if (!inside && ring->held[s] != AB_DSP_DW_PAD_ROW) {
      /* the inner columns, widened to whole words (the padding's are zero points anyway) */
      const ab_idx_t first = r->pad_w / 2 * 2, end = (r->pad_w + r->input.w + 1) / 2 * 2;
      for (ab_idx_t ch = 0; ch < count; ++ch) {
        ab_dsp_dw_clear(slot + ch * p->row_width + first, end - first, zero_point);
        if (copy) ab_dsp_dw_clear(copy + ch * p->row_width + first, end - first, zero_point);
      }
      ring->held[s] = AB_DSP_DW_PAD_ROW;
    }
    if (kh == 0) first_slot = s;
    rows[kh] = mirrored ? ring->slots + (first_slot + kh) * slot_size : slot;
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
  ab_dsp_dw_ring ring;
  ring.slots = (int16_t*)scratch;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    int8_t* out_image = output + b * r->output.h * ow * cout;
    for (ab_idx_t c0 = 0; c0 < r->input.c; c0 += p->block_channels) {
      const ab_idx_t count = p->block_channels;  /* it divides input.c */
      ab_dsp_dw_ring_start(&ring, p, 0);
      for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
        const int16_t* rows[AB_DSP_DW_MAX_RING] = {0};  /* the first filter.h are set below */
        ab_dsp_dw_ring_rows(&ring, p, image, oy, c0, rows, 0);
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

/* Outputs of a row the 3x3 kernel computes at a time: the whole row where it has at most
 * AB_DSP_DW3_BLOCK outputs (one block of a short row saves the second, shorter block's code and
 * loop), else 6 where they divide a row of stride 1 (each weight word and requantization constant
 * loaded serves 6 outputs instead of 4: VWW's 48-, 24- and 12-wide layers 4 to 6 % fewer
 * instructions), else 4 (fewer values than registers are live). Stride 2 keeps 4: in blocks of 6 VWW's
 * layer 7 took 3.6 % more cycles on the L4R5, its layer 3 2.7 % more on the H7A3. The schedule
 * sizes the rows for the same blocks (ab_dsp_dw3_block). */
#define AB_DSP_DW3_BLOCK 8

AB_DSP_INLINE ab_idx_t ab_dsp_dw3_block(ab_idx_t output_width, ab_idx_t stride) {
  if (output_width <= AB_DSP_DW3_BLOCK) return output_width;
  return stride == 1 && output_width % 6 == 0 ? 6 : 4;
}

typedef struct ab_dsp_acc_dw3 {
  int32_t a[AB_DSP_DW3_BLOCK];
} ab_dsp_acc_dw3;

/* Adds one kernel row to outputs 0..n-1 from `at` on, for 3x3 kernels of dilation 1 and stride 1
 * or 2 (dsp_dw3x3): the kernel row's weights are the two words [w0, w1] and [w1, w2], so every
 * load is a word-aligned pair of taps and the SMLAxy forms take the lone third tap out of a pair
 * instead of multiplying a zero weight. With stride 1, outputs 2k and 2k+1 read the words at 2k
 * and 2k+2 (e, next):
 *   out 2k   = [r(2k), r(2k+1)].[w0, w1] + r(2k+2).w2              (SMLAD, SMLABT)
 *   out 2k+1 = r(2k+1).w0 + [r(2k+2), r(2k+3)].[w1, w2]            (SMLATB, SMLAD)
 * four outputs from three words where dsp_dw loads six; with stride 2, output i reads the words
 * at 2i and 2i+2. */
AB_DSP_INLINE void ab_dsp_dw3_kernel_row(ab_dsp_acc_dw3* acc, const int16_t* at, ab_idx_t stride, uint32_t w01,
                                         uint32_t w12, ab_idx_t n) {
  if (stride == 1 && n <= 4) {
    const uint32_t e0 = ab_read_u32(at), e1 = ab_read_u32(at + 2);
    acc->a[0] = ab_smlabt(e1, w12, ab_smlad(e0, w01, acc->a[0]));
    if (n > 1) acc->a[1] = ab_smlad(e1, w12, ab_smlatb(e0, w01, acc->a[1]));
    if (n > 2) {
      const uint32_t e2 = ab_read_u32(at + 4);
      acc->a[2] = ab_smlabt(e2, w12, ab_smlad(e1, w01, acc->a[2]));
      if (n > 3) acc->a[3] = ab_smlad(e2, w12, ab_smlatb(e1, w01, acc->a[3]));
    }
    return;
  }
  uint32_t e = ab_read_u32(at);
  if (stride == 1) {
    AB_UNROLL
    for (ab_idx_t i = 0; i < n; i += 2) {
      const uint32_t next = ab_read_u32(at + i + 2);
      acc->a[i] = ab_smlabt(next, w12, ab_smlad(e, w01, acc->a[i]));
      if (i + 1 < n) acc->a[i + 1] = ab_smlad(next, w12, ab_smlatb(e, w01, acc->a[i + 1]));
      e = next;
    }
  } else {
    AB_UNROLL
    for (ab_idx_t i = 0; i < n; ++i) {
      const uint32_t next = ab_read_u32(at + 2 * i + 2);
      acc->a[i] = ab_smlabt(next, w12, ab_smlad(e, w01, acc->a[i]));
      e = next;
    }
  }
}


#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__clang__)
/* The asm chunks' accumulators (the M4's and the M7's): the last one comes in holding the bias,
 * which the first kernel row adds to every output, its own last (no register for the bias; with
 * it the M4's block of 6 had room for two row words only). */
#define AB_DSP_DW3_C1 [c0] "+&r"(c[0])
#define AB_DSP_DW3_C2 [c0] "=&r"(c[0]), [c1] "+&r"(c[1])
#define AB_DSP_DW3_C3 [c0] "=&r"(c[0]), [c1] "=&r"(c[1]), [c2] "+&r"(c[2])
#define AB_DSP_DW3_C4 [c0] "=&r"(c[0]), [c1] "=&r"(c[1]), [c2] "=&r"(c[2]), [c3] "+&r"(c[3])
#define AB_DSP_DW3_C5 \
  [c0] "=&r"(c[0]), [c1] "=&r"(c[1]), [c2] "=&r"(c[2]), [c3] "=&r"(c[3]), [c4] "+&r"(c[4])
#define AB_DSP_DW3_C6 \
  [c0] "=&r"(c[0]), [c1] "=&r"(c[1]), [c2] "=&r"(c[2]), [c3] "=&r"(c[3]), [c4] "=&r"(c[4]), [c5] "+&r"(c[5])
#endif

#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__clang__) && !AB_DSP_DUAL_ISSUE
/* The multiplies of a block written for the Cortex-M4's load pipeline (GCC only: the rows'
 * distance is an "i" operand, a constant of the layer, which clang wants as a constant
 * expression; not on the M7, whose dual issue pairs a load with a multiply, which runs of loads
 * leave unpaired: VWW's depthwise layers took 4 % more cycles there).
 * One asm statement per chunk of the block (four outputs, or a whole block of five or six; the
 * three kernel rows): per kernel row its two weight words and the row words are one run of
 * independent LDRs (a run of n takes n + 1 cycles), the rows' distance an immediate offset (no
 * pointer per row), and the first kernel row starts every accumulator at the bias (no moves).
 * At most 14 registers. Every operand early-clobber, as in ab_dsp_conv2d.h; "memory": the rows
 * were written by the transposition in C. */
#define AB_DSP_DW3_ASM 1
#define AB_DSP_DW3_W(WO) "ldr %[a], [%[w], #" WO "]\n\tldr %[b], [%[w], #" WO "+4]\n\t"
#define AB_DSP_DW3_LD(O, E, XO) "ldr %[" E "], [%[r], #%c[" O "]+" XO "]\n\t"
/* WO: the kernel row's weights (byte offset from w); O: the operand of its row's offset; XO: a
 * word's byte offset in the row. Output C from the row words E0, E1 (ab_dsp_dw3_kernel_row: A
 * the even outputs of stride 1 and all of stride 2, B the odd ones of stride 1), added to IN. */
#define AB_DSP_DW3_A(C, E0, E1, IN) \
  "smlad %[" C "], %[" E0 "], %[a], %[" IN "]\n\tsmlabt %[" C "], %[" E1 "], %[b], %[" C "]\n\t"
#define AB_DSP_DW3_B(C, E0, E1, IN) \
  "smlatb %[" C "], %[" E0 "], %[a], %[" IN "]\n\tsmlad %[" C "], %[" E1 "], %[b], %[" C "]\n\t"
/* Stride 1: outputs 2k, 2k+1 from the words at 2k and 2k+2 (A, B); I0..I5: what each output's
 * products add to. */
#define AB_DSP_DW3_S1_6(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_B("c1", "e0", "e1", I1)                              \
  AB_DSP_DW3_A("c2", "e1", "e2", I2) AB_DSP_DW3_B("c3", "e1", "e2", I3) AB_DSP_DW3_LD(O, "e0", "12")   \
  AB_DSP_DW3_A("c4", "e2", "e0", I4) AB_DSP_DW3_B("c5", "e2", "e0", I5)
#define AB_DSP_DW3_S1_5(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_LD(O, "e3", "12") AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_B("c1", "e0", "e1", I1)   \
  AB_DSP_DW3_A("c2", "e1", "e2", I2) AB_DSP_DW3_B("c3", "e1", "e2", I3) AB_DSP_DW3_A("c4", "e2", "e3", I4)
#define AB_DSP_DW3_S1_4(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_B("c1", "e0", "e1", I1)                              \
  AB_DSP_DW3_A("c2", "e1", "e2", I2) AB_DSP_DW3_B("c3", "e1", "e2", I3)
#define AB_DSP_DW3_S1_3(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_B("c1", "e0", "e1", I1) AB_DSP_DW3_A("c2", "e1", "e2", I2)
#define AB_DSP_DW3_S1_2(WO, I0, I1, I2, I3, I4, I5, O)            \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_B("c1", "e0", "e1", I1)
#define AB_DSP_DW3_X_1(WO, I0, I1, I2, I3, I4, I5, O) \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_A("c0", "e0", "e1", I0)
/* Stride 2: output i from the words at 2i and 2i+2. The block of 6 loads its last three words
 * after the first three outputs (14 registers is all GCC can give). */
#define AB_DSP_DW3_S2_6(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_LD(O, "e3", "12") AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_A("c1", "e1", "e2", I1)   \
  AB_DSP_DW3_A("c2", "e2", "e3", I2) AB_DSP_DW3_LD(O, "e0", "16") AB_DSP_DW3_LD(O, "e1", "20")         \
  AB_DSP_DW3_LD(O, "e2", "24") AB_DSP_DW3_A("c3", "e3", "e0", I3) AB_DSP_DW3_A("c4", "e0", "e1", I4)   \
  AB_DSP_DW3_A("c5", "e1", "e2", I5)
#define AB_DSP_DW3_S2_5(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_LD(O, "e3", "12") AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_A("c1", "e1", "e2", I1)   \
  AB_DSP_DW3_A("c2", "e2", "e3", I2) AB_DSP_DW3_LD(O, "e0", "16") AB_DSP_DW3_LD(O, "e1", "20")         \
  AB_DSP_DW3_A("c3", "e3", "e0", I3) AB_DSP_DW3_A("c4", "e0", "e1", I4)
#define AB_DSP_DW3_S2_4(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_A("c1", "e1", "e2", I1)                              \
  AB_DSP_DW3_LD(O, "e0", "12") AB_DSP_DW3_LD(O, "e1", "16")                                            \
  AB_DSP_DW3_A("c2", "e2", "e0", I2) AB_DSP_DW3_A("c3", "e0", "e1", I3)
#define AB_DSP_DW3_S2_3(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_LD(O, "e3", "12") AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_A("c1", "e1", "e2", I1)   \
  AB_DSP_DW3_A("c2", "e2", "e3", I2)
#define AB_DSP_DW3_S2_2(WO, I0, I1, I2, I3, I4, I5, O)                                              \
  AB_DSP_DW3_W(WO) AB_DSP_DW3_LD(O, "e0", "0") AB_DSP_DW3_LD(O, "e1", "4") AB_DSP_DW3_LD(O, "e2", "8") \
  AB_DSP_DW3_A("c0", "e0", "e1", I0) AB_DSP_DW3_A("c1", "e1", "e2", I1)
/* the row words */
#define AB_DSP_DW3_E2 [e0] "=&r"(e0), [e1] "=&r"(e1)
#define AB_DSP_DW3_E3 AB_DSP_DW3_E2, [e2] "=&r"(e2)
#define AB_DSP_DW3_E4 AB_DSP_DW3_E3, [e3] "=&r"(e3)
/* one asm statement for the three kernel rows: row k's words at offset k * slot values; LAST:
 * the accumulator holding the bias */
#define AB_DSP_DW3_ROWS(T, LAST, C, E)                                                                   \
  __asm__(T("0", LAST, LAST, LAST, LAST, LAST, LAST, "o0") T("8", "c0", "c1", "c2", "c3", "c4", "c5", "o1") \
              T("16", "c0", "c1", "c2", "c3", "c4", "c5", "o2")                                          \
          : C, [a] "=&r"(a), [b] "=&r"(b), E                                                             \
          : [r] "r"(row), [w] "r"(w), [o0] "i"(0), [o1] "i"(2 * slot), [o2] "i"(4 * slot)                \
          : "memory")
/* Accumulators c[0..n-1] (n <= 6) of the outputs of one channel whose windows start at
 * `row` (its first transposed row; the others `slot` values after each other); w: its six
 * weight words. */
AB_DSP_INLINE void ab_dsp_dw3_chunk_asm(int32_t* c, const int16_t* row, ab_idx_t slot, ab_idx_t stride,
                                        const uint32_t* w, int32_t bias, ab_idx_t n) {
  /* scalars: an array of asm outputs GCC keeps in memory, and stores to it */
  uint32_t a, b, e0, e1, e2, e3;
  c[n - 1] = bias;
  if (stride == 1 && n == 6) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S1_6, "c5", AB_DSP_DW3_C6, AB_DSP_DW3_E3);
  } else if (n == 6) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S2_6, "c5", AB_DSP_DW3_C6, AB_DSP_DW3_E4);
  } else if (stride == 1 && n == 5) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S1_5, "c4", AB_DSP_DW3_C5, AB_DSP_DW3_E4);
  } else if (n == 5) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S2_5, "c4", AB_DSP_DW3_C5, AB_DSP_DW3_E4);
  } else if (stride == 1 && n == 4) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S1_4, "c3", AB_DSP_DW3_C4, AB_DSP_DW3_E3);
  } else if (stride == 1 && n == 3) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S1_3, "c2", AB_DSP_DW3_C3, AB_DSP_DW3_E3);
  } else if (stride == 1 && n == 2) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S1_2, "c1", AB_DSP_DW3_C2, AB_DSP_DW3_E2);
  } else if (n == 1) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_X_1, "c0", AB_DSP_DW3_C1, AB_DSP_DW3_E2);
  } else if (n == 4) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S2_4, "c3", AB_DSP_DW3_C4, AB_DSP_DW3_E3);
  } else if (n == 3) {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S2_3, "c2", AB_DSP_DW3_C3, AB_DSP_DW3_E4);
  } else {
    AB_DSP_DW3_ROWS(AB_DSP_DW3_S2_2, "c1", AB_DSP_DW3_C2, AB_DSP_DW3_E3);
  }
  (void)e2, (void)e3;
}
#endif

#if AB_DSP_NATIVE && defined(__OPTIMIZE__) && !defined(__clang__) && AB_DSP_DUAL_ISSUE
/* The block ordered for the Cortex-M7's dual issue (GCC only, as the M4's asm). Multiplies and
 * DSP/SIMD operations issue only first of a pair, so each load, shift and store goes right after
 * one of them, as the pair's second, and no result is read before it is ready (a word load's
 * the next cycle, a multiply's two cycles on; a multiply-accumulate reads its accumulator a cycle
 * late, so an output's products may follow each other). Per kernel row the products with the
 * weights [w0, w1] (`a`) and [w1, w2] (`b`) of two outputs at a time, in the order the row words
 * come, two row registers taking turns (a word is loaded in the pair of the last read of the
 * register's previous one at the earliest); the next row's `a` and first word load beside the
 * row's last products, so only the block's first loads issue alone. The first row starts
 * every output at the bias, which comes in the last accumulator (its own first product is the
 * last of them). Where the layer's requantization allows (AB_DSP_RQ_FOLDED_CLAMPED into the whole
 * int8 range), the same asm statement requantizes and stores the block: the last row loads the
 * multiplier and rounding into the registers the next row's loads would take, and SMMLAR, ASR,
 * SSAT, STRB per output are software-pipelined (each shift beside a multiply, SSAT using the
 * shifter too, each store beside a saturation): no registers for GCC to keep across a second
 * statement. At most 14 registers. */
#define AB_DSP_DW3_ASM_M7 1
/* Output C's products (ab_dsp_dw3_kernel_row): with `a` E.[w0, w1] (AE, even outputs of stride 1
 * and all of stride 2) or E's top half times w0 (AO, odd outputs of stride 1), added to IN; with
 * `b` E's bottom half times w2 (BE) or E.[w1, w2] (BO). */
#define AB_DSP_DW3M_AE(C, E, IN) "smlad %[" C "], %[" E "], %[a], %[" IN "]\n\t"
#define AB_DSP_DW3M_AO(C, E, IN) "smlatb %[" C "], %[" E "], %[a], %[" IN "]\n\t"
#define AB_DSP_DW3M_BE(C, E) "smlabt %[" C "], %[" E "], %[b], %[" C "]\n\t"
#define AB_DSP_DW3M_BO(C, E) "smlad %[" C "], %[" E "], %[b], %[" C "]\n\t"
/* Loads: a kernel row's weight words (WO: its byte offset from w), a row word into E (O: the
 * operand of the row's offset, XO: the word's byte offset in it). */
#define AB_DSP_DW3M_LA(WO) "ldr %[a], [%[w], #" WO "]\n\t"
#define AB_DSP_DW3M_LB(WO) "ldr %[b], [%[w], #" WO "+4]\n\t"
#define AB_DSP_DW3M_LE(E, O, XO) "ldr %[" E "], [%[r], #%c[" O "]+" XO "]\n\t"
/* What a row loads into `a` and `e0` when its products are done: the next row's first words
 * (NA, NE), nothing (the last row, XA, XE), or the requantization's multiplier and rounding (the
 * last row of a block that stores, QA, QE). */
#define AB_DSP_DW3M_NA(WO) AB_DSP_DW3M_LA(WO)
#define AB_DSP_DW3M_NE(O) AB_DSP_DW3M_LE("e0", O, "0")
#define AB_DSP_DW3M_XA(WO) ""
#define AB_DSP_DW3M_XE(O) ""
#define AB_DSP_DW3M_QA(WO) "ldr %[a], [%[rq], #4]\n\t"
#define AB_DSP_DW3M_QE(O) "ldr %[e0], [%[rq], #8]\n\t"
/* One kernel row per macro: WO, O its weights' and row's offsets, I0..I5 what each output's
 * products add to, NA, NE, NWO, NO the loads after it. Every line one pair (or a multiply or a
 * load alone). Stride 1: outputs 2k, 2k+1 read the words k (e0 or e1) and k+1. */
#define AB_DSP_DW3M_S1_6(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_AO("c1", "e0", I1) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_BO("c1", "e1")                                                                           \
  AB_DSP_DW3M_AE("c2", "e1", I2)                                                                       \
  AB_DSP_DW3M_AO("c3", "e1", I3)                                                                       \
  AB_DSP_DW3M_BE("c2", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_BO("c3", "e0")                                                                           \
  AB_DSP_DW3M_AE("c4", "e0", I4)                                                                       \
  AB_DSP_DW3M_AO("c5", "e0", I5) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c4", "e1") NE(NO)                                                                    \
  AB_DSP_DW3M_BO("c5", "e1")
#define AB_DSP_DW3M_S1_5(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_AO("c1", "e0", I1) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_BO("c1", "e1")                                                                           \
  AB_DSP_DW3M_AE("c2", "e1", I2)                                                                       \
  AB_DSP_DW3M_AO("c3", "e1", I3)                                                                       \
  AB_DSP_DW3M_BE("c2", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_BO("c3", "e0")                                                                           \
  AB_DSP_DW3M_AE("c4", "e0", I4) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c4", "e1") NE(NO)
#define AB_DSP_DW3M_S1_4(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_AO("c1", "e0", I1) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_BO("c1", "e1")                                                                           \
  AB_DSP_DW3M_AE("c2", "e1", I2)                                                                       \
  AB_DSP_DW3M_AO("c3", "e1", I3) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c2", "e0")                                                                           \
  AB_DSP_DW3M_BO("c3", "e0") NE(NO)
#define AB_DSP_DW3M_S1_3(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_AO("c1", "e0", I1) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_BO("c1", "e1")                                                                           \
  AB_DSP_DW3M_AE("c2", "e1", I2) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c2", "e0") NE(NO)
#define AB_DSP_DW3M_S1_2(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_AO("c1", "e0", I1) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_BE("c0", "e1") NA(NWO)                                                                   \
  AB_DSP_DW3M_BO("c1", "e1") NE(NO)
/* one output, of either stride */
#define AB_DSP_DW3M_X_1(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                                \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_LB(WO)                                                                                   \
  AB_DSP_DW3M_BE("c0", "e1") NA(NWO)                                                                   \
  NE(NO)
/* Stride 2: output i reads the words i (with `a`) and i+1 (with `b`), e0 and e1 in turn. */
#define AB_DSP_DW3M_S2_6(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_AE("c1", "e1", I1) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_AE("c2", "e0", I2)                                                                       \
  AB_DSP_DW3M_BE("c1", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_AE("c3", "e1", I3)                                                                       \
  AB_DSP_DW3M_BE("c2", "e1") AB_DSP_DW3M_LE("e0", O, "16")                                             \
  AB_DSP_DW3M_AE("c4", "e0", I4)                                                                       \
  AB_DSP_DW3M_BE("c3", "e0") AB_DSP_DW3M_LE("e1", O, "20")                                             \
  AB_DSP_DW3M_AE("c5", "e1", I5) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c4", "e1") AB_DSP_DW3M_LE("e0", O, "24")                                             \
  AB_DSP_DW3M_BE("c5", "e0") NE(NO)
#define AB_DSP_DW3M_S2_5(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_AE("c1", "e1", I1) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_AE("c2", "e0", I2)                                                                       \
  AB_DSP_DW3M_BE("c1", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_AE("c3", "e1", I3)                                                                       \
  AB_DSP_DW3M_BE("c2", "e1") AB_DSP_DW3M_LE("e0", O, "16")                                             \
  AB_DSP_DW3M_AE("c4", "e0", I4) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c3", "e0") AB_DSP_DW3M_LE("e1", O, "20")                                             \
  AB_DSP_DW3M_BE("c4", "e1") NE(NO)
#define AB_DSP_DW3M_S2_4(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_AE("c1", "e1", I1) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_AE("c2", "e0", I2)                                                                       \
  AB_DSP_DW3M_BE("c1", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_AE("c3", "e1", I3) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c2", "e1") AB_DSP_DW3M_LE("e0", O, "16")                                             \
  AB_DSP_DW3M_BE("c3", "e0") NE(NO)
#define AB_DSP_DW3M_S2_3(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_AE("c1", "e1", I1) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_AE("c2", "e0", I2) NA(NWO)                                                               \
  AB_DSP_DW3M_BE("c1", "e0") AB_DSP_DW3M_LE("e1", O, "12")                                             \
  AB_DSP_DW3M_BE("c2", "e1") NE(NO)
#define AB_DSP_DW3M_S2_2(WO, I0, I1, I2, I3, I4, I5, O, NA, NE, NWO, NO)                               \
  AB_DSP_DW3M_AE("c0", "e0", I0) AB_DSP_DW3M_LE("e1", O, "4")                                          \
  AB_DSP_DW3M_AE("c1", "e1", I1) AB_DSP_DW3M_LB(WO)                                                    \
  AB_DSP_DW3M_BE("c0", "e1") AB_DSP_DW3M_LE("e0", O, "8")                                              \
  AB_DSP_DW3M_BE("c1", "e0") NA(NWO)                                                                   \
  NE(NO)
/* The requantization and stores (after the last row: multiplier in `a`, rounding in e0, the shift
 * loaded into `b`): per output SMMLAR (Q), ASR (A), SSAT (S), STRB (T). */
#define AB_DSP_DW3R_Q(i) "smmlar %[c" #i "], %[c" #i "], %[a], %[e0]\n\t"
#define AB_DSP_DW3R_A(i) "asr %[c" #i "], %[c" #i "], %[b]\n\t"
#define AB_DSP_DW3R_S(i) "ssat %[c" #i "], #8, %[c" #i "]\n\t"
#define AB_DSP_DW3R_T(i) "strb %[c" #i "], [%[out], #%c[d" #i "]]\n\t"
#define AB_DSP_DW3R_SHIFT "ldr %[b], [%[rq], #12]\n\t"
#define AB_DSP_DW3R_6                                                                                  \
  AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_Q(1) AB_DSP_DW3R_Q(2) AB_DSP_DW3R_A(0) AB_DSP_DW3R_Q(3) \
  AB_DSP_DW3R_A(1) AB_DSP_DW3R_S(0) AB_DSP_DW3R_Q(4) AB_DSP_DW3R_A(2) AB_DSP_DW3R_S(1) AB_DSP_DW3R_T(0)  \
  AB_DSP_DW3R_Q(5) AB_DSP_DW3R_A(3) AB_DSP_DW3R_S(2) AB_DSP_DW3R_T(1) AB_DSP_DW3R_A(4) AB_DSP_DW3R_S(3)  \
  AB_DSP_DW3R_T(2) AB_DSP_DW3R_A(5) AB_DSP_DW3R_S(4) AB_DSP_DW3R_T(3) AB_DSP_DW3R_S(5) AB_DSP_DW3R_T(4)  \
  AB_DSP_DW3R_T(5)
#define AB_DSP_DW3R_5                                                                                  \
  AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_Q(1) AB_DSP_DW3R_Q(2) AB_DSP_DW3R_A(0) AB_DSP_DW3R_Q(3) \
  AB_DSP_DW3R_A(1) AB_DSP_DW3R_S(0) AB_DSP_DW3R_Q(4) AB_DSP_DW3R_A(2) AB_DSP_DW3R_S(1) AB_DSP_DW3R_T(0)  \
  AB_DSP_DW3R_A(3) AB_DSP_DW3R_S(2) AB_DSP_DW3R_T(1) AB_DSP_DW3R_A(4) AB_DSP_DW3R_S(3) AB_DSP_DW3R_T(2)  \
  AB_DSP_DW3R_S(4) AB_DSP_DW3R_T(3) AB_DSP_DW3R_T(4)
#define AB_DSP_DW3R_4                                                                                  \
  AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_Q(1) AB_DSP_DW3R_Q(2) AB_DSP_DW3R_A(0) AB_DSP_DW3R_Q(3) \
  AB_DSP_DW3R_A(1) AB_DSP_DW3R_S(0) AB_DSP_DW3R_A(2) AB_DSP_DW3R_S(1) AB_DSP_DW3R_T(0) AB_DSP_DW3R_A(3)  \
  AB_DSP_DW3R_S(2) AB_DSP_DW3R_T(1) AB_DSP_DW3R_S(3) AB_DSP_DW3R_T(2) AB_DSP_DW3R_T(3)
#define AB_DSP_DW3R_3                                                                                  \
  AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_Q(1) AB_DSP_DW3R_Q(2) AB_DSP_DW3R_A(0) AB_DSP_DW3R_A(1) \
  AB_DSP_DW3R_S(0) AB_DSP_DW3R_A(2) AB_DSP_DW3R_S(1) AB_DSP_DW3R_T(0) AB_DSP_DW3R_S(2) AB_DSP_DW3R_T(1)  \
  AB_DSP_DW3R_T(2)
#define AB_DSP_DW3R_2                                                                                  \
  AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_Q(1) AB_DSP_DW3R_A(0) AB_DSP_DW3R_A(1) AB_DSP_DW3R_S(0) \
  AB_DSP_DW3R_S(1) AB_DSP_DW3R_T(0) AB_DSP_DW3R_T(1)
#define AB_DSP_DW3R_1 AB_DSP_DW3R_Q(0) AB_DSP_DW3R_SHIFT AB_DSP_DW3R_A(0) AB_DSP_DW3R_S(0) AB_DSP_DW3R_T(0)
/* PRE (the bias's load, or nothing), the first words, the three kernel rows (T), then R (the
 * requantization, or nothing); LAST: the accumulator holding the bias; QA, QE: what the last row
 * loads. */
#define AB_DSP_DW3M_ROWS(PRE, T, LAST, QA, QE, R)                                                      \
  PRE AB_DSP_DW3M_LA("0") AB_DSP_DW3M_LE("e0", "o0", "0")                                              \
  T("0", LAST, LAST, LAST, LAST, LAST, LAST, "o0", AB_DSP_DW3M_NA, AB_DSP_DW3M_NE, "8", "o1")          \
  T("8", "c0", "c1", "c2", "c3", "c4", "c5", "o1", AB_DSP_DW3M_NA, AB_DSP_DW3M_NE, "16", "o2")         \
  T("16", "c0", "c1", "c2", "c3", "c4", "c5", "o2", QA, QE, "", "") R
#define AB_DSP_DW3M_REGS [a] "=&r"(a), [b] "=&r"(b), [e0] "=&r"(e0), [e1] "=&r"(e1)
#define AB_DSP_DW3M_ROW_OPERANDS [r] "r"(row), [w] "r"(w), [o0] "i"(0), [o1] "i"(2 * slot), [o2] "i"(4 * slot)
/* the store variant's accumulators: scalars (asm outputs in an array GCC stores to memory), the
 * bias loaded into the last by the asm */
#define AB_DSP_DW3M_Q1 [c0] "=&r"(q0)
#define AB_DSP_DW3M_Q2 AB_DSP_DW3M_Q1, [c1] "=&r"(q1)
#define AB_DSP_DW3M_Q3 AB_DSP_DW3M_Q2, [c2] "=&r"(q2)
#define AB_DSP_DW3M_Q4 AB_DSP_DW3M_Q3, [c3] "=&r"(q3)
#define AB_DSP_DW3M_Q5 AB_DSP_DW3M_Q4, [c4] "=&r"(q4)
#define AB_DSP_DW3M_Q6 AB_DSP_DW3M_Q5, [c5] "=&r"(q5)
/* the store variant loads the bias itself (GCC reached it through an index on the stack) */
#define AB_DSP_DW3M_BIAS(LAST) "ldr %[" LAST "], [%[rq]]\n\t"
/* Accumulators c[0..n-1] of one chunk of outputs of one channel, or (store) those outputs
 * requantized and stored at out[0], out[cout], ... (rq: the channel's entry). */
#define AB_DSP_DW3M_CHUNK(T, LAST, C, Q, R)                                                             \
  if (store) {                                                                                          \
    __asm__ volatile(AB_DSP_DW3M_ROWS(AB_DSP_DW3M_BIAS(LAST), T, LAST, AB_DSP_DW3M_QA, AB_DSP_DW3M_QE, R) \
                     : Q, AB_DSP_DW3M_REGS                                                              \
                     : AB_DSP_DW3M_ROW_OPERANDS, [rq] "r"(rq), [out] "r"(out), [d0] "i"(0),             \
                       [d1] "i"(cout), [d2] "i"(2 * cout), [d3] "i"(3 * cout), [d4] "i"(4 * cout),      \
                       [d5] "i"(5 * cout)                                                               \
                     : "memory");                                                                       \
  } else {                                                                                              \
    __asm__(AB_DSP_DW3M_ROWS("", T, LAST, AB_DSP_DW3M_XA, AB_DSP_DW3M_XE, "")                          \
            : C, AB_DSP_DW3M_REGS                                                                       \
            : AB_DSP_DW3M_ROW_OPERANDS                                                                  \
            : "memory");                                                                                \
  }
AB_DSP_INLINE void ab_dsp_dw3_chunk_m7(int32_t* c, const int16_t* row, ab_idx_t slot, ab_idx_t stride,
                                       const uint32_t* w, int32_t bias, ab_idx_t n, int store, const int32_t* rq,
                                       int8_t* out, ab_idx_t cout) {
  uint32_t a, b, e0, e1;
  int32_t q0, q1, q2, q3, q4, q5;
  if (!store) c[n - 1] = bias;
  if (stride == 1 && n == 6) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S1_6, "c5", AB_DSP_DW3_C6, AB_DSP_DW3M_Q6, AB_DSP_DW3R_6)
  } else if (n == 6) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S2_6, "c5", AB_DSP_DW3_C6, AB_DSP_DW3M_Q6, AB_DSP_DW3R_6)
  } else if (stride == 1 && n == 5) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S1_5, "c4", AB_DSP_DW3_C5, AB_DSP_DW3M_Q5, AB_DSP_DW3R_5)
  } else if (n == 5) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S2_5, "c4", AB_DSP_DW3_C5, AB_DSP_DW3M_Q5, AB_DSP_DW3R_5)
  } else if (stride == 1 && n == 4) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S1_4, "c3", AB_DSP_DW3_C4, AB_DSP_DW3M_Q4, AB_DSP_DW3R_4)
  } else if (n == 4) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S2_4, "c3", AB_DSP_DW3_C4, AB_DSP_DW3M_Q4, AB_DSP_DW3R_4)
  } else if (stride == 1 && n == 3) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S1_3, "c2", AB_DSP_DW3_C3, AB_DSP_DW3M_Q3, AB_DSP_DW3R_3)
  } else if (n == 3) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S2_3, "c2", AB_DSP_DW3_C3, AB_DSP_DW3M_Q3, AB_DSP_DW3R_3)
  } else if (stride == 1 && n == 2) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S1_2, "c1", AB_DSP_DW3_C2, AB_DSP_DW3M_Q2, AB_DSP_DW3R_2)
  } else if (n == 2) {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_S2_2, "c1", AB_DSP_DW3_C2, AB_DSP_DW3M_Q2, AB_DSP_DW3R_2)
  } else {
    AB_DSP_DW3M_CHUNK(AB_DSP_DW3M_X_1, "c0", AB_DSP_DW3_C1, AB_DSP_DW3M_Q1, AB_DSP_DW3R_1)
  }
  (void)q1, (void)q2, (void)q3, (void)q4, (void)q5;
}
#endif

/* Hides a pointer's value from the optimizer, so that what is loaded through it is loaded again
 * where it is used: the 3x3 kernel has more values per block of outputs (six weight words, four
 * accumulators, the channel's requantization, the row and output pointers) than the M4 has
 * registers, and reloading the weights beside the row's loads costs less than the spills GCC
 * makes instead (hoisted out of the loop, they were). */
#if defined(__GNUC__)
#define AB_DSP_DW_RELOAD(ptr) __asm__("" : "+r"(ptr))
#else
#define AB_DSP_DW_RELOAD(ptr) ((void)0)
#endif

/* Outputs 0..n-1 (n <= AB_DSP_DW3_BLOCK) of a block of one channel; row: its first transposed
 * row where the block starts, the others `slot` values after each other; w: its six weight
 * words, rq: its requantization entry. */
AB_DSP_INLINE void ab_dsp_dw3_outputs(const ab_dsp_depthwise_conv2d_params* p, const int16_t* row, ab_idx_t slot,
                                      const uint32_t* w, const int32_t* rq, int8_t* out, ab_idx_t n) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t stride = r->stride_w;
#if defined(AB_DSP_DW3_ASM) || defined(AB_DSP_DW3_ASM_M7)
  /* Chunks of four outputs (a block of five or six whole), each requantized before the next: fewer live
   * accumulators. The rows' distance must fit a load's immediate offset (4095 bytes). */
  if (__builtin_constant_p(slot) && 4 * slot + 24 < 4096) {
    const int32_t bias = rq[0];
    AB_UNROLL
    for (ab_idx_t i = 0; i < n; i += 4) {
      const ab_idx_t m = n == 6 || n == 5 ? n : n - i < 4 ? n - i : 4;
      int32_t acc[6];
#ifdef AB_DSP_DW3_ASM_M7
      /* requantized and stored by the asm where the layer allows (ab_dsp_dw3_chunk_m7) */
      const int store = p->requant == AB_DSP_RQ_FOLDED_CLAMPED && r->act_min <= -128 && r->act_max >= 127 &&
                        __builtin_constant_p(r->output.c) && 5 * r->output.c < 4096;
      ab_dsp_dw3_chunk_m7(acc, row + i * stride, slot, stride, w, bias, m, store, rq, out + i * r->output.c,
                          r->output.c);
      if (store) {
        if (m > 4) break;
        continue;
      }
#else
      ab_dsp_dw3_chunk_asm(acc, row + i * stride, slot, stride, w, bias, m);
#endif
      const ab_dsp_channel c = ab_dsp_channel_at(rq);
      AB_UNROLL
      for (ab_idx_t j = 0; j < m; ++j) {
        out[(i + j) * r->output.c] = ab_dsp_requantize_channel(acc[j], c, p->requant, 0, r->act_min, r->act_max);
      }
      if (m > 4) break;
    }
    return;
  }
#endif
  AB_DSP_DW_RELOAD(w);
  AB_DSP_DW_RELOAD(rq);
  const int32_t bias = rq[0];
  ab_dsp_acc_dw3 acc;
  AB_UNROLL
  for (ab_idx_t i = 0; i < AB_DSP_DW3_BLOCK; ++i) acc.a[i] = bias;
  ab_dsp_dw3_kernel_row(&acc, row, stride, w[0], w[1], n);
  ab_dsp_dw3_kernel_row(&acc, row + slot, stride, w[2], w[3], n);
  ab_dsp_dw3_kernel_row(&acc, row + 2 * slot, stride, w[4], w[5], n);
  const ab_dsp_channel c = ab_dsp_channel_at(rq);
  AB_UNROLL
  for (ab_idx_t i = 0; i < n; ++i) {
    out[i * r->output.c] = ab_dsp_requantize_channel(acc.a[i], c, p->requant, 0, r->act_min, r->act_max);
  }
}

/* One output row of one channel (output channel oc); row: its first transposed row, the others
 * `slot` values after each other. */
AB_DSP_INLINE void ab_dsp_dw3_row(const ab_dsp_depthwise_conv2d_params* p, const int16_t* row, ab_idx_t slot,
                                  const void* weights, ab_idx_t oc, int8_t* out) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, ow = r->output.w, stride = r->stride_w;
  const uint32_t* w = (const uint32_t*)weights + oc * 6;
  const int32_t* rq = p->rq + oc * AB_DSP_RQ_STRIDE;
  const ab_idx_t block = ab_dsp_dw3_block(ow, stride);
  out += oc;
  ab_idx_t x = 0;
  /* Rows of a few blocks without a taken branch per block (GCC leaves longer rows a loop); at
   * most 16 outputs where the multiplies are the M4's asm: VWW's 24-wide rows unrolled as four
   * of its blocks of 6 outgrew the L4R5's instruction cache (2.3x the cycles), while the M7's
   * C took 5 % fewer cycles unrolled. */
  if (ow <= (AB_DSP_DUAL_ISSUE ? 24 : 16) && stride == 1) {
    AB_UNROLL4
    for (; x + block <= ow; x += block, row += block * stride, out += block * cout) {
      ab_dsp_dw3_outputs(p, row, slot, w, rq, out, block);
    }
  } else {
    _Pragma("GCC unroll 1")
    for (; x + block <= ow; x += block, row += block * stride, out += block * cout) {
      ab_dsp_dw3_outputs(p, row, slot, w, rq, out, block);
    }
  }
  if (ow % block != 0) ab_dsp_dw3_outputs(p, row, slot, w, rq, out, ow % block);
}

/* weights: per output channel, per kernel row, the words [w0, w1] and [w1, w2] (pairs = 2).
 * scratch: (2 * ring_rows - 1) * block_channels * row_width int16 values, word-aligned (the
 * mirrored ring). Overlap as ab_dsp_depthwise_conv2d_s8. */
AB_DSP_INLINE void ab_dsp_depthwise_conv2d_3x3_s8(const ab_dsp_depthwise_conv2d_params* p,
                                                  const int8_t* input, const void* AB_RESTRICT weights,
                                                  int8_t* output, void* AB_RESTRICT scratch) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t mult = r->depth_multiplier, cout = r->output.c, ow = r->output.w;
  const ab_idx_t slot = p->block_channels * p->row_width;
  ab_dsp_dw_ring ring;
  ring.slots = (int16_t*)scratch;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    int8_t* out_image = output + b * r->output.h * ow * cout;
    for (ab_idx_t c0 = 0; c0 < r->input.c; c0 += p->block_channels) {
      ab_dsp_dw_ring_start(&ring, p, 1);
      for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
        const int16_t* rows[AB_DSP_DW_MAX_RING] = {0};
        ab_dsp_dw_ring_rows(&ring, p, image, oy, c0, rows, 1);
        for (ab_idx_t ic = 0; ic < p->block_channels; ++ic) {
          for (ab_idx_t m = 0; m < mult; ++m) {
            ab_dsp_dw3_row(p, rows[0] + ic * p->row_width, slot, weights, (c0 + ic) * mult + m, out_image + oy * ow * cout);
          }
        }
      }
    }
  }
}

/* The 3x3 kernel on whole images (dsp_dw3x3_image, for small feature maps): all input rows of a
 * channel block are transposed first, into ring_rows slots, one per row from the top padding to
 * the bottom one; then each channel's output rows are done one after the other, while its
 * weights and requantization stay in the data cache. In place channel over channel (multiplier
 * 1): a block is transposed whole before any of its outputs is written.
 * scratch: ring_rows * block_channels * row_width int16 values, word-aligned. */
AB_DSP_INLINE void ab_dsp_depthwise_conv2d_3x3_image_s8(const ab_dsp_depthwise_conv2d_params* p,
                                                        const int8_t* input, const void* AB_RESTRICT weights,
                                                        int8_t* output, void* AB_RESTRICT scratch) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t mult = r->depth_multiplier, cout = r->output.c, ow = r->output.w;
  const ab_idx_t slot = p->block_channels * p->row_width;
  int16_t* const slots = (int16_t*)scratch;
  /* The padding rows and columns keep the zero point from here on: transposing writes only the
   * inner columns of the inner rows, and every block has the same size. */
  ab_dsp_dw_clear(slots, p->ring_rows * slot, -r->input_offset);
  const ab_idx_t last_row = p->ring_rows - r->pad_h < r->input.h ? p->ring_rows - r->pad_h : r->input.h;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * r->input.w * r->input.c;
    int8_t* out_image = output + b * r->output.h * ow * cout;
    for (ab_idx_t c0 = 0; c0 < r->input.c; c0 += p->block_channels) {
      for (ab_idx_t iy = 0; iy < last_row; ++iy) {
        ab_dsp_dw_transpose(slots + (iy + r->pad_h) * slot, 0, p, image, iy, c0, p->block_channels);
      }
      for (ab_idx_t ic = 0; ic < p->block_channels; ++ic) {
        for (ab_idx_t m = 0; m < mult; ++m) {
          for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
            ab_dsp_dw3_row(p, slots + oy * r->stride_h * slot + ic * p->row_width, slot, weights, (c0 + ic) * mult + m,
                           out_image + oy * ow * cout);
          }
        }
      }
    }
  }
}

/* The 3x3 kernel of horizontal stride 2 on the input as stored (dsp_dw3x3_s2): no transposition.
 * Two channels at a time: the halfwords of channels c, c+1 at columns x and x+1, joined into one
 * word and split by SXTB16, give each channel its int16 pair of taps [v(x), v(x+1)], which SMLAD
 * multiplies with [w0, w1]; with stride 2 the output to the left has its last tap at x, so it
 * takes the pair's bottom lane times w2 (SMLABB, SMLABT). Blocks of AB_DSP_DW2_BLOCK outputs of a
 * row (blocks of 3 leave GCC more live values than registers: spills, 1.35-1.6x the cycles):
 * every input value is loaded once per block and kernel row (the transposing kernels store it and
 * load it again), and a channel pair's 68 bytes of weights and requantization stay in the data
 * cache while it walks the whole image. */
#define AB_DSP_DW2_BLOCK 2

/* Where a block's window may leave the input: nowhere (0), in rows or columns of the padding
 * (checked per value), or only at its last column, which is the right padding (SAME padding of an
 * even width puts the padding there alone). */
#define AB_DSP_DW2_ROWS 1
#define AB_DSP_DW2_COLUMNS 2
#define AB_DSP_DW2_RIGHT 4

/* Channels c, c+1 of input pixel (iy + dy, ix + dx) as a halfword, or the zero point's halfword
 * `pad` where the pixel lies in the padding (checked as `check` says); image points at channel c
 * of the input, at (pixel (iy, ix) of it, unless `check` is set). */
AB_DSP_INLINE uint32_t ab_dsp_dw2_half(const int8_t* image, const int8_t* at, const ab_depthwise_conv2d_params* r,
                                       ab_idx_t iy, ab_idx_t ix, ab_idx_t dy, ab_idx_t dx, uint32_t pad, int check) {
  uint16_t h;
  if (check & (AB_DSP_DW2_ROWS | AB_DSP_DW2_COLUMNS)) {
    if ((check & AB_DSP_DW2_ROWS) && (iy + dy < 0 || iy + dy >= r->input.h)) return pad;
    if ((check & AB_DSP_DW2_COLUMNS) && (ix + dx < 0 || ix + dx >= r->input.w)) return pad;
    memcpy(&h, image + ((iy + dy) * r->input.w + ix + dx) * r->input.c, sizeof h);
  } else {
    memcpy(&h, at + (dy * r->input.w + dx) * r->input.c, sizeof h);
  }
  return h;
}

/* Outputs 0..n-1 (n <= AB_DSP_DW2_BLOCK) of channels c, c+1, the window of output 0 starting at
 * input (iy, ix); image and out point at channel c; w: the pair's nine weight words, per kernel
 * row [w0, w1] of c, [w0, w1] of c+1, [w2 of c, w2 of c+1]; rq: the two channels' requantization
 * entries; where: AB_DSP_DW2_* flags. */
AB_DSP_INLINE void ab_dsp_dw2_block(const ab_dsp_depthwise_conv2d_params* p, const int8_t* image, ab_idx_t iy,
                                    ab_idx_t ix, const uint32_t* w, const int32_t* rq, int8_t* out, ab_idx_t n,
                                    int where, uint32_t pad) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  int32_t a0[AB_DSP_DW2_BLOCK + 1], a1[AB_DSP_DW2_BLOCK + 1];
  AB_DSP_DW_RELOAD(w);
  AB_DSP_DW_RELOAD(rq);
  /* one pointer and constant offsets for the window's values (GCC otherwise keeps a pointer per
   * value, and spills them) */
  const int8_t* at = where & (AB_DSP_DW2_ROWS | AB_DSP_DW2_COLUMNS) ? image : image + (iy * r->input.w + ix) * r->input.c;
  AB_DSP_DW_RELOAD(at);
  AB_DSP_DW_RELOAD(out);
  const int32_t bias0 = rq[0], bias1 = rq[AB_DSP_RQ_STRIDE];
  AB_UNROLL
  for (ab_idx_t j = 0; j <= AB_DSP_DW2_BLOCK; ++j) {
    a0[j] = bias0;
    a1[j] = bias1;
  }
  AB_UNROLL
  for (ab_idx_t kh = 0; kh < 3; ++kh) {
    const uint32_t w0 = w[3 * kh], w1 = w[3 * kh + 1], w2 = w[3 * kh + 2];
    AB_UNROLL
    for (ab_idx_t j = 0; j <= AB_DSP_DW2_BLOCK; ++j) {
      if (j <= n) {
        uint32_t t = (where & AB_DSP_DW2_RIGHT) && j == n ? pad
                                                           : ab_dsp_dw2_half(image, at, r, iy, ix, kh, 2 * j, pad, where);
        if (j < n) t |= ab_dsp_dw2_half(image, at, r, iy, ix, kh, 2 * j + 1, pad, where) << 16;
        const uint32_t v0 = ab_sxtb16(t), v1 = ab_sxtb16_ror8(t);
        if (j < n) {
          a0[j] = ab_smlad(v0, w0, a0[j]);
          a1[j] = ab_smlad(v1, w1, a1[j]);
        }
        if (j > 0) {
          a0[j - 1] = ab_smlabb(v0, w2, a0[j - 1]);
          a1[j - 1] = ab_smlabt(v1, w2, a1[j - 1]);
        }
      }
    }
  }
  const ab_dsp_channel c0 = ab_dsp_channel_at(rq), c1 = ab_dsp_channel_at(rq + AB_DSP_RQ_STRIDE);
  AB_UNROLL
  for (ab_idx_t j = 0; j < AB_DSP_DW2_BLOCK; ++j) {
    if (j < n) {
      out[j * r->output.c] = ab_dsp_requantize_channel(a0[j], c0, p->requant, 0, r->act_min, r->act_max);
      out[j * r->output.c + 1] = ab_dsp_requantize_channel(a1[j], c1, p->requant, 0, r->act_min, r->act_max);
    }
  }
}

/* weights: per pair of channels, per kernel row, the three words of ab_dsp_dw2_block. Multiplier
 * 1, an even channel count, no scratch. Channel pairs one after the other, each over the whole
 * image; the layer does not run in place. */
AB_DSP_INLINE void ab_dsp_depthwise_conv2d_3x3_s2_s8(const ab_dsp_depthwise_conv2d_params* p,
                                                     const int8_t* AB_RESTRICT input, const void* AB_RESTRICT weights,
                                                     int8_t* AB_RESTRICT output) {
  const ab_depthwise_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, ow = r->output.w, cout = r->output.c, width = r->input.w;
  const ab_idx_t full = ow / AB_DSP_DW2_BLOCK * AB_DSP_DW2_BLOCK, tail = ow % AB_DSP_DW2_BLOCK;
  const uint32_t zero_point = (uint32_t)(uint8_t)(int8_t)(-r->input_offset);
  const uint32_t pad = zero_point | zero_point << 8;
  const int everywhere = AB_DSP_DW2_ROWS | AB_DSP_DW2_COLUMNS;
  for (ab_idx_t b = 0; b < r->output.n; ++b) {
    const int8_t* image = input + b * r->input.h * width * cin;
    int8_t* out_image = output + b * r->output.h * ow * cout;
    for (ab_idx_t c = 0; c < cin; c += 2) {
      const uint32_t* w = (const uint32_t*)weights + c / 2 * 9;
      const int32_t* rq = p->rq + c * AB_DSP_RQ_STRIDE;
      for (ab_idx_t oy = 0; oy < r->output.h; ++oy) {
        const ab_idx_t iy = oy * r->stride_h - r->pad_h;
        const int rows_inside = iy >= 0 && iy + 2 < r->input.h;
        int8_t* out = out_image + oy * ow * cout + c;
        /* Blocks inside the input in a loop of their own, so that GCC does not merge their code
         * with the checked blocks' (it then tests the checks at run time). */
        ab_idx_t ox = 0;
        if (rows_inside) {
          for (; ox < full && 2 * ox < r->pad_w; ox += AB_DSP_DW2_BLOCK) {
            ab_dsp_dw2_block(p, image + c, iy, 2 * ox - r->pad_w, w, rq, out + ox * cout, AB_DSP_DW2_BLOCK, everywhere, pad);
          }
          for (; ox < full && 2 * (ox + AB_DSP_DW2_BLOCK) - r->pad_w < width; ox += AB_DSP_DW2_BLOCK) {
            ab_dsp_dw2_block(p, image + c, iy, 2 * ox - r->pad_w, w, rq, out + ox * cout, AB_DSP_DW2_BLOCK, 0, pad);
          }
          if (ox < full && 2 * (ox + AB_DSP_DW2_BLOCK) - r->pad_w == width) {
            ab_dsp_dw2_block(p, image + c, iy, 2 * ox - r->pad_w, w, rq, out + ox * cout, AB_DSP_DW2_BLOCK, AB_DSP_DW2_RIGHT, pad);
            ox += AB_DSP_DW2_BLOCK;
          }
        }
        for (; ox < full; ox += AB_DSP_DW2_BLOCK) {
          ab_dsp_dw2_block(p, image + c, iy, 2 * ox - r->pad_w, w, rq, out + ox * cout, AB_DSP_DW2_BLOCK, everywhere, pad);
        }
        if (tail != 0) ab_dsp_dw2_block(p, image + c, iy, 2 * full - r->pad_w, w, rq, out + full * cout, tail, everywhere, pad);
      }
    }
  }
}

#endif /* AB_DSP_DEPTHWISE_CONV2D_H */
