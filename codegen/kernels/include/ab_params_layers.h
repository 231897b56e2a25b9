/* Parameter structs of the layers with weights beyond CONV_2D / DEPTHWISE_CONV_2D /
 * FULLY_CONNECTED int8: TRANSPOSE_CONV, BATCH_MATMUL, L2_NORMALIZATION, the 16x8 convolutions
 * (included by ab_params.h, whose conventions and field-list macros they follow). */
#ifndef AB_PARAMS_LAYERS_H
#define AB_PARAMS_LAYERS_H

#endif /* AB_PARAMS_LAYERS_H */
