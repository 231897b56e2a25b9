/* aotbench int8 kernel library: the one header generated code includes.
 *   ab_types.h       index type (AB_INDEX_BITS), shapes
 *   ab_fixedpoint.h  requantization and fixed-point helpers (static inline)
 *   ab_params.h      per-operator parameter structs
 *   ab_ref_kernels.h reference kernels (TFLite Micro arithmetic) */
#ifndef AB_KERNELS_H
#define AB_KERNELS_H

#include "ab_fixedpoint.h"
#include "ab_params.h"
#include "ab_ref_kernels.h"
#include "ab_types.h"

#endif /* AB_KERNELS_H */
