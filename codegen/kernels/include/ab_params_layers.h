/* Parameter structs of the layers with weights beyond CONV_2D / DEPTHWISE_CONV_2D /
 * FULLY_CONNECTED: TRANSPOSE_CONV, BATCH_MATMUL, L2_NORMALIZATION (included by ab_params.h,
 * whose conventions and field-list macros they follow). The 16x8 convolutions and fully
 * connected layers take the first families' structs (ab_params.h). */
#ifndef AB_PARAMS_LAYERS_H
#define AB_PARAMS_LAYERS_H

/* TRANSPOSE_CONV: input pixel (y, x) contributes input * filter to the filter-sized patch of the
 * output at (y * stride_h - pad_h, x * stride_w - pad_w); an output is the sum of what it
 * receives plus the bias, requantized per output channel. Filter layout OHWI. int8 offsets as
 * usual; 16x8 has none (input_offset and output_offset are 0). */
#define AB_TRANSPOSE_CONV_FIELDS(F, A, E)                                              \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, filter, "OHWI: output channels, KH, KW, input channels")                 \
  F(ab_dims4, output, "NHWC")                                                          \
  F(ab_idx_t, stride_h, "")                                                            \
  F(ab_idx_t, stride_w, "")                                                            \
  F(ab_idx_t, pad_h, "output rows cut off before the first")                           \
  F(ab_idx_t, pad_w, "output columns cut off before the first")                        \
  F(int32_t, input_offset, "-(input zero point)")                                      \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, act_min, "")                                                              \
  F(int32_t, act_max, "")                                                              \
  F(const int32_t*, output_multiplier, "[output.c]")                                   \
  F(const int32_t*, output_shift, "[output.c]")
AB_DEFINE_PARAMS(ab_transpose_conv_params, AB_TRANSPOSE_CONV_FIELDS)

/* Batch dimensions of BATCH_MATMUL: TFLite takes operands of rank 2 to 5. */
#define AB_MATMUL_BATCH_DIMS 3

/* BATCH_MATMUL: for every output batch index (b0, b1, b2), rows x cols outputs
 * out[i][j] = requantized sum_k (lhs(i, k) + lhs_offset) * (rhs(k, j) + rhs_offset), written
 * row-major. Element (i, k) of a batch's lhs is at i * lhs_row_stride + k * lhs_depth_stride
 * (adj_x swaps the two), element (k, j) of its rhs at k * rhs_depth_stride + j * rhs_col_stride. */
#define AB_BATCH_MATMUL_FIELDS(F, A, E)                                                \
  A(ab_idx_t, batch, AB_MATMUL_BATCH_DIMS, "output batch dimensions, leading 1s")      \
  A(ab_idx_t, lhs_batch_stride, AB_MATMUL_BATCH_DIMS, "0 where lhs is broadcast")      \
  A(ab_idx_t, rhs_batch_stride, AB_MATMUL_BATCH_DIMS, "0 where rhs is broadcast")      \
  F(ab_idx_t, rows, "")                                                                \
  F(ab_idx_t, cols, "")                                                                \
  F(ab_idx_t, depth, "the summed dimension")                                           \
  F(ab_idx_t, lhs_row_stride, "")                                                      \
  F(ab_idx_t, lhs_depth_stride, "")                                                    \
  F(ab_idx_t, rhs_depth_stride, "")                                                    \
  F(ab_idx_t, rhs_col_stride, "")                                                      \
  F(int32_t, lhs_offset, "-(lhs zero point)")                                          \
  F(int32_t, rhs_offset, "-(rhs zero point)")                                          \
  F(int32_t, output_offset, "output zero point")                                       \
  F(int32_t, output_multiplier, "")                                                    \
  F(int32_t, output_shift, "")                                                         \
  F(int32_t, act_min, "the output type's range (no fused activation)")                \
  F(int32_t, act_max, "")
AB_DEFINE_PARAMS(ab_batch_matmul_params, AB_BATCH_MATMUL_FIELDS)

/* L2_NORMALIZATION over the last dimension of an int8 tensor. */
#define AB_L2_NORMALIZATION_FIELDS(F, A, E)                                            \
  F(ab_idx_t, outer_size, "rows: elements / depth")                                    \
  F(ab_idx_t, depth, "the last dimension")                                             \
  F(int32_t, input_zero_point, "")
AB_DEFINE_PARAMS(ab_l2_normalization_params, AB_L2_NORMALIZATION_FIELDS)

#endif /* AB_PARAMS_LAYERS_H */
