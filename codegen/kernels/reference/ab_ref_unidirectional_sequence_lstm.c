/* UNIDIRECTIONAL_SEQUENCE_LSTM reference kernel (TFLite Micro's integer LSTM, 8x8->16 and
 * 16x8->16). The reference runs each step gate by gate over whole vectors in four scratch
 * buffers; every value it computes depends on one hidden unit's row of each matrix only, so here
 * each unit runs start to end. The new hidden state goes to the step's output row first, and into
 * the state once every unit has read the previous one. */
#include <string.h>

#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"
#include "ab_ref_sigmoid_s16.h"

/* The weights of the four gates, in the order of ab_lstm_params' gates. */
typedef struct lstm_weights {
  const int8_t* input[4];
  const int8_t* recurrent[4];
  const void* bias[4];
} lstm_weights;

static int16_t saturate_s16(int32_t x) { return (int16_t)ab_clamp_i32(x, INT16_MIN, INT16_MAX); }

/* Output `unit` of a gate's fully-connected product as FULLY_CONNECTED computes it: int8
 * activations accumulate in int32 with an int32 bias, int16 ones in int64 with an int64 bias. */
static int16_t gate_product(const ab_fully_connected_params* fc, int32_t activation_type, const void* x,
                            const int8_t* weights, const void* bias, ab_idx_t unit) {
  const int8_t* w = weights + unit * fc->accum_depth;
  int32_t y;
  if (activation_type == AB_ELEM_INT16) {
    const int16_t* v = (const int16_t*)x;
    int64_t acc = 0;
    for (ab_idx_t d = 0; d < fc->accum_depth; ++d) {
      acc += ((int32_t)w[d] + fc->filter_offset) * ((int32_t)v[d] + fc->input_offset);
    }
    if (bias) acc += ((const int64_t*)bias)[unit];
    y = ab_mbqm_i64(acc, fc->output_multiplier, fc->output_shift);
  } else {
    const int8_t* v = (const int8_t*)x;
    int32_t acc = 0;
    for (ab_idx_t d = 0; d < fc->accum_depth; ++d) {
      acc += ((int32_t)w[d] + fc->filter_offset) * ((int32_t)v[d] + fc->input_offset);
    }
    if (bias) acc += ((const int32_t*)bias)[unit];
    y = ab_mbqm(acc, fc->output_multiplier, fc->output_shift);
  }
  return (int16_t)ab_clamp_i32(y + fc->output_offset, fc->act_min, fc->act_max);
}

/* A gate's input to its nonlinearity: the two products, added with int16 saturation. */
static int16_t gate_sum(const ab_lstm_gate_params* g, int32_t activation_type, const void* x, const void* h,
                        const int8_t* input_weights, const int8_t* recurrent_weights, const void* bias,
                        ab_idx_t unit) {
  const int16_t a = gate_product(&g->input_fc, activation_type, x, input_weights, bias, unit);
  const int16_t b = gate_product(&g->recurrent_fc, activation_type, h, recurrent_weights, NULL, unit);
  return saturate_s16((int32_t)a + b);
}

/* Gates are Q3.12 (unit input rescaling: multiplier 3, shift 0), outputs Q0.15. */
static int16_t gate_logistic(int16_t x) { return ab_logistic_s16(ab_s16_activation_input(x, 3, 0)); }
static int16_t gate_tanh(int16_t x) { return ab_tanh_s16(ab_s16_activation_input(x, 3, 0)); }

/* The element-wise products of gate outputs: ab_mbqm(a * b) + offset, clamped. */
static int32_t gate_mul(int16_t a, int16_t b, int32_t multiplier, int32_t shift, int32_t offset, int32_t lo,
                        int32_t hi) {
  return ab_clamp_i32(offset + ab_mbqm((int32_t)a * b, multiplier, shift), lo, hi);
}

/* One time step of `rows` sequences: input rows x, hidden rows h, cell rows c; the new hidden
 * rows go to out, then to h. */
static void lstm_step(const ab_lstm_params* p, const lstm_weights* w, ab_idx_t rows, const void* x, void* h,
                      int16_t* c, void* out) {
  const ab_lstm_gate_params* gates[4] = {&p->input_gate, &p->forget_gate, &p->cell_gate, &p->output_gate};
  const int wide = p->activation_type == AB_ELEM_INT16;
  const ab_idx_t act_bytes = wide ? 2 : 1;
  for (ab_idx_t r = 0; r < rows; ++r) {
    const void* xr = (const uint8_t*)x + r * p->input_size * act_bytes;
    const void* hr = (const uint8_t*)h + r * p->state_size * act_bytes;
    for (ab_idx_t u = 0; u < p->state_size; ++u) {
      int16_t gate[4];
      for (int k = 0; k < 4; ++k) {
        gate[k] = gate_sum(gates[k], p->activation_type, xr, hr, w->input[k], w->recurrent[k], w->bias[k], u);
      }
      const int16_t in_gate = gate_logistic(gate[0]), forget = gate_logistic(gate[1]);
      const int16_t cell_gate = gate_tanh(gate[2]), out_gate = gate_logistic(gate[3]);
      int16_t* cell = &c[r * p->state_size + u];
      const int32_t kept =
          gate_mul(forget, *cell, p->forget_cell_multiplier, p->forget_cell_shift, 0, INT16_MIN, INT16_MAX);
      const int32_t added =
          gate_mul(in_gate, cell_gate, p->input_cell_multiplier, p->input_cell_shift, 0, INT16_MIN, INT16_MAX);
      int32_t updated = saturate_s16(kept + added);
      if (p->cell_clip >= 0) updated = ab_clamp_i32(updated, -p->cell_clip, p->cell_clip);
      *cell = (int16_t)updated;
      const int16_t squashed = ab_tanh_s16(ab_s16_activation_input(*cell, p->cell_tanh_multiplier, p->cell_tanh_shift));
      const int32_t hidden = gate_mul(squashed, out_gate, p->hidden_multiplier, p->hidden_shift, p->hidden_offset,
                                      p->hidden_min, p->hidden_max);
      const ab_idx_t at = r * p->state_size + u;
      if (wide) {
        ((int16_t*)out)[at] = (int16_t)hidden;
      } else {
        ((int8_t*)out)[at] = (int8_t)hidden;
      }
    }
  }
  memcpy(h, out, (size_t)(rows * p->state_size * act_bytes));
}

void ab_ref_unidirectional_sequence_lstm(
    const ab_lstm_params* p, const void* input, const int8_t* input_to_input_weights,
    const int8_t* input_to_forget_weights, const int8_t* input_to_cell_weights,
    const int8_t* input_to_output_weights, const int8_t* recurrent_to_input_weights,
    const int8_t* recurrent_to_forget_weights, const int8_t* recurrent_to_cell_weights,
    const int8_t* recurrent_to_output_weights, const void* input_gate_bias, const void* forget_gate_bias,
    const void* cell_gate_bias, const void* output_gate_bias, void* hidden_state, int16_t* cell_state,
    void* output) {
  const lstm_weights w = {
      {input_to_input_weights, input_to_forget_weights, input_to_cell_weights, input_to_output_weights},
      {recurrent_to_input_weights, recurrent_to_forget_weights, recurrent_to_cell_weights,
       recurrent_to_output_weights},
      {input_gate_bias, forget_gate_bias, cell_gate_bias, output_gate_bias}};
  const ab_idx_t act_bytes = p->activation_type == AB_ELEM_INT16 ? 2 : 1;
  const ab_idx_t in_row = p->input_size * act_bytes, out_row = p->state_size * act_bytes;
  const uint8_t* x = (const uint8_t*)input;
  uint8_t* y = (uint8_t*)output;
  if (p->time_major) {
    /* Each step advances every sequence of the batch at once. */
    for (ab_idx_t t = 0; t < p->time_steps; ++t) {
      lstm_step(p, &w, p->batches, x + t * p->batches * in_row, hidden_state, cell_state,
                y + t * p->batches * out_row);
    }
  } else {
    for (ab_idx_t b = 0; b < p->batches; ++b) {
      uint8_t* h = (uint8_t*)hidden_state + b * out_row;
      int16_t* c = cell_state + b * p->state_size;
      for (ab_idx_t t = 0; t < p->time_steps; ++t) {
        const ab_idx_t row = b * p->time_steps + t;
        lstm_step(p, &w, 1, x + row * in_row, h, c, y + row * out_row);
      }
    }
  }
}
