/* Reference kernels of the stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM (included
 * by ab_ref_kernels.h, inside its extern "C"; same conventions). The state argument is a
 * variable tensor: read, then updated in place. */
#ifndef AB_REF_KERNELS_RECURRENT_H
#define AB_REF_KERNELS_RECURRENT_H

#include "ab_params.h"

/* weights_time and state of p->state_type's element type; bias never NULL. */
void ab_ref_svdf(const ab_svdf_params* p, const int8_t* input, const int8_t* weights_feature,
                 const void* weights_time, const int32_t* bias, void* state, int8_t* output);

/* input, hidden_state and output of p->activation_type's element type, the biases int32 (int8
 * activations) or int64 (int16 activations); tensors in TFLite's input order. */
void ab_ref_unidirectional_sequence_lstm(
    const ab_lstm_params* p, const void* input, const int8_t* input_to_input_weights,
    const int8_t* input_to_forget_weights, const int8_t* input_to_cell_weights,
    const int8_t* input_to_output_weights, const int8_t* recurrent_to_input_weights,
    const int8_t* recurrent_to_forget_weights, const int8_t* recurrent_to_cell_weights,
    const int8_t* recurrent_to_output_weights, const void* input_gate_bias, const void* forget_gate_bias,
    const void* cell_gate_bias, const void* output_gate_bias, void* hidden_state, int16_t* cell_state,
    void* output);

#endif /* AB_REF_KERNELS_RECURRENT_H */
