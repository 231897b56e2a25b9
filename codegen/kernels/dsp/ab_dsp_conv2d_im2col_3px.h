/* CONV_2D of any window with the three-pixel register block of ab_dsp_conv2d_3px.h: three output
 * pixels' im2col columns (ab_dsp_conv2d.h's gather, interleaved three ways) go through the same
 * inner block and requantization as the pointwise layers. The 3x3 layers of 16-64 channels gain
 * most: their columns are 144-576 lanes, against which gathering three of them is cheap.
 *
 * Weights: ab_dsp_conv2d.h's int16 layout (AB_DSP_W16, or AB_DSP_W8_TO_RAM widened on every run).
 * scratch: the three-pixel column (6 * depth bytes, word-aligned), if packed the window's bytes
 * (depth), then for AB_DSP_W8_TO_RAM the widened weights and the requantization table as in
 * ab_dsp_conv2d_s8. Input and output may overlap: a block's three windows are gathered before
 * any of its outputs is written, pixels in raster order. */
#ifndef AB_DSP_CONV2D_IM2COL_3PX_H
#define AB_DSP_CONV2D_IM2COL_3PX_H

#include "ab_dsp_conv2d_3px.h"

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
    ab_dsp_conv2d_3px_block(p, cols, layer_weights, layer_rq, output + px * cout, 3, dual);
  }
  if (full < pixels) { /* one or two pixels left: the last one repeated */
    for (ab_idx_t k = 0; k < 3; ++k) {
      ab_dsp_column(cols + 2 * k, window, p, input, full + k < pixels ? full + k : pixels - 1, 3);
    }
    ab_dsp_conv2d_3px_block(p, cols, layer_weights, layer_rq, output + full * cout, pixels - full, dual);
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
