/* The dsp kernel family: what generated code includes to call it. Every kernel is a static
 * inline function that the generated operator specializes with its constant parameters. The LSTM's
 * kernel (ab_dsp_lstm.h) and int16 LOGISTIC/TANH (ab_dsp_sigmoid_s16.h) are included on their own
 * where they are used: they bring a static table. */
#ifndef AB_DSP_KERNELS_H
#define AB_DSP_KERNELS_H

#include "ab_dsp_add.h"
#include "ab_dsp_conv2d.h"
#include "ab_dsp_conv2d_short.h"
#include "ab_dsp_conv2d_3px.h"
#include "ab_dsp_conv2d_3px_slabs.h"
#include "ab_dsp_conv2d_im2col_3px.h"
#include "ab_dsp_conv2d_rows.h"
#include "ab_dsp_depthwise_conv2d.h"
#include "ab_dsp_fully_connected.h"
#include "ab_dsp_lookup.h"
#include "ab_dsp_mul.h"
#include "ab_dsp_pad.h"
#include "ab_dsp_pool2d.h"
#include "ab_dsp_svdf.h"

#endif /* AB_DSP_KERNELS_H */
