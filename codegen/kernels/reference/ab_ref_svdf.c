/* SVDF reference kernel (TFLite Micro's integer SVDF): a feature projection of the input is
 * appended to a per-filter memory (the state), which time weights then reduce to the output. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* The state and the time weights share one element type, int8 or int16. */
static int32_t element(const void* data, int32_t type, ab_idx_t i) {
  return type == AB_ELEM_INT16 ? ((const int16_t*)data)[i] : ((const int8_t*)data)[i];
}

static void set_element(void* data, int32_t type, ab_idx_t i, int32_t v) {
  if (type == AB_ELEM_INT16) {
    ((int16_t*)data)[i] = (int16_t)v;
  } else {
    ((int8_t*)data)[i] = (int8_t)v;
  }
}

/* Drops each filter's oldest value and appends the input's projection onto that filter. */
static void push_features(const ab_svdf_params* p, const int8_t* in_row, const int8_t* weights_feature,
                          void* state_rows) {
  const int32_t lo = p->state_type == AB_ELEM_INT16 ? INT16_MIN : INT8_MIN;
  const int32_t hi = p->state_type == AB_ELEM_INT16 ? INT16_MAX : INT8_MAX;
  for (ab_idx_t f = 0; f < p->num_filters; ++f) {
    const ab_idx_t row = f * p->memory_size;
    for (ab_idx_t m = 0; m + 1 < p->memory_size; ++m) {
      set_element(state_rows, p->state_type, row + m, element(state_rows, p->state_type, row + m + 1));
    }
    const int8_t* w = weights_feature + f * p->input_size;
    int32_t acc = 0;
    for (ab_idx_t d = 0; d < p->input_size; ++d) acc += (int32_t)w[d] * ((int32_t)in_row[d] + p->input_offset);
    acc = ab_clamp_i32(ab_mbqm(acc, p->feature_multiplier, p->feature_shift), lo, hi);
    /* The zero point is added after the clamp, so the sum may wrap in the state's type, as in
     * TFLite Micro. */
    set_element(state_rows, p->state_type, row + p->memory_size - 1, ab_wrap_add(acc, p->state_zero_point));
  }
}

void ab_ref_svdf(const ab_svdf_params* p, const int8_t* input, const int8_t* weights_feature,
                 const void* weights_time, const int32_t* bias, void* state, int8_t* output) {
  const ab_idx_t units = p->num_filters / p->rank;
  const ab_idx_t state_row_elements = p->num_filters * p->memory_size;
  const ab_idx_t element_bytes = p->state_type == AB_ELEM_INT16 ? 2 : 1;
  for (ab_idx_t b = 0; b < p->batches; ++b) {
    void* rows = (uint8_t*)state + b * state_row_elements * element_bytes;
    push_features(p, input + b * p->input_size, weights_feature, rows);
    for (ab_idx_t u = 0; u < units; ++u) {
      /* The unit's filters are consecutive rows. Each product fits int32; the sum wraps as the
       * reference's per-filter sums and their reduction would (the order is then immaterial). */
      int32_t acc = bias[u];
      for (ab_idx_t i = u * p->rank * p->memory_size; i < (u + 1) * p->rank * p->memory_size; ++i) {
        const int32_t s = element(rows, p->state_type, i) - p->state_zero_point;
        acc = ab_wrap_add(acc, element(weights_time, p->state_type, i) * s);
      }
      const int32_t y = ab_mbqm(acc, p->output_multiplier, p->output_shift) + p->output_offset;
      output[b * units + u] = (int8_t)ab_clamp_i32(y, INT8_MIN, INT8_MAX);
    }
  }
}
