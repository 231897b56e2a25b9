/* Request handlers of the RPC server (see transport/proto/aotbench.proto for the contract). */
#include "handlers.h"

#include <string.h>

#include "ab_port.h"
#include "aotbench/model_iface.h"
#include "measure.h"
#include "profile.h"
#include "server.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define OUT_OF_RANGE(msg) (*error = (msg), aotbench_Status_STATUS_OUT_OF_RANGE)

static void copy_str(char* dst, size_t cap, const char* src) {
  strncpy(dst, src ? src : "", cap - 1);
  dst[cap - 1] = 0;
}

static void fill_spec(aotbench_TensorSpec* out, const ab_tensor_spec* in) {
  copy_str(out->name, sizeof out->name, in->name);
  out->dtype = (aotbench_DType)in->dtype;
  out->shape_count = in->ndim < COUNT_OF(out->shape) ? in->ndim : COUNT_OF(out->shape);
  for (pb_size_t i = 0; i < out->shape_count; i++) out->shape[i] = in->shape[i];
  out->bytes = in->bytes;
  out->scale = in->scale;
  out->zero_point = in->zero_point;
}

static aotbench_Status get_info(aotbench_GetInfoResponse* r) {
  const ab_platform_info* p = ab_port_info();
  const ab_model_desc* m = ab_model();
  r->protocol_version = aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT;
  copy_str(r->board, sizeof r->board, p->board);
  copy_str(r->cpu, sizeof r->cpu, p->cpu);
  r->clock_hz = p->clock_hz;
  r->clock_setup = (aotbench_ClockSetup)p->clock_setup;
  copy_str(r->build_id, sizeof r->build_id, p->build_id);
  r->counter = (aotbench_CounterKind)ab_counter_kind();
  r->icount_shift = ab_counter_icount_shift();
  r->max_frame = ab_server_max_frame();
  r->max_chunk = sizeof(((aotbench_SetInputRequest*)0)->data.bytes);
  r->max_iterations = AB_MAX_ITERATIONS;
  r->frames_dropped = ab_server_dropped();
  r->stack_free = ab_stack_free();
  if (m == 0) return aotbench_Status_STATUS_OK;
  copy_str(r->model_key, sizeof r->model_key, m->key);
  r->num_inputs = m->num_inputs;
  r->num_outputs = m->num_outputs;
  r->num_ops = m->num_ops < AB_MAX_PROFILE_OPS ? m->num_ops : AB_MAX_PROFILE_OPS;
  for (uint32_t i = 0; i < m->num_inputs && i < COUNT_OF(r->inputs); i++)
    fill_spec(&r->inputs[r->inputs_count++], &m->inputs[i]);
  for (uint32_t i = 0; i < m->num_outputs && i < COUNT_OF(r->outputs); i++)
    fill_spec(&r->outputs[r->outputs_count++], &m->outputs[i]);
  return aotbench_Status_STATUS_OK;
}

static aotbench_Status get_tensor(const aotbench_GetTensorRequest* q, aotbench_GetTensorResponse* r,
                                  const char** error) {
  const ab_model_desc* m = ab_model();
  uint32_t n = m == 0 ? 0 : q->output ? m->num_outputs : m->num_inputs;
  if (q->index >= n) return OUT_OF_RANGE("no tensor with that index");
  fill_spec(&r->spec, q->output ? &m->outputs[q->index] : &m->inputs[q->index]);
  r->has_spec = true;
  return aotbench_Status_STATUS_OK;
}

static aotbench_Status set_input(const aotbench_SetInputRequest* q, aotbench_SetInputResponse* r,
                                 const char** error) {
  const ab_model_desc* m = ab_model();
  if (m == 0 || q->index >= m->num_inputs) return OUT_OF_RANGE("no input with that index");
  uint32_t bytes = m->inputs[q->index].bytes;
  if (q->offset > bytes || q->data.size > bytes - q->offset)
    return OUT_OF_RANGE("input chunk past the tensor's end");
  memcpy(m->input_data[q->index] + q->offset, q->data.bytes, q->data.size);
  r->bytes = bytes;
  return aotbench_Status_STATUS_OK;
}

static aotbench_Status load_input(const aotbench_LoadInputRequest* q, aotbench_LoadInputResponse* r,
                                  const char** error) {
  const ab_model_desc* m = ab_model();
  if (m == 0 || q->index >= m->num_inputs) return OUT_OF_RANGE("no input with that index");
  /* Semihosting exists only under the emulator, which the host announced with an icount shift. */
  if (ab_counter_icount_shift() < 0) {
    *error = "LoadInput needs an emulator; use SetInput";
    return aotbench_Status_STATUS_UNSUPPORTED;
  }
  switch (ab_port_host_read(q->path, m->input_data[q->index], m->inputs[q->index].bytes)) {
    case 0:
      r->bytes = m->inputs[q->index].bytes;
      return aotbench_Status_STATUS_OK;
    case -2:
      return OUT_OF_RANGE("the file's size differs from the input tensor's");
    case -3:
      *error = "LoadInput is not supported by this firmware";
      return aotbench_Status_STATUS_UNSUPPORTED;
    default:
      return OUT_OF_RANGE("cannot open the file on the host");
  }
}

static aotbench_Status get_output(const aotbench_GetOutputRequest* q, aotbench_GetOutputResponse* r,
                                  const char** error) {
  const ab_model_desc* m = ab_model();
  if (m == 0 || q->index >= m->num_outputs) return OUT_OF_RANGE("no output with that index");
  uint32_t bytes = m->outputs[q->index].bytes;
  if (q->offset > bytes) return OUT_OF_RANGE("output offset past the tensor's end");
  uint32_t n = bytes - q->offset;
  if (n > q->length) n = q->length;
  if (n > sizeof r->data.bytes) n = sizeof r->data.bytes;
  memcpy(r->data.bytes, m->output_data[q->index] + q->offset, n);
  r->data.size = (pb_size_t)n;
  r->total = bytes;
  return aotbench_Status_STATUS_OK;
}

static aotbench_Status get_profile(const aotbench_GetProfileRequest* q,
                                   aotbench_GetProfileResponse* r) {
  r->counter = (aotbench_CounterKind)ab_counter_kind();
  r->num_ops = ab_profile_count();
  r->first_op = q->first_op;
  for (uint32_t op = q->first_op; op < r->num_ops && r->counts_count < COUNT_OF(r->counts); op++)
    r->counts[r->counts_count++] = ab_profile_get(op);
  return aotbench_Status_STATUS_OK;
}

aotbench_Status ab_handle(const aotbench_Request* req, aotbench_Response* resp, const char** error) {
  resp->which_body = req->which_body + (aotbench_Response_get_info_tag - aotbench_Request_get_info_tag);
  switch (req->which_body) {
    case aotbench_Request_get_info_tag:
      return get_info(&resp->body.get_info);
    case aotbench_Request_get_tensor_tag:
      return get_tensor(&req->body.get_tensor, &resp->body.get_tensor, error);
    case aotbench_Request_set_counter_tag:
      resp->body.set_counter.counter =
          (aotbench_CounterKind)ab_counter_set_icount_shift(req->body.set_counter.icount_shift);
      if (req->body.set_counter.model_file[0])
        resp->body.set_counter.counter = (aotbench_CounterKind)ab_counter_use_model(req->body.set_counter.model_file);
      return aotbench_Status_STATUS_OK;
    case aotbench_Request_set_input_tag:
      return set_input(&req->body.set_input, &resp->body.set_input, error);
    case aotbench_Request_load_input_tag:
      return load_input(&req->body.load_input, &resp->body.load_input, error);
    case aotbench_Request_run_tag:
      return ab_measure_run(&req->body.run, &resp->body.run, error);
    case aotbench_Request_get_output_tag:
      return get_output(&req->body.get_output, &resp->body.get_output, error);
    case aotbench_Request_get_profile_tag:
      return get_profile(&req->body.get_profile, &resp->body.get_profile);
    case aotbench_Request_echo_tag:
      memcpy(resp->body.echo.data.bytes, req->body.echo.data.bytes, req->body.echo.data.size);
      resp->body.echo.data.size = req->body.echo.data.size;
      return aotbench_Status_STATUS_OK;
    case aotbench_Request_reset_tag:
      return aotbench_Status_STATUS_OK;
  }
  resp->which_body = 0;
  *error = "unknown request";
  return aotbench_Status_STATUS_BAD_REQUEST;
}

/* ab_handle maps request tags to response tags by a fixed offset; the .proto keeps them aligned. */
#define SAME_OFFSET(name) \
  _Static_assert(aotbench_Response_##name##_tag - aotbench_Request_##name##_tag == 2, #name);
SAME_OFFSET(get_info)
SAME_OFFSET(set_counter)
SAME_OFFSET(set_input)
SAME_OFFSET(load_input)
SAME_OFFSET(run)
SAME_OFFSET(get_output)
SAME_OFFSET(get_profile)
SAME_OFFSET(echo)
SAME_OFFSET(reset)
SAME_OFFSET(get_tensor)
