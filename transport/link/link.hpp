#pragma once
// A byte link to a device: TCP to QEMU's serial chardev, or a serial port to a real board.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

namespace aotbench::transport {

using Clock = std::chrono::steady_clock;

// Anything that went wrong on the link; the message names the link and what to do.
struct TransportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The other end closed the link (QEMU exited, board unplugged).
struct LinkClosed : TransportError {
  using TransportError::TransportError;
};

// Nothing answers at a network address: refused, or no connection before the deadline (a serial
// port served over TCP whose host or server is gone).
struct Unreachable : TransportError {
  using TransportError::TransportError;
};

class Link {
 public:
  virtual ~Link() = default;
  // Writes all of data before the deadline or throws TransportError.
  virtual void write(std::span<const std::uint8_t> data, Clock::time_point deadline) = 0;
  // Waits until some bytes arrive (returns how many, >= 1) or the deadline passes (returns 0).
  // Throws LinkClosed when the other end has gone.
  virtual std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) = 0;
  // For messages: "tcp 127.0.0.1:40123", "serial /dev/ttyACM0 @ 115200".
  virtual std::string describe() const = 0;
};

}  // namespace aotbench::transport
