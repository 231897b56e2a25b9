/* SVDF (int8 input and output, int8 or int16 state and time weights) with the DSP extension.
 *
 * One inference drops each filter's oldest state value and appends the input's feature product
 * onto the filter (a fully-connected product, int8 weights), then reduces every unit's memory
 * with its time weights. The reference spends most of its time on per-element work around small
 * products: here the state moves down by one element as one forward copy of words (each filter's
 * row is followed by the next, and every row's last element is written next anyway), the
 * feature products go through the FULLY_CONNECTED kernel's machinery (ab_dsp_fully_connected.h,
 * four filters at a time), and each unit's memory meets its time weights, expanded to int16
 * lanes at generation time, with SMLAD. The state zero point is folded into the time products'
 * start values (sum w * (s - zp) = sum w * s - zp * sum w, all modulo 2^32 as the reference's).
 *
 * Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_SVDF_H
#define AB_DSP_SVDF_H

#include "ab_dsp_fully_connected.h"

/* Moves `bytes` bytes down by `by` (1 or 2): dst[i] = dst[i + by], front to back. Word by word
 * (unaligned words are allowed on Armv7-M): each word read lies past every byte written before. */
AB_DSP_INLINE void ab_dsp_svdf_shift(uint8_t* dst, ab_idx_t bytes, ab_idx_t by) {
  const uint8_t* src = dst + by;
  ab_idx_t i = 0;
  AB_UNROLL4
  for (; i + 4 <= bytes; i += 4) ab_write_u32(dst + i, ab_read_u32(src + i));
  for (; i < bytes; ++i) dst[i] = src[i];
}

/* Filters f0 .. f0 + nc - 1 (nc 1..4) of the expanded input row: their new state values, written
 * at the end of their rows of `state` (one batch's). w: the block's feature weights; returns the
 * next block's. */
AB_DSP_INLINE const uint32_t* ab_dsp_svdf_features(const ab_dsp_svdf_params* p, const uint32_t* col,
                                                   const uint32_t* w, ab_idx_t f0, ab_idx_t nc,
                                                   void* AB_RESTRICT state) {
  const ab_svdf_params* r = &p->ref;
  const int32_t* rq = p->feature_rq + f0 * AB_DSP_RQ_STRIDE;
  ab_dsp_fc_acc a = {{0, 0, 0, 0}};
  AB_UNROLL
  for (ab_idx_t c = 0; c < nc; ++c) a.a[c] = rq[c * AB_DSP_RQ_STRIDE];
  ab_dsp_fc_block(&a, col, w, p->input_groups, nc, p->weights);
  AB_UNROLL
  for (ab_idx_t c = 0; c < nc; ++c) {
    const int32_t v = ab_dsp_rescale(a.a[c], ab_dsp_channel_at(rq + c * AB_DSP_RQ_STRIDE), p->feature_requant,
                                     p->feature_acc_shift);
    /* Clamped to the state's type, then the zero point added, wrapping in that type. */
    const ab_idx_t at = (f0 + c) * r->memory_size + r->memory_size - 1;
    if (r->state_type == AB_ELEM_INT16) {
      ((int16_t*)state)[at] = (int16_t)(uint16_t)(uint32_t)(AB_SSAT(v, 16) + r->state_zero_point);
    } else {
      ((int8_t*)state)[at] = (int8_t)(uint8_t)(uint32_t)(AB_SSAT(v, 8) + r->state_zero_point);
    }
  }
  return w + nc * (p->weights == AB_DSP_W8 ? 1 : 2) * p->input_groups;
}

/* acc plus the dot product of n state values (any alignment) with their time weights (int16
 * lanes: [e0,e2],[e1,e3] per group of an int8 state, [e0,e1],[e2,e3] of an int16 one, the last
 * group padded with zeros). */
AB_DSP_INLINE int32_t ab_dsp_svdf_time(const void* s, int32_t wide, const uint32_t* w, ab_idx_t n, int32_t acc) {
  const ab_idx_t whole = n / 4, rest = n % 4;
  uint32_t wa, wb;
  if (wide) {
    const int16_t* v = (const int16_t*)s;
    for (ab_idx_t g = 0; g < whole; ++g) {
      ab_load_pair(&w, &wa, &wb);
      acc = ab_smlad(ab_read_u32(v + 4 * g), wa, acc);
      acc = ab_smlad(ab_read_u32(v + 4 * g + 2), wb, acc);
    }
    if (rest != 0) {
      const int16_t* t = v + 4 * whole;
      ab_load_pair(&w, &wa, &wb);
      acc = ab_smlad(ab_pack16(t[0], rest > 1 ? t[1] : 0), wa, acc);
      acc = ab_smlad(ab_pack16(rest > 2 ? t[2] : 0, 0), wb, acc);
    }
  } else {
    const int8_t* v = (const int8_t*)s;
    for (ab_idx_t g = 0; g < whole; ++g) {
      const uint32_t x = ab_read_u32(v + 4 * g);
      ab_load_pair(&w, &wa, &wb);
      acc = ab_smlad(ab_sxtb16(x), wa, acc);
      acc = ab_smlad(ab_sxtb16_ror8(x), wb, acc);
    }
    if (rest != 0) {
      const int8_t* t = v + 4 * whole;
      ab_load_pair(&w, &wa, &wb);
      acc = ab_smlad(ab_pack16(t[0], rest > 2 ? t[2] : 0), wa, acc);
      acc = ab_smlad(ab_pack16(rest > 1 ? t[1] : 0, 0), wb, acc);
    }
  }
  return acc;
}

/* feature_weights: ab_dsp_fc_block's layout (ab_dsp_weight_format); time_weights: per unit
 * time_groups groups of two words (ab_dsp_svdf_time). state: [batches, num_filters *
 * memory_size] of the state type, updated in place. scratch: the expanded input row,
 * 8 * input_groups bytes, word-aligned. */
AB_DSP_INLINE void ab_dsp_svdf_s8(const ab_dsp_svdf_params* p, const int8_t* AB_RESTRICT input,
                                  const void* AB_RESTRICT feature_weights, const int16_t* AB_RESTRICT time_weights,
                                  void* AB_RESTRICT state, int8_t* AB_RESTRICT output, void* AB_RESTRICT scratch) {
  const ab_svdf_params* r = &p->ref;
  const int32_t wide = r->state_type == AB_ELEM_INT16;
  const ab_idx_t bytes = wide ? 2 : 1, row = r->num_filters * r->memory_size, span = r->rank * r->memory_size;
  const ab_idx_t units = r->num_filters / r->rank;
  const ab_idx_t full = r->num_filters / AB_DSP_FC_BLOCK * AB_DSP_FC_BLOCK;
  uint32_t* const col = (uint32_t*)scratch;
  ab_dsp_svdf_shift((uint8_t*)state, (r->batches * row - 1) * bytes, bytes);
  for (ab_idx_t b = 0; b < r->batches; ++b) {
    uint8_t* rows = (uint8_t*)state + b * row * bytes;
    ab_dsp_fc_expand(col, input + b * r->input_size, r->input_size, 0);
    const uint32_t* w = (const uint32_t*)feature_weights;
    for (ab_idx_t f0 = 0; f0 < full; f0 += AB_DSP_FC_BLOCK) {
      w = ab_dsp_svdf_features(p, col, w, f0, AB_DSP_FC_BLOCK, rows);
    }
    if (r->num_filters > full) ab_dsp_svdf_features(p, col, w, full, r->num_filters - full, rows);
    /* A unit's rank filters are consecutive rows: its memory is one run of rank * memory_size. */
    const uint32_t* wt = (const uint32_t*)(const void*)time_weights;
    for (ab_idx_t u = 0; u < units; ++u, wt += 2 * p->time_groups) {
      const int32_t* rq = p->time_rq + u * AB_DSP_RQ_STRIDE;
      const int32_t acc = ab_dsp_svdf_time(rows + u * span * bytes, wide, wt, span, rq[0]);
      output[b * units + u] = ab_dsp_requantize(acc, rq, p->time_requant, p->time_acc_shift, INT8_MIN, INT8_MAX);
    }
  }
}

#endif /* AB_DSP_SVDF_H */
