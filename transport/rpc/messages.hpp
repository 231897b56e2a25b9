#pragma once
// The host's view of the protocol's messages (transport/proto/aotbench.proto), free of nanopb.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "results/counter.hpp"

namespace aotbench::transport {

enum class Workload { model = 0, cal_loop = 1, cal_stack = 2, cal_empty = 3 };

// How the firmware set up its core clock (aotbench.ClockSetup): none asked for, done, or the step
// that failed (it then runs on its reset clock).
enum class ClockSetup { none = 0, done = 1, oscillator = 2, overdrive = 3, flash_latency = 4, pll_lock = 5, switch_ = 6 };
// "none", "done", or what failed, e.g. "the oscillator never became ready"
std::string to_string(ClockSetup s);

struct TensorSpec {
  std::string name;
  int dtype = 0;  // aotbench.DType: 0 int8, 1 uint8, 2 int16, 3 int32, 4 float32, 5 int64, 6 bool, 7 uint32, 8 uint64
  std::vector<std::int32_t> shape;
  std::uint32_t bytes = 0;
  float scale = 0;
  std::int32_t zero_point = 0;
};

// What a firmware announces, unsolicited, when it starts (aotbench.Banner).
struct Banner {
  std::uint32_t protocol_version = 0;
  std::string board, build_id;
  std::uint32_t clock_hz = 0;
  results::CounterKind counter = results::CounterKind::none;
  ClockSetup clock_setup = ClockSetup::none;
};

struct DeviceInfo {
  std::uint32_t protocol_version = 0;
  std::string board, cpu, build_id, model_key;
  std::uint32_t clock_hz = 0;
  ClockSetup clock_setup = ClockSetup::none;
  results::CounterKind counter = results::CounterKind::none;
  std::uint32_t num_inputs = 0, num_outputs = 0;
  std::vector<TensorSpec> inputs, outputs;  // all of them (connect() fetches what GetInfo omits)
  std::uint32_t max_frame = 0;      // largest encoded request the device buffers
  std::uint32_t max_chunk = 0;      // largest data field per SetInput/GetOutput/Echo
  std::uint32_t num_ops = 0;        // per-operator profile entries
  std::uint32_t frames_dropped = 0;
  std::uint32_t max_iterations = 0;
  std::uint32_t stack_free = 0;
  std::int32_t icount_shift = -1;
};

// The most timed runs one Run reports: RunResponse.counts max_count in proto/aotbench.options
// (the firmware's AB_MAX_ITERATIONS; rpc_client.cpp checks the two agree at compile time).
inline constexpr std::uint32_t kMaxIterations = 32;

struct RunOptions {
  std::uint32_t iterations = 1;  // timed runs, 1..DeviceInfo::max_iterations
  std::uint32_t warmup = 0;      // untimed runs first
  Workload workload = Workload::model;
  std::uint32_t param = 0;       // workload parameter (calibration loop iterations)
  bool measure_stack = true;     // one extra painted run for the stack high-water mark
  bool profile = false;          // record per-operator counts of the last timed run
  // The counter the counts must come from (none: whichever the device uses); another is refused.
  results::CounterKind counter = results::CounterKind::none;
  // The longest the device may stay silent: it reports progress between workload calls, so this
  // bounds one call (a hang detector), not the whole Run. Lost frames are recovered much sooner.
  std::chrono::milliseconds max_silence{120000};
};

struct RunResult {
  std::int32_t model_status = 0;  // 0 = success
  results::CounterKind counter = results::CounterKind::none;
  std::vector<std::uint64_t> counts;  // per timed run, in results::unit(counter)
  // cycles_model: each timed run's executed instructions beside its estimated cycles (else empty)
  std::vector<std::uint64_t> instructions;
  std::uint32_t stack_bytes = 0;      // high-water mark of one run (0 unless measure_stack)
  std::uint32_t ops_profiled = 0;
  std::string error;                  // the device's message when model_status != 0
};

struct ProfileResult {
  results::CounterKind counter = results::CounterKind::none;
  std::vector<std::uint64_t> op_counts;  // per operator, execution order
};

struct LinkStats {
  std::uint64_t requests = 0, attempts = 0;
  std::uint64_t timeouts = 0;  // silences: waits that ended with nothing heard (the request is asked again)
  std::uint64_t crc_errors = 0, nacks = 0, stale_frames = 0, progress_frames = 0;
  std::uint64_t banners = 0;  // start-up banners taken in (at connect, after a Reset)
  std::uint64_t bytes_sent = 0, bytes_received = 0;
};

}  // namespace aotbench::transport
