/* Parameters of the test model (a header, so the build's include folders and their hashing are
 * exercised). */
#ifndef DEVICE_MODEL_PARAMS_H
#define DEVICE_MODEL_PARAMS_H
#define DEVICE_MODEL_N 1500
#define DEVICE_MODEL_OFFSET 11
#endif
