/* Reference kernels of the data movement: slices, splits, packs, tiles, gathers,
 * space/depth/batch rearrangements, pads (included by ab_ref_kernels.h, inside its extern "C";
 * same conventions). They copy bytes, so one kernel serves every element type. */
#ifndef AB_REF_KERNELS_MOVEMENT_H
#define AB_REF_KERNELS_MOVEMENT_H

#include "ab_params.h"

void ab_ref_view_copy(const ab_view_copy_params* p, const void* input, void* output);

/* CONCATENATION, PACK. inputs: p->parts pointers, in operand order. */
void ab_ref_concatenation(const ab_join_params* p, const void* const* inputs, void* output);

/* SPLIT, SPLIT_V, UNPACK. outputs: p->parts pointers, in operand order. */
void ab_ref_split(const ab_join_params* p, const void* input, void* const* outputs);

void ab_ref_gather(const ab_gather_params* p, const void* input, const int32_t* positions,
                   void* output);

void ab_ref_batch_space(const ab_batch_space_params* p, const void* input, void* output);

#endif /* AB_REF_KERNELS_MOVEMENT_H */
