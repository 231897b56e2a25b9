/* Parameter structs of the data movement: slices, splits, packs, tiles, gathers,
 * space/depth/batch rearrangements, pads (included by ab_params.h, whose conventions and field-
 * list macros they follow). Every kernel here copies elements as bytes, whatever their type. */
#ifndef AB_PARAMS_MOVEMENT_H
#define AB_PARAMS_MOVEMENT_H

/* Largest rank of a strided view: TILE of a 4-D tensor walks 8 dimensions (repeat, then
 * element, per dimension). */
#define AB_MAX_VIEW_DIMS 8

/* A strided copy, the core of the data-movement operators (STRIDED_SLICE, SLICE, TILE,
 * BROADCAST_TO, TRANSPOSE, ...): for every index i over shape[0..rank), row-major,
 * out[out_offset + sum i_d * out_stride[d]] = in[in_offset + sum i_d * in_stride[d]],
 * elements of elem_bytes bytes. Strides may be 0 (repeats) or negative (reversed slices). */
#define AB_VIEW_COPY_FIELDS(F, A, E)                                                   \
  F(ab_idx_t, elem_bytes, "1, 2, 4 or 8")                                              \
  F(ab_idx_t, rank, "at least 1")                                                      \
  A(ab_idx_t, shape, AB_MAX_VIEW_DIMS, "")                                             \
  A(ab_idx_t, in_stride, AB_MAX_VIEW_DIMS, "in elements")                              \
  A(ab_idx_t, out_stride, AB_MAX_VIEW_DIMS, "in elements")                             \
  F(ab_idx_t, in_offset, "elements")                                                   \
  F(ab_idx_t, out_offset, "elements")
AB_DEFINE_PARAMS(ab_view_copy_params, AB_VIEW_COPY_FIELDS)

/* Tensors joined along one axis (CONCATENATION, PACK) or one tensor cut along it (SPLIT,
 * SPLIT_V, UNPACK): the joined tensor is, for each of outer_size steps, a run of
 * part_bytes[0] bytes of part 0, then part_bytes[1] bytes of part 1, and so on; each part holds
 * its runs one after another. */
#define AB_JOIN_FIELDS(F, A, E)                                                        \
  F(ab_idx_t, parts, "")                                                               \
  F(ab_idx_t, outer_size, "product of the joined tensor's dimensions before the axis") \
  F(const int32_t*, part_bytes, "[parts]: bytes of a part per outer step")
AB_DEFINE_PARAMS(ab_join_params, AB_JOIN_FIELDS)

/* GATHER: for every batch, outer index and position k, the block of inner_bytes at
 * positions[batch][k] along the axis. A position outside [0, axis_size) gives zeros. */
#define AB_GATHER_FIELDS(F, A, E)                                                      \
  F(ab_idx_t, batch_size, "product of the first batch_dims dimensions")                \
  F(ab_idx_t, outer_size, "product of the dimensions between them and the axis")       \
  F(ab_idx_t, axis_size, "")                                                           \
  F(ab_idx_t, positions, "positions per batch")                                        \
  F(ab_idx_t, inner_bytes, "bytes after the axis")
AB_DEFINE_PARAMS(ab_gather_params, AB_GATHER_FIELDS)

/* SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND of [N, H, W, C] tensors (rank 3: W = 1). The batch
 * tensor [block_h * block_w * batch, bh, bw, C] holds at batch (y * block_w + x) * batch + b,
 * pixel (i, j) the pixel (i * block_h + y - top, j * block_w + x - left) of batch b of the space
 * tensor [batch, space_h, space_w, C]; a pixel outside it is padding (to_batch: every byte
 * set to pad_byte) or cropped (to_space: not copied). */
#define AB_BATCH_SPACE_FIELDS(F, A, E)                                                 \
  F(int32_t, to_batch, "1: SPACE_TO_BATCH_ND, 0: BATCH_TO_SPACE_ND")                   \
  F(ab_idx_t, elem_bytes, "")                                                          \
  F(ab_idx_t, batch, "the space tensor's batch")                                       \
  F(ab_idx_t, space_h, "")                                                             \
  F(ab_idx_t, space_w, "")                                                             \
  F(ab_idx_t, depth, "")                                                               \
  F(ab_idx_t, block_h, "")                                                             \
  F(ab_idx_t, block_w, "")                                                             \
  F(ab_idx_t, batch_h, "the batch tensor's height")                                    \
  F(ab_idx_t, batch_w, "the batch tensor's width")                                     \
  F(ab_idx_t, top, "padding (to_batch) or crop (to_space) above")                      \
  F(ab_idx_t, left, "padding (to_batch) or crop (to_space) on the left")               \
  F(int32_t, pad_byte, "to_batch: the value of every byte of the padding")
AB_DEFINE_PARAMS(ab_batch_space_params, AB_BATCH_SPACE_FIELDS)

#endif /* AB_PARAMS_MOVEMENT_H */
