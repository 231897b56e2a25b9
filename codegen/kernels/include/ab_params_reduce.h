/* Parameter structs of the reductions: REDUCE_MAX, REDUCE_MIN, SUM, MEAN of int16, ARG_MAX,
 * ARG_MIN (included by ab_params.h, whose conventions and field-list macros they follow). */
#ifndef AB_PARAMS_REDUCE_H
#define AB_PARAMS_REDUCE_H

#endif /* AB_PARAMS_REDUCE_H */
