/* Reference kernels of the data movement: slices, splits, packs, tiles, gathers,
 * space/depth/batch rearrangements, pads (included by ab_ref_kernels.h, inside its extern "C";
 * same conventions). */
#ifndef AB_REF_KERNELS_MOVEMENT_H
#define AB_REF_KERNELS_MOVEMENT_H

#include "ab_params.h"

void ab_ref_view_copy(const ab_view_copy_params* p, const void* input, void* output);

#endif /* AB_REF_KERNELS_MOVEMENT_H */
