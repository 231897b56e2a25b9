/* The dsp kernel family: what generated code includes to call it. Every kernel is a static
 * inline function that the generated operator specializes with its constant parameters. */
#ifndef AB_DSP_KERNELS_H
#define AB_DSP_KERNELS_H

#include "ab_dsp_add.h"
#include "ab_dsp_conv2d.h"
#include "ab_dsp_depthwise_conv2d.h"
#include "ab_dsp_fully_connected.h"
#include "ab_dsp_pad.h"
#include "ab_dsp_pool2d.h"

#endif /* AB_DSP_KERNELS_H */
