/* Reference kernels of the layers with weights beyond CONV_2D / DEPTHWISE_CONV_2D /
 * FULLY_CONNECTED int8: TRANSPOSE_CONV, BATCH_MATMUL, L2_NORMALIZATION, the 16x8 convolutions
 * (included by ab_ref_kernels.h, inside its extern "C"; same conventions). */
#ifndef AB_REF_KERNELS_LAYERS_H
#define AB_REF_KERNELS_LAYERS_H

#include "ab_params.h"

#endif /* AB_REF_KERNELS_LAYERS_H */
