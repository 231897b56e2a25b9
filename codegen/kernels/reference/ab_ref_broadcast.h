/* Internal helper of the reference kernels: walking the output of a binary element-wise
 * operator while tracking both inputs' offsets (ab_broadcast, ab_params.h). */
#ifndef AB_REF_BROADCAST_H
#define AB_REF_BROADCAST_H

#include "ab_params.h"
#include "ab_ref_nd.h"

/* Calls BODY(i, o1, o2) for every output element i, o1 and o2 being the inputs' element
 * offsets. */
#define AB_FOR_EACH_BROADCAST(b, BODY)                                     \
  do {                                                                     \
    if (!(b)->broadcast) {                                                 \
      for (ab_idx_t i_ = 0; i_ < (b)->flat_size; ++i_) BODY(i_, i_, i_);  \
    } else {                                                               \
      ab_idx_t idx1_[AB_MAX_DIMS] = {0};                                   \
      ab_idx_t idx2_[AB_MAX_DIMS] = {0};                                   \
      ab_idx_t o1_ = 0, o2_ = 0;                                           \
      for (ab_idx_t i_ = 0; i_ < (b)->flat_size; ++i_) {                   \
        BODY(i_, o1_, o2_);                                                \
        ab_nd_step(idx1_, &o1_, (b)->out_shape, (b)->in1_stride, AB_MAX_DIMS); \
        ab_nd_step(idx2_, &o2_, (b)->out_shape, (b)->in2_stride, AB_MAX_DIMS); \
      }                                                                    \
    }                                                                      \
  } while (0)

#endif /* AB_REF_BROADCAST_H */
