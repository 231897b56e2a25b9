/* Parameter structs of the reductions: REDUCE_MAX, REDUCE_MIN, SUM, MEAN of int16, ARG_MAX,
 * ARG_MIN (included by ab_params.h, whose conventions and field-list macros they follow). SUM and
 * MEAN share ab_mean_params and its kernels (SUM rescales without dividing by the count). */
#ifndef AB_PARAMS_REDUCE_H
#define AB_PARAMS_REDUCE_H

/* Which extreme REDUCE_MAX/REDUCE_MIN and ARG_MAX/ARG_MIN look for. */
typedef enum ab_extreme {
  AB_EXTREME_MAX = 0,
  AB_EXTREME_MIN = 1
} ab_extreme;

/* REDUCE_MAX and REDUCE_MIN of int8 over any set of axes of a tensor of rank <= AB_MAX_DIMS
 * (input and output share scale and zero point). The output holds the kept dimensions in their
 * original order (keep_dims only changes the output's shape). */
#define AB_REDUCE_MAX_MIN_FIELDS(F, A, E)                                              \
  E(ab_extreme, extreme, "")                                                           \
  F(ab_idx_t, rank, "")                                                                \
  A(ab_idx_t, in_shape, AB_MAX_DIMS, "first `rank` entries used")                      \
  A(uint8_t, reduce, AB_MAX_DIMS, "1 where the dimension is reduced")
AB_DEFINE_PARAMS(ab_reduce_max_min_params, AB_REDUCE_MAX_MIN_FIELDS)

/* ARG_MAX and ARG_MIN of int8 along one axis: the input seen as [outer, axis_size, inner], the
 * int32 output [outer, inner] holds the index of the first extreme value along the axis. */
#define AB_ARG_MIN_MAX_FIELDS(F, A, E)                                                 \
  E(ab_extreme, extreme, "")                                                           \
  F(ab_idx_t, outer, "product of the dimensions before the axis")                      \
  F(ab_idx_t, axis_size, "")                                                           \
  F(ab_idx_t, inner, "product of the dimensions after the axis")
AB_DEFINE_PARAMS(ab_arg_min_max_params, AB_ARG_MIN_MAX_FIELDS)

#endif /* AB_PARAMS_REDUCE_H */
