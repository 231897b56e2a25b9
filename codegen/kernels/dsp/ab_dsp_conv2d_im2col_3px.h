/* CONV_2D of any window with the three-pixel register block of ab_dsp_conv2d_3px.h: three output
 * pixels' im2col columns (ab_dsp_conv2d.h's gather, interleaved three ways) go through the same
 * dot products as the pointwise layers (ab_dsp_dot3x2_w16: one asm loop for both). The 3x3 layers
 * of 16-64 channels gain most: their columns are 144-576 lanes, against which gathering three of
 * them is cheap.
 *
 * Weights: ab_dsp_conv2d.h's int16 layout (AB_DSP_W16, or AB_DSP_W8_TO_RAM widened on every run).
 * scratch: the three-pixel column (6 * depth bytes, word-aligned), if packed the window's bytes
 * (depth), then for AB_DSP_W8_TO_RAM the widened weights and the requantization table as in
 * ab_dsp_conv2d_s8. Input and output may overlap: a block's three windows are gathered before
 * any of its outputs is written, pixels in raster order. */
#ifndef AB_DSP_CONV2D_IM2COL_3PX_H
#define AB_DSP_CONV2D_IM2COL_3PX_H

#include "ab_dsp_conv2d_3px.h"

/* ab_dsp_dot3x2_w16 out of line (GCC makes one copy per group count and order). Inlined into a
 * layer beside the gather and the requantization, its asm's 13 registers were sometimes more
 * than GCC 12 could find ("impossible constraints"): at -Os, and at -O2/-O3 on the Cortex-M7,
 * whose scheduling before register allocation moves other values across the asm. The call
 * costs about 40 cycles a channel pair of a block. */
static __attribute__((noinline, unused)) ab_dsp_acc3x2 ab_dsp_im2col_dot3x2(const uint32_t* cols, const uint32_t* w,
                                                                           ab_idx_t groups, int32_t bias0,
                                                                           int32_t bias1, int dual) {
  return ab_dsp_dot3x2_w16(cols, w, groups, bias0, bias1, dual);
}

/* The outputs of a block of n (1-3) pixels whose three-pixel column is `cols`, every channel pair
 * (as ab_dsp_conv2d_3px_block, with the dot products out of line); n a constant. */
AB_DSP_INLINE void ab_dsp_im2col_3px_block(const ab_dsp_conv2d_params* p, const uint32_t* cols, const uint32_t* w,
                                           const int32_t* rq, int8_t* out, ab_idx_t n, int dual) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, groups = p->depth / 4;
  for (ab_idx_t oc = 0; oc < cout; oc += 2, w += 4 * groups, rq += 2 * AB_DSP_RQ_STRIDE) {
    const ab_dsp_acc3x2 a = ab_dsp_im2col_dot3x2(cols, w, groups, rq[0], rq[AB_DSP_RQ_STRIDE], dual);
    ab_dsp_store3x2_pair(p, a, rq, out + oc, n, oc + 1 < cout, dual);
  }
}

/* dual: the inner loop's order for a dual-issue core (a constant). */
AB_DSP_INLINE void ab_dsp_conv2d_im2col_3px_run(const ab_dsp_conv2d_params* p, const int8_t* input,
                                                const void* AB_RESTRICT weights, int8_t* output,
                                                void* AB_RESTRICT scratch, int dual) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cout = r->output.c, groups = p->depth / 4;
  const ab_idx_t pixels = r->output.n * r->output.h * r->output.w, full = pixels / 3 * 3;
  uint32_t* const cols = (uint32_t*)scratch;
  int8_t* const window = (int8_t*)(cols + 6 * groups); /* after the columns, if packed */
  const uint32_t* layer_weights = (const uint32_t*)weights;
  const int32_t* layer_rq = p->rq;
  if (p->packed) {
    /* the lanes past the window's rows meet zero weights; zero, so they are defined */
    for (ab_idx_t j = r->filter.h * p->row_run; j < p->depth; ++j) window[j] = 0;
  }
  if (p->weights == AB_DSP_W8_TO_RAM) {
    ab_dsp_conv2d_to_ram(p, cols + 6 * groups + (p->packed ? groups : 0), &layer_weights, &layer_rq);
  }
  for (ab_idx_t px = 0; px < full; px += 3) {
    for (ab_idx_t k = 0; k < 3; ++k) ab_dsp_column(cols + 2 * k, window, p, input, px + k, 3);
    ab_dsp_im2col_3px_block(p, cols, layer_weights, layer_rq, output + px * cout, 3, dual);
  }
  if (full < pixels) { /* one or two pixels left: the last one repeated */
    for (ab_idx_t k = 0; k < 3; ++k) {
      ab_dsp_column(cols + 2 * k, window, p, input, full + k < pixels ? full + k : pixels - 1, 3);
    }
    ab_dsp_im2col_3px_block(p, cols, layer_weights, layer_rq, output + full * cout, pixels - full, dual);
  }
}

/* dsp_im2col_3px_w16, dsp_im2col_3px_ram */
AB_DSP_INLINE void ab_dsp_conv2d_im2col_3px_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                               const void* AB_RESTRICT weights, int8_t* output,
                                               void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_im2col_3px_run(p, input, weights, output, scratch, 0);
}

/* dsp_im2col_3px_dual_w16, dsp_im2col_3px_dual_ram */
AB_DSP_INLINE void ab_dsp_conv2d_im2col_3px_dual_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                                    const void* AB_RESTRICT weights, int8_t* output,
                                                    void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_im2col_3px_run(p, input, weights, output, scratch, 1);
}

#endif /* AB_DSP_CONV2D_IM2COL_3PX_H */
