/* Parameter structs of the stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM (included
 * by ab_params.h, whose conventions and field-list macros they follow). Their state is a variable
 * tensor the kernel updates in place; it persists from one inference to the next. */
#ifndef AB_PARAMS_RECURRENT_H
#define AB_PARAMS_RECURRENT_H

/* SVDF of int8 input and output, int8 feature weights, time weights and state both int8 or both
 * int16 (state_type), int32 bias. Per batch b, the state holds num_filters rows of memory_size
 * values, oldest first. One inference shifts every row left by one and appends
 *   clamp(ab_mbqm(sum_d wf[f][d] * (in[b][d] + input_offset), feature_*), state type)
 *   + state_zero_point                      (stored in the state type, wrapping as TFLite Micro)
 * then output[b][u] = clamp(ab_mbqm(bias[u] + sum over the unit's `rank` filters f and memory m
 * of wt[f][m] * (state[b][f][m] - state_zero_point), output_*) + output_offset, int8).
 * Weight zero points are not used, and the fused activation is not applied: TFLite Micro's
 * integer SVDF does neither. */
#define AB_SVDF_FIELDS(F, A, E)                                                        \
  E(ab_elem_type, state_type, "AB_ELEM_INT8 or AB_ELEM_INT16: state and time weights")  \
  F(ab_idx_t, batches, "")                                                             \
  F(ab_idx_t, input_size, "")                                                          \
  F(ab_idx_t, num_filters, "units * rank")                                             \
  F(ab_idx_t, memory_size, "")                                                         \
  F(ab_idx_t, rank, "")                                                                \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, feature_multiplier, "input * feature weights -> state scale")              \
  F(int32_t, feature_shift, "")                                                        \
  F(int32_t, state_zero_point, "")                                                     \
  F(int32_t, output_multiplier, "state * time weights -> output scale")                \
  F(int32_t, output_shift, "")                                                         \
  F(int32_t, output_offset, "output zero point")
AB_DEFINE_PARAMS(ab_svdf_params, AB_SVDF_FIELDS)

/* One gate of an LSTM: two fully-connected products, of the input (with the gate's bias) and of
 * the previous hidden state (without), each requantized to int16 Q3.12 as FULLY_CONNECTED does
 * (ab_fully_connected_params' arithmetic, per tensor; int64 accumulator and bias for int16
 * activations, ab_mbqm_i64), then added with int16 saturation. */
#define AB_LSTM_GATE_FIELDS(F, A, E)                                                   \
  F(ab_fully_connected_params, input_fc, "input -> gate, Q3.12")                       \
  F(ab_fully_connected_params, recurrent_fc, "previous hidden state -> gate, Q3.12")
AB_DEFINE_PARAMS(ab_lstm_gate_params, AB_LSTM_GATE_FIELDS)

/* UNIDIRECTIONAL_SEQUENCE_LSTM as TFLite Micro's integer kernel computes it: activations (input,
 * hidden state, output) int8 with int32 biases or int16 with int64 biases, int8 weights, int16
 * cell state; no peephole, projection or layer normalization. Each time step, per hidden unit:
 *   f, i, o = logistic(gate), g = tanh(gate)          (Q0.15, ab_ref_sigmoid_s16.h)
 *   cell = sat16(mul(f, cell; forget_cell_*) + mul(i, g; input_cell_*)), then the clip
 *   hidden = clamp(mul(o, tanh(rescaled cell); hidden_*) + hidden_offset, hidden_min, hidden_max)
 * where mul(a, b; m) = ab_mbqm(a * b, m). The step's hidden state is also its output row. A
 * time-major input is [time, batch, input], else [batch, time, input]; the state is
 * [batch, state_size]. */
#define AB_LSTM_FIELDS(F, A, E)                                                        \
  E(ab_elem_type, activation_type, "AB_ELEM_INT8 or AB_ELEM_INT16")                    \
  F(int32_t, time_major, "0 or 1")                                                     \
  F(ab_idx_t, batches, "")                                                             \
  F(ab_idx_t, time_steps, "")                                                          \
  F(ab_idx_t, input_size, "")                                                          \
  F(ab_idx_t, state_size, "hidden units")                                              \
  F(ab_lstm_gate_params, input_gate, "logistic")                                       \
  F(ab_lstm_gate_params, forget_gate, "logistic")                                      \
  F(ab_lstm_gate_params, cell_gate, "tanh")                                            \
  F(ab_lstm_gate_params, output_gate, "logistic")                                      \
  F(int32_t, forget_cell_multiplier, "forget gate * cell state -> cell state")         \
  F(int32_t, forget_cell_shift, "")                                                    \
  F(int32_t, input_cell_multiplier, "input gate * cell gate -> cell state")            \
  F(int32_t, input_cell_shift, "")                                                     \
  F(int32_t, cell_clip, "the cell state is clamped to [-cell_clip, cell_clip]; -1: not") \
  F(int32_t, cell_tanh_multiplier, "tanh's input rescaling of the cell state")        \
  F(int32_t, cell_tanh_shift, "")                                                      \
  F(int32_t, hidden_multiplier, "output gate * tanh(cell) -> hidden state")           \
  F(int32_t, hidden_shift, "")                                                         \
  F(int32_t, hidden_offset, "hidden state zero point")                                 \
  F(int32_t, hidden_min, "")                                                           \
  F(int32_t, hidden_max, "")
AB_DEFINE_PARAMS(ab_lstm_params, AB_LSTM_FIELDS)

#endif /* AB_PARAMS_RECURRENT_H */
