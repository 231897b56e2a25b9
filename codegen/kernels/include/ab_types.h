/* Basic types of the aotbench int8 kernel library (C11, no allocation).
 *
 * Index width is a compile-time knob of the generated code (variant knob `index=i32|i64`):
 * every shape, stride, offset and loop index in the kernels has type ab_idx_t, selected with
 * -DAB_INDEX_BITS=32 or -DAB_INDEX_BITS=64 (default 32). Both widths give identical results;
 * only code size and speed differ. Parameter structs embed ab_idx_t fields, so a parameter
 * initializer must be compiled with the same AB_INDEX_BITS as the kernels it is passed to. */
#ifndef AB_TYPES_H
#define AB_TYPES_H

#include <stdint.h>

#ifndef AB_INDEX_BITS
#define AB_INDEX_BITS 32
#endif

#if AB_INDEX_BITS == 32
typedef int32_t ab_idx_t;
#elif AB_INDEX_BITS == 64
typedef int64_t ab_idx_t;
#else
#error "AB_INDEX_BITS must be 32 or 64"
#endif

/* Largest tensor rank the shape-generic kernels (ADD broadcast, MEAN, PAD) accept; TFLite
 * Micro's reference kernels stop at 6 (most at 4 or 5). */
#define AB_MAX_DIMS 6

/* A 4-D NHWC shape (batch, height, width, channels). For filters the same four slots hold
 * the filter's own layout; the owning struct says which. */
typedef struct ab_dims4 {
  ab_idx_t n;
  ab_idx_t h;
  ab_idx_t w;
  ab_idx_t c;
} ab_dims4;

#endif /* AB_TYPES_H */
