/* Executes a Run request. Counts are net of the counter's fixed cost: the count of calling an
 * empty function (ab_cal_empty, one `bx lr`) is subtracted, less that one instruction when the
 * unit is instructions, so a workload's count is the instructions from its first to its return.
 * Progress frames go out when the Run starts and between workload calls: outside the counted
 * windows (timed() restarts the counter after them, and the stack run has returned), so they
 * change no count; the last call's answer follows at once, so it has none. */
#include "measure.h"

#include "aotbench/model_iface.h"
#include "ab_port.h"
#include "profile.h"
#include "server.h"

static int32_t model_workload(uint32_t param) {
  (void)param;
  return ab_model_run();
}

static ab_workload_fn workload_fn(aotbench_Workload w) {
  switch (w) {
    case aotbench_Workload_WORKLOAD_MODEL: return model_workload;
    case aotbench_Workload_WORKLOAD_CAL_LOOP: return ab_cal_loop;
    case aotbench_Workload_WORKLOAD_CAL_STACK: return ab_cal_stack;
    case aotbench_Workload_WORKLOAD_CAL_EMPTY: return ab_cal_empty;
  }
  return 0;
}

/* One counted window: the counter's count, and (timing model only) the instructions beside it. */
typedef struct {
  uint64_t count, instructions;
} window;

static window timed(ab_workload_fn fn, uint32_t param, int32_t* status) {
  ab_counter_restart();
  uint64_t t0 = ab_counter_now();
  uint64_t i0 = ab_counter_instructions();
  *status = fn(param);
  uint64_t t1 = ab_counter_now();
  uint64_t i1 = ab_counter_instructions();
  window w = {ab_counter_delta(t0, t1), i1 - i0};
  return w;
}

static uint64_t net(uint64_t count, uint64_t fixed) { return count > fixed ? count - fixed : 0; }

static window fixed_cost(void) {
  int32_t status;
  /* Twice: the second with the counter's own code in the caches, as it is around the workload. */
  (void)timed(ab_cal_empty, 0, &status);
  window empty = timed(ab_cal_empty, 0, &status);
  uint64_t own = ab_counter_kind() == aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS ? 1 : 0;
  window fixed = {net(empty.count, own), net(empty.instructions, 1)};
  return fixed;
}

static aotbench_Status check(const aotbench_RunRequest* rq, const char** error) {
  if (rq->iterations < 1 || rq->iterations > AB_MAX_ITERATIONS) {
    *error = "iterations must be 1..max_iterations";
    return aotbench_Status_STATUS_OUT_OF_RANGE;
  }
  if (rq->warmup > AB_MAX_WARMUP) {
    *error = "warmup must be 0..1000";
    return aotbench_Status_STATUS_OUT_OF_RANGE;
  }
  if (workload_fn(rq->workload) == 0) {
    *error = "unknown workload";
    return aotbench_Status_STATUS_BAD_REQUEST;
  }
  if (rq->workload == aotbench_Workload_WORKLOAD_MODEL && ab_model() == 0) {
    *error = "no model linked into this firmware";
    return aotbench_Status_STATUS_NO_MODEL;
  }
  return aotbench_Status_STATUS_OK;
}

aotbench_Status ab_measure_run(const aotbench_RunRequest* rq, aotbench_RunResponse* out,
                               const char** error) {
  aotbench_Status st = check(rq, error);
  if (st != aotbench_Status_STATUS_OK) return st;
  ab_workload_fn fn = workload_fn(rq->workload);
  int32_t status = 0;
  uint32_t done = 0, total = (rq->measure_stack ? 1u : 0u) + rq->warmup + rq->iterations;
  ab_server_progress(done, total);
  ab_profile_disarm();
  if (rq->measure_stack) {
    out->stack_bytes = ab_stack_measure(fn, rq->param, &status);
    ab_server_progress(++done, total);
  }
  for (uint32_t i = 0; i < rq->warmup && status == 0; i++) {
    status = fn(rq->param);
    ab_server_progress(++done, total);
  }
  window fixed = fixed_cost();
  const int model = ab_counter_kind() == aotbench_CounterKind_COUNTER_MODEL_CYCLES;
  for (uint32_t i = 0; i < rq->iterations && status == 0; i++) {
    int last = i + 1 == rq->iterations;
    if (rq->profile && last) ab_profile_arm(ab_model() ? ab_model()->num_ops : 0);
    window w = timed(fn, rq->param, &status);
    ab_profile_disarm();
    out->counts[out->counts_count++] = net(w.count, fixed.count);
    if (model) out->instructions[out->instructions_count++] = net(w.instructions, fixed.instructions);
    if (!last) ab_server_progress(++done, total);
  }
  out->model_status = status;
  out->counter = (aotbench_CounterKind)ab_counter_kind();
  out->ops_profiled = rq->profile ? ab_profile_count() : 0;
  if (status != 0) {
    *error = "workload returned non-zero";
    return aotbench_Status_STATUS_MODEL_ERROR;
  }
  return aotbench_Status_STATUS_OK;
}
