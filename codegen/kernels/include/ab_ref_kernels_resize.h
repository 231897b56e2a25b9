/* Reference kernels of the RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR (included by
 * ab_ref_kernels.h, inside its extern "C"; same conventions). */
#ifndef AB_REF_KERNELS_RESIZE_H
#define AB_REF_KERNELS_RESIZE_H

#include "ab_params.h"

#endif /* AB_REF_KERNELS_RESIZE_H */
