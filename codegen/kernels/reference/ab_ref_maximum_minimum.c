/* MAXIMUM and MINIMUM reference kernel (TFLite Micro's MaximumMinimumBroadcastSlow): the larger or
 * smaller stored value, int8, int16 or int32. */
#include "ab_ref_broadcast.h"
#include "ab_ref_kernels.h"

/* MAXIMUM and MINIMUM differ only in which way the comparison goes. */
#define AB_PICK(p, x, y) ((p)->maximum ? ((x) > (y) ? (x) : (y)) : ((x) < (y) ? (x) : (y)))

void ab_ref_maximum_minimum(const ab_maximum_minimum_params* p, const void* input1, const void* input2,
                            void* output) {
  switch (p->type) {
    case AB_ELEM_INT8: {
      const int8_t* a = (const int8_t*)input1;
      const int8_t* b = (const int8_t*)input2;
      int8_t* y = (int8_t*)output;
#define AB_PICK_S8(i, o1, o2) y[i] = AB_PICK(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_PICK_S8);
#undef AB_PICK_S8
      break;
    }
    case AB_ELEM_INT16: {
      const int16_t* a = (const int16_t*)input1;
      const int16_t* b = (const int16_t*)input2;
      int16_t* y = (int16_t*)output;
#define AB_PICK_S16(i, o1, o2) y[i] = AB_PICK(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_PICK_S16);
#undef AB_PICK_S16
      break;
    }
    case AB_ELEM_INT32: {
      const int32_t* a = (const int32_t*)input1;
      const int32_t* b = (const int32_t*)input2;
      int32_t* y = (int32_t*)output;
#define AB_PICK_S32(i, o1, o2) y[i] = AB_PICK(p, a[o1], b[o2])
      AB_FOR_EACH_BROADCAST(&p->shape, AB_PICK_S32);
#undef AB_PICK_S32
      break;
    }
  }
}
