#ifndef AOTBENCH_MODEL_IFACE_H
#define AOTBENCH_MODEL_IFACE_H
/* The one interface between the device runtime (RPC server) and a model linked into firmware.
 * The code generator emits an adapter implementing it for each generated model (whatever its
 * prefix, api and interface knobs); the self-test firmware links a model-less implementation. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ab_dtype { AB_INT8 = 0, AB_UINT8 = 1, AB_INT16 = 2, AB_INT32 = 3, AB_FLOAT32 = 4, AB_INT64 = 5, AB_BOOL = 6,
               AB_UINT32 = 7, AB_UINT64 = 8 };

typedef struct {
  const char* name;      /* sanitized tensor name */
  uint8_t dtype;         /* enum ab_dtype */
  uint8_t ndim;
  int32_t shape[6];
  uint32_t bytes;
  float scale;           /* quantization of the tensor, 0 when none */
  int32_t zero_point;
} ab_tensor_spec;

typedef struct {
  const char* key;                 /* model/variant key, e.g. "mnv2:api=packed,..." ("" for none) */
  uint32_t num_inputs, num_outputs;
  const ab_tensor_spec* inputs;
  const ab_tensor_spec* outputs;
  uint8_t* const* input_data;      /* num_inputs buffers of inputs[i].bytes */
  uint8_t* const* output_data;     /* num_outputs buffers of outputs[i].bytes */
  uint32_t num_ops;                /* operators reported by the profile hooks (0 without profile=ops) */
} ab_model_desc;

/* Provided by the model adapter. */
const ab_model_desc* ab_model(void);
int32_t ab_model_run(void);        /* one inference; 0 on success */

/* Provided by the device runtime: called around every operator when built with profile=ops.
 * `op` is the operator's index in execution order. */
void ab_profile_op_begin(uint32_t op);
void ab_profile_op_end(uint32_t op);

#ifdef __cplusplus
}
#endif
#endif
