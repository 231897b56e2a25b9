/* UNIDIRECTIONAL_SEQUENCE_LSTM (int8 activations, int16 cell state) with the DSP extension.
 *
 * Nearly all of an LSTM's work is its eight fully-connected products per time step (each gate's
 * product of the input row and of the previous hidden state), which the reference computes one
 * hidden unit and one product at a time. Here they go through the FULLY_CONNECTED kernel's
 * machinery (ab_dsp_fully_connected.h): each step expands the input row and the hidden state
 * once into int16 lanes, then four hidden units at a time take the dot products of every gate
 * with SMLAD, and those four units' cell and hidden states are updated (the reference's
 * element-wise arithmetic, ab_ref_sigmoid_s16.h's logistic and tanh) before the next four. The
 * new hidden state can be written to the state at once: the products read its expansion.
 *
 * Each gate product is requantized to int16 (Q3.12) as the reference's, by the dsp family's
 * per-channel table (its bias holds the gate's bias and the input offset times the weights'
 * sums), and the two products of a gate are added with int16 saturation.
 *
 * Include this header only where the LSTM is used (ab_ref_sigmoid_s16.h has a static table). */
#ifndef AB_DSP_LSTM_H
#define AB_DSP_LSTM_H

#include "ab_dsp_fully_connected.h"
#include "ab_ref_sigmoid_s16.h"

/* A gate product's accumulator to its int16 value, as the reference clamps it. */
AB_DSP_INLINE int32_t ab_dsp_lstm_product(int32_t acc, const int32_t* rq, int32_t mode, int32_t acc_shift) {
  return AB_SSAT(ab_dsp_rescale(acc, ab_dsp_channel_at(rq), mode, acc_shift), 16);
}

/* The reference's element-wise products of gate values: ab_mbqm(a * b) + offset, clamped. */
AB_DSP_INLINE int32_t ab_dsp_lstm_mul(int32_t a, int32_t b, int32_t multiplier, int32_t shift, int32_t offset,
                                      int32_t lo, int32_t hi) {
  const int32_t v = offset + ab_mbqm(a * b, multiplier, shift);
  return v < lo ? lo : v > hi ? hi : v;
}

/* One hidden unit's update from its four gate values (Q3.12): the cell state in place; returns
 * the new hidden value. */
AB_DSP_INLINE int32_t ab_dsp_lstm_unit(const ab_lstm_params* r, const int32_t gate[4], int16_t* cell) {
  /* The gates are rescaled by 3 (TFLite's unit input multiplier for Q3.12) and squashed. */
  const int32_t in = ab_logistic_s16(gate[0] * 3), forget = ab_logistic_s16(gate[1] * 3);
  const int32_t cell_gate = ab_tanh_s16(gate[2] * 3), out = ab_logistic_s16(gate[3] * 3);
  const int32_t kept =
      ab_dsp_lstm_mul(forget, *cell, r->forget_cell_multiplier, r->forget_cell_shift, 0, INT16_MIN, INT16_MAX);
  const int32_t added =
      ab_dsp_lstm_mul(in, cell_gate, r->input_cell_multiplier, r->input_cell_shift, 0, INT16_MIN, INT16_MAX);
  int32_t updated = AB_SSAT(kept + added, 16);
  if (r->cell_clip >= 0) updated = updated < -r->cell_clip ? -r->cell_clip : updated > r->cell_clip ? r->cell_clip : updated;
  *cell = (int16_t)updated;
  const int32_t squashed = ab_tanh_s16(ab_s16_activation_input(updated, r->cell_tanh_multiplier, r->cell_tanh_shift));
  return ab_dsp_lstm_mul(squashed, out, r->hidden_multiplier, r->hidden_shift, r->hidden_offset, r->hidden_min,
                         r->hidden_max);
}

/* Units u0 .. u0 + nc - 1 (nc 1..4) of one step: their gates from the expanded rows, then their
 * states. w: the block's weights; returns the next block's. */
AB_DSP_INLINE const uint32_t* ab_dsp_lstm_units(const ab_dsp_lstm_params* p, const uint32_t* col_x,
                                                const uint32_t* col_h, const uint32_t* w, ab_idx_t u0, ab_idx_t nc,
                                                int8_t* AB_RESTRICT hidden, int16_t* AB_RESTRICT cell,
                                                int8_t* AB_RESTRICT out) {
  const ab_lstm_params* r = &p->ref;
  const ab_idx_t units = r->state_size, words = p->weights == AB_DSP_W8 ? 1 : 2;
  int32_t gate[AB_DSP_FC_BLOCK][4];
  for (int k = 0; k < 4; ++k) {
    const int32_t* rq_x = p->rq + ((2 * k) * units + u0) * AB_DSP_RQ_STRIDE;
    const int32_t* rq_h = rq_x + units * AB_DSP_RQ_STRIDE;
    ab_dsp_fc_acc ax = {{0, 0, 0, 0}}, ah = {{0, 0, 0, 0}};
    AB_UNROLL
    for (ab_idx_t c = 0; c < nc; ++c) {
      ax.a[c] = rq_x[c * AB_DSP_RQ_STRIDE];
      ah.a[c] = rq_h[c * AB_DSP_RQ_STRIDE];
    }
    ab_dsp_fc_block(&ax, col_x, w, p->input_groups, nc, p->weights);
    w += nc * words * p->input_groups;
    ab_dsp_fc_block(&ah, col_h, w, p->state_groups, nc, p->weights);
    w += nc * words * p->state_groups;
    AB_UNROLL
    for (ab_idx_t c = 0; c < nc; ++c) {
      const int32_t a = ab_dsp_lstm_product(ax.a[c], rq_x + c * AB_DSP_RQ_STRIDE, p->requant, p->acc_shift);
      const int32_t b = ab_dsp_lstm_product(ah.a[c], rq_h + c * AB_DSP_RQ_STRIDE, p->requant, p->acc_shift);
      gate[c][k] = AB_SSAT(a + b, 16);
    }
  }
  for (ab_idx_t c = 0; c < nc; ++c) {
    const int8_t v = (int8_t)ab_dsp_lstm_unit(r, gate[c], cell + u0 + c);
    out[u0 + c] = v;
    hidden[u0 + c] = v;
  }
  return w;
}

/* One time step of one sequence: input row x, its hidden and cell state rows, its output row. */
AB_DSP_INLINE void ab_dsp_lstm_step(const ab_dsp_lstm_params* p, const int8_t* x, const uint32_t* weights,
                                    int8_t* AB_RESTRICT hidden, int16_t* AB_RESTRICT cell, int8_t* AB_RESTRICT out,
                                    uint32_t* AB_RESTRICT col_x, uint32_t* AB_RESTRICT col_h) {
  const ab_lstm_params* r = &p->ref;
  const ab_idx_t units = r->state_size, full = units / AB_DSP_FC_BLOCK * AB_DSP_FC_BLOCK;
  ab_dsp_fc_expand(col_x, x, r->input_size, 0);
  ab_dsp_fc_expand(col_h, hidden, units, 0);
  const uint32_t* w = weights;
  for (ab_idx_t u0 = 0; u0 < full; u0 += AB_DSP_FC_BLOCK) {
    w = ab_dsp_lstm_units(p, col_x, col_h, w, u0, AB_DSP_FC_BLOCK, hidden, cell, out);
  }
  if (units > full) ab_dsp_lstm_units(p, col_x, col_h, w, full, units - full, hidden, cell, out);
}

/* hidden, cell: the state, [batches, state_size] each, updated in place. scratch: the expanded
 * input row and hidden state, 8 * (input_groups + state_groups) bytes, word-aligned. */
AB_DSP_INLINE void ab_dsp_lstm_s8(const ab_dsp_lstm_params* p, const int8_t* AB_RESTRICT input,
                                  const void* AB_RESTRICT weights, int8_t* AB_RESTRICT hidden,
                                  int16_t* AB_RESTRICT cell, int8_t* AB_RESTRICT output, void* AB_RESTRICT scratch) {
  const ab_lstm_params* r = &p->ref;
  const ab_idx_t units = r->state_size;
  uint32_t* const col_x = (uint32_t*)scratch;
  uint32_t* const col_h = col_x + 2 * p->input_groups;
  /* Rows of the input and output in memory order: a time-major step holds every sequence's row,
   * else each sequence's steps are consecutive. Sequences are independent, so either order of
   * rows gives each sequence's steps in time order. */
  const ab_idx_t rows = r->batches * r->time_steps;
  for (ab_idx_t row = 0; row < rows; ++row) {
    const ab_idx_t b = r->time_major ? row % r->batches : row / r->time_steps;
    ab_dsp_lstm_step(p, input + row * r->input_size, (const uint32_t*)weights, hidden + b * units, cell + b * units,
                     output + row * units, col_x, col_h);
  }
}

#endif /* AB_DSP_LSTM_H */
