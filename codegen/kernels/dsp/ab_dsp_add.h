/* ADD through lookup tables. TFLite's int8 ADD rescales each input on its own (offset, left
 * shift, multiplier, rounding shift), sums and rescales the sum: each input's contribution is a
 * function of its byte alone, so the prepare step tabulates it, 256 int32 per input, building
 * tables whose sum, shifted right, is the output itself, checked for all 65536 pairs of input
 * bytes. The input with the larger scale is rescaled exactly linearly (by 1/2), so usually one
 * table and a multiply-accumulate do (LINEAR: a byte load, a signed byte load, a table load, MLA,
 * SSAT with shift, a byte store per element); else two tables (TABLE); where no such tables
 * exist (no oracle model's layer, no random layer of the tests) they hold the reference's
 * rescaled inputs and the sum is rescaled as the reference does (EXACT).
 *
 * Static inline and specialized per layer, like ab_dsp_conv2d.h. */
#ifndef AB_DSP_ADD_H
#define AB_DSP_ADD_H

#include "ab_dsp_acle.h"
#include "ab_dsp_params.h"
#include "ab_dsp_requant.h"

/* One output from the two inputs' bytes (TABLE and EXACT modes). */
AB_DSP_INLINE int8_t ab_dsp_add_one(const ab_dsp_add_params* p, const int32_t* t1, const int32_t* t2, uint8_t x,
                                    uint8_t y) {
  const ab_add_params* r = &p->ref;
  const int32_t sum = t1[x] + t2[y];
  if (p->mode == AB_DSP_ADD_TABLE) return (int8_t)ab_dsp_clamp(sum >> p->shift, r->act_min, r->act_max);
  const int32_t v = ab_mbqm_lt_one(sum, r->output_multiplier, r->output_shift) + r->output_offset;
  return (int8_t)ab_dsp_clamp(v, r->act_min, r->act_max);
}

/* tables: LINEAR: t (256 entries, indexed by the table input's bytes as uint8_t); else t1 for
 * the first input, then t2 for the second. */
AB_DSP_INLINE void ab_dsp_add_s8(const ab_dsp_add_params* p, const int8_t* input1, const int8_t* input2,
                                 const int32_t* tables, int8_t* output) {
  const ab_add_params* r = &p->ref;
  const ab_idx_t n = r->flat_size;
  ab_idx_t i = 0;
  if (p->mode == AB_DSP_ADD_LINEAR) {
    const uint8_t* u = (const uint8_t*)(p->swap ? input2 : input1);
    const int8_t* v = p->swap ? input1 : input2;
    for (; i + 8 <= n; i += 8) {
      AB_UNROLL
      for (ab_idx_t k = 0; k < 8; ++k) {
        output[i + k] = (int8_t)ab_dsp_clamp((tables[u[i + k]] + p->alpha * v[i + k]) >> p->shift, r->act_min,
                                             r->act_max);
      }
    }
    for (; i < n; ++i) {
      output[i] = (int8_t)ab_dsp_clamp((tables[u[i]] + p->alpha * v[i]) >> p->shift, r->act_min, r->act_max);
    }
    return;
  }
  const int32_t* const t1 = tables;
  const int32_t* const t2 = tables + 256;
  const uint8_t* a = (const uint8_t*)input1;
  const uint8_t* b = (const uint8_t*)input2;
  for (; i + 8 <= n; i += 8) {
    AB_UNROLL
    for (ab_idx_t k = 0; k < 8; ++k) output[i + k] = ab_dsp_add_one(p, t1, t2, a[i + k], b[i + k]);
  }
  for (; i < n; ++i) output[i] = ab_dsp_add_one(p, t1, t2, a[i], b[i]);
}

#endif /* AB_DSP_ADD_H */
