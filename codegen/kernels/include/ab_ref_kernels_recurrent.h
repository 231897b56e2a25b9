/* Reference kernels of the stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM (included
 * by ab_ref_kernels.h, inside its extern "C"; same conventions). The state argument is a
 * variable tensor: read, then updated in place. */
#ifndef AB_REF_KERNELS_RECURRENT_H
#define AB_REF_KERNELS_RECURRENT_H

#include "ab_params.h"

/* weights_time and state of p->state_type's element type; bias never NULL. */
void ab_ref_svdf(const ab_svdf_params* p, const int8_t* input, const int8_t* weights_feature,
                 const void* weights_time, const int32_t* bias, void* state, int8_t* output);

#endif /* AB_REF_KERNELS_RECURRENT_H */
