/* Parameter structs of the RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR (included by ab_params.h,
 * whose conventions and field-list macros they follow). Neither rescales: the output holds the
 * input's quantized values, interpolated or copied. */
#ifndef AB_PARAMS_RESIZE_H
#define AB_PARAMS_RESIZE_H

/* RESIZE_BILINEAR of int8 NHWC in TFLite's integer arithmetic: output row y samples the input
 * at y * scale_h (+ scale_h / 2 - 512 with half-pixel centers) in 1/1024 input rows, between the
 * rows below and above it (clamped to the input); columns likewise. The lowering proves that no
 * sample lies past the last input row or column and that the coordinates fit int32. */
#define AB_RESIZE_BILINEAR_FIELDS(F, A, E)                                             \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, output, "NHWC; output.n == input.n, output.c == input.c")                \
  F(int32_t, scale_h, "input rows per output row, in 1/1024")                          \
  F(int32_t, scale_w, "input columns per output column, in 1/1024")                    \
  F(int32_t, half_pixel_centers, "0 or 1")
AB_DEFINE_PARAMS(ab_resize_bilinear_params, AB_RESIZE_BILINEAR_FIELDS)

/* RESIZE_NEAREST_NEIGHBOR of int8 or int16 NHWC: output pixel (y, x) is a copy of input pixel
 * (rows[y], cols[x]); the lowering computes the tables with TFLite's float arithmetic. */
#define AB_RESIZE_NEAREST_FIELDS(F, A, E)                                              \
  F(ab_dims4, input, "NHWC")                                                           \
  F(ab_dims4, output, "NHWC; output.n == input.n, output.c == input.c")                \
  F(ab_idx_t, elem_bytes, "1 or 2")                                                    \
  F(const int32_t*, rows, "[output.h] the input row of each output row")               \
  F(const int32_t*, cols, "[output.w] the input column of each output column")
AB_DEFINE_PARAMS(ab_resize_nearest_params, AB_RESIZE_NEAREST_FIELDS)

#endif /* AB_PARAMS_RESIZE_H */
