/* Parameter structs of the stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM (included
 * by ab_params.h, whose conventions and field-list macros they follow). */
#ifndef AB_PARAMS_RECURRENT_H
#define AB_PARAMS_RECURRENT_H

#endif /* AB_PARAMS_RECURRENT_H */
