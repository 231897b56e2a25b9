/* Parameter structs of the data movement: slices, splits, packs, tiles, gathers,
 * space/depth/batch rearrangements, pads (included by ab_params.h, whose conventions and field-
 * list macros they follow). */
#ifndef AB_PARAMS_MOVEMENT_H
#define AB_PARAMS_MOVEMENT_H

/* Largest rank of a strided view: TILE of a 4-D tensor walks 8 dimensions (repeat, then
 * element, per dimension). */
#define AB_MAX_VIEW_DIMS 8

/* A strided copy, the core of the data-movement operators (STRIDED_SLICE, SLICE, TILE,
 * BROADCAST_TO, ...): for every index i over shape[0..rank), row-major,
 * out[out_offset + sum i_d * out_stride[d]] = in[in_offset + sum i_d * in_stride[d]],
 * elements of elem_bytes bytes. Strides may be 0 (repeats) or negative (reversed slices). */
#define AB_VIEW_COPY_FIELDS(F, A, E)                                                   \
  F(ab_idx_t, elem_bytes, "1, 2 or 4")                                                 \
  F(ab_idx_t, rank, "at least 1")                                                      \
  A(ab_idx_t, shape, AB_MAX_VIEW_DIMS, "")                                             \
  A(ab_idx_t, in_stride, AB_MAX_VIEW_DIMS, "in elements")                              \
  A(ab_idx_t, out_stride, AB_MAX_VIEW_DIMS, "in elements")                             \
  F(ab_idx_t, in_offset, "elements")                                                   \
  F(ab_idx_t, out_offset, "elements")
AB_DEFINE_PARAMS(ab_view_copy_params, AB_VIEW_COPY_FIELDS)

#endif /* AB_PARAMS_MOVEMENT_H */
