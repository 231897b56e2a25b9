/* BATCH_MATMUL reference kernels (TFLite Micro's BatchMatMul): int8 with an int32
 * accumulator, int16 with an int64 one. TFLite Micro transposes operands into its preferred
 * layout first; the strides of the parameters read them where they are instead. */
#include "ab_fixedpoint.h"
#include "ab_ref_kernels.h"

/* Defines `name`, which computes every output of type out_t: each the dot product of a lhs
 * row and a rhs column, accumulated in acc_t and requantized by `requantize`. */
#define AB_BATCH_MATMUL(name, in_t, acc_t, requantize)                                        \
  void name(const ab_batch_matmul_params* p, const in_t* lhs, const in_t* rhs, in_t* output) { \
    in_t* out = output;                                                                       \
    for (ab_idx_t b0 = 0; b0 < p->batch[0]; ++b0) {                                           \
      for (ab_idx_t b1 = 0; b1 < p->batch[1]; ++b1) {                                         \
        for (ab_idx_t b2 = 0; b2 < p->batch[2]; ++b2) {                                       \
          const in_t* l = lhs + b0 * p->lhs_batch_stride[0] + b1 * p->lhs_batch_stride[1] +   \
                          b2 * p->lhs_batch_stride[2];                                        \
          const in_t* r = rhs + b0 * p->rhs_batch_stride[0] + b1 * p->rhs_batch_stride[1] +   \
                          b2 * p->rhs_batch_stride[2];                                        \
          for (ab_idx_t i = 0; i < p->rows; ++i) {                                            \
            for (ab_idx_t j = 0; j < p->cols; ++j) {                                          \
              acc_t acc = 0;                                                                  \
              for (ab_idx_t k = 0; k < p->depth; ++k) {                                       \
                const acc_t x = l[i * p->lhs_row_stride + k * p->lhs_depth_stride];           \
                const acc_t y = r[k * p->rhs_depth_stride + j * p->rhs_col_stride];           \
                acc += (x + p->lhs_offset) * (y + p->rhs_offset);                             \
              }                                                                               \
              const int32_t scaled =                                                          \
                  requantize(acc, p->output_multiplier, p->output_shift) + p->output_offset;  \
              *out++ = (in_t)ab_clamp_i32(scaled, p->act_min, p->act_max);                    \
            }                                                                                 \
          }                                                                                   \
        }                                                                                     \
      }                                                                                       \
    }                                                                                         \
  }

AB_BATCH_MATMUL(ab_ref_batch_matmul_s8, int8_t, int32_t, ab_mbqm)
AB_BATCH_MATMUL(ab_ref_batch_matmul_s16, int16_t, int64_t, ab_mbqm_i64)
