/* Reference kernels of the RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR (included by
 * ab_ref_kernels.h, inside its extern "C"; same conventions). */
#ifndef AB_REF_KERNELS_RESIZE_H
#define AB_REF_KERNELS_RESIZE_H

#include "ab_params.h"

void ab_ref_resize_bilinear_s8(const ab_resize_bilinear_params* p, const int8_t* input, int8_t* output);
/* input and output of p->elem_bytes bytes per element. */
void ab_ref_resize_nearest(const ab_resize_nearest_params* p, const void* input, void* output);

#endif /* AB_REF_KERNELS_RESIZE_H */
