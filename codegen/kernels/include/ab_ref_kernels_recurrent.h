/* Reference kernels of the stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM (included
 * by ab_ref_kernels.h, inside its extern "C"; same conventions). */
#ifndef AB_REF_KERNELS_RECURRENT_H
#define AB_REF_KERNELS_RECURRENT_H

#include "ab_params.h"

#endif /* AB_REF_KERNELS_RECURRENT_H */
