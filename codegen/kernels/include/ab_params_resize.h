/* Parameter structs of the RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR (included by ab_params.h,
 * whose conventions and field-list macros they follow). */
#ifndef AB_PARAMS_RESIZE_H
#define AB_PARAMS_RESIZE_H

#endif /* AB_PARAMS_RESIZE_H */
