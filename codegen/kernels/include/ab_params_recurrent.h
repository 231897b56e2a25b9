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

#endif /* AB_PARAMS_RECURRENT_H */
