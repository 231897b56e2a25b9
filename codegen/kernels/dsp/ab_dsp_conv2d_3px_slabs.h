/* Pointwise CONV_2D with the three-pixel register block (ab_dsp_conv2d_3px.h) on int8 weights
 * widened into RAM a slab of channel pairs at a time: for wide layers whose widened weights do not
 * fit in RAM whole (a 3x3x256 -> 256 layer's are 128 KB), where int16 weights in flash cost the
 * flash reads and the doubled flash. Every input pixel is expanded once, into the three-pixel
 * columns of every block one after the other; then each slab is widened and runs over all blocks.
 * The cost over widening all at once is one pass over the blocks' columns per slab.
 *
 * weights: ab_dsp_conv2d.h's int8 layout (AB_DSP_W8_TO_RAM). scratch, word-aligned: the columns
 * (6 * depth bytes a block of three pixels, the last block's missing pixels repeating its last
 * one), the requantization table (32 bytes a channel pair), the slab (4 * depth bytes a channel
 * pair, slab_pairs of them). Input and output may overlap: every pixel is expanded before any
 * output is written. */
#ifndef AB_DSP_CONV2D_3PX_SLABS_H
#define AB_DSP_CONV2D_3PX_SLABS_H

#include "ab_dsp_conv2d_3px.h"

/* dual: the inner loop's order for a dual-issue core (a constant). */
AB_DSP_INLINE void ab_dsp_conv2d_3px_slabs_run(const ab_dsp_conv2d_params* p, const int8_t* input,
                                               const void* AB_RESTRICT weights, int8_t* output,
                                               void* AB_RESTRICT scratch, int dual) {
  const ab_conv2d_params* r = &p->ref;
  const ab_idx_t cin = r->input.c, cout = r->output.c, groups = p->depth / 4, pairs = (cout + 1) / 2;
  const ab_idx_t pixels = r->output.n * r->output.h * r->output.w, blocks = (pixels + 2) / 3;
  const ab_idx_t block_words = 6 * groups, last = pixels - 3 * (blocks - 1);
  uint32_t* const cols = (uint32_t*)scratch;
  int32_t* const table = (int32_t*)(cols + blocks * block_words);
  uint32_t* const slab = (uint32_t*)(table + 2 * pairs * AB_DSP_RQ_STRIDE);
  for (ab_idx_t px = 0; px < 3 * blocks; ++px) {
    const ab_idx_t at = px < pixels ? px : pixels - 1;
    ab_dsp_expand_3px(cols + px / 3 * block_words + 2 * (px % 3), input + at * cin, groups);
  }
  ab_dsp_copy_rq(table, p->rq, pairs);
  const uint32_t* const w8 = (const uint32_t*)weights;
  for (ab_idx_t first = 0; first < pairs; first += p->slab_pairs) {
    const ab_idx_t n = pairs - first < p->slab_pairs ? pairs - first : p->slab_pairs;
    const ab_idx_t end = 2 * (first + n) < cout ? 2 * (first + n) : cout;
    const int32_t* const rq = table + 2 * first * AB_DSP_RQ_STRIDE;
    ab_dsp_widen_weights(slab, w8 + first * 2 * groups, n * 2 * groups, p->widen_doubles);
    for (ab_idx_t b = 0; b < blocks; ++b) {
      ab_dsp_conv2d_3px_channels(p, cols + b * block_words, slab, rq, output + 3 * b * cout, b + 1 < blocks ? 3 : last,
                                 dual, 2 * first, end);
    }
  }
}

/* dsp_1x1_3px_slabs */
AB_DSP_INLINE void ab_dsp_conv2d_3px_slabs_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                              const void* AB_RESTRICT weights, int8_t* output,
                                              void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_3px_slabs_run(p, input, weights, output, scratch, 0);
}

/* dsp_1x1_3px_dual_slabs */
AB_DSP_INLINE void ab_dsp_conv2d_3px_slabs_dual_s8(const ab_dsp_conv2d_params* p, const int8_t* input,
                                                   const void* AB_RESTRICT weights, int8_t* output,
                                                   void* AB_RESTRICT scratch) {
  ab_dsp_conv2d_3px_slabs_run(p, input, weights, output, scratch, 1);
}

#endif /* AB_DSP_CONV2D_3PX_SLABS_H */
