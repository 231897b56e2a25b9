#pragma once
// The host end of the device protocol: one request in flight at a time, each answered before the
// next is sent, never more bytes per frame than the device said it buffers. Waiting is judged by
// silence (rpc/patience.hpp): a device busy with a long Run sends progress frames between its
// workload calls, and after a few silent intervals the request is sent again with the same
// sequence number, which the device answers from its cache, so nothing runs twice. A frame that
// fails the CRC, or the device's NACK, has it sent again at once. A firmware announces itself with
// a banner frame when it starts: one is expected until the first answer and after reset(), and
// kept (banner()); one at any other time means the device reset, and the request throws
// DeviceReset. Requests never use the banner's sequence number.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "transport/link/link.hpp"
#include "transport/rpc/messages.hpp"

namespace aotbench::transport {

// The device answered, but with an error status.
struct DeviceError : TransportError {
  using TransportError::TransportError;
};

// Host and firmware speak different protocol versions.
struct ProtocolMismatch : TransportError {
  using TransportError::TransportError;
};

// The device started again in the middle of a session (its start-up banner arrived while an
// answer was awaited): what it held (inputs, counter set-up, the request) is gone.
struct DeviceReset : TransportError {
  using TransportError::TransportError;
};

// The device counted with another counter than the run asked for (RunOptions::counter): its
// counts are not what the run records, so they are refused, never relabelled.
struct CounterMismatch : TransportError {
  using TransportError::TransportError;
};

class RpcClient {
 public:
  struct Options {
    // Silence before a request is sent again: its answer (or, during a Run, the next progress
    // frame) is that late. Longer when the device's own pauses are (one workload call of a Run).
    std::chrono::milliseconds timeout{500};
    // Resends after rejected frames (CRC, undecodable, NACK) before failing: a damaged frame is
    // sent again at once, so a line that damages every frame fails fast, and 16 leaves a line that
    // damages one frame in five (each way) about one failed request in 10^7.
    int retries = 16;
    std::string who;  // names the device in errors, e.g. "board X on tcp ..."
    // Silence after which a request other than Run fails (Run: RunOptions::max_silence).
    std::chrono::milliseconds give_up{10000};
  };

  explicit RpcClient(Link& link, Options options);
  ~RpcClient();
  RpcClient(const RpcClient&) = delete;
  RpcClient& operator=(const RpcClient&) = delete;

  // GetInfo, retried until `budget` has passed, then the protocol version check; also fetches
  // the tensor specs GetInfo leaves out. Throws TransportError/ProtocolMismatch.
  DeviceInfo connect(std::chrono::milliseconds budget);
  // Reads what the device sends, sending nothing, until its start-up banner arrives or `wait`
  // has passed (then nullopt: a firmware that started long ago, or one older than protocol 3).
  std::optional<Banner> await_banner(std::chrono::milliseconds wait);
  // The start-up banner taken in while one was expected (await_banner, connect, after reset()).
  const std::optional<Banner>& banner() const;
  DeviceInfo get_info();
  TensorSpec get_tensor(bool output, std::uint32_t index);
  // Under QEMU: the -icount shift, so the firmware reports instructions; with `model_file` (the
  // counts file of the timing model the emulator runs, on its host) it reports the model's cycles,
  // instructions beside. Returns the counter now in use.
  results::CounterKind set_icount_shift(int shift, const std::string& model_file = "");

  void set_input(std::uint32_t index, std::span<const std::uint8_t> data);  // chunked
  // Emulators only: the device reads the input from a host file through semihosting. False when
  // the firmware cannot (real hardware): use set_input. Other failures throw DeviceError.
  bool load_input(std::uint32_t index, const std::string& host_path);
  // Throws CounterMismatch when options.counter is set and the device counted with another.
  RunResult run(const RunOptions& options);
  std::vector<std::uint8_t> get_output(std::uint32_t index);                // chunked
  ProfileResult get_profile();
  std::vector<std::uint8_t> echo(std::span<const std::uint8_t> data);        // chunked
  void reset(bool exit_emulator);

  const LinkStats& stats() const;
  const std::string& who() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace aotbench::transport
