#pragma once
// A serial port served over Telnet with RFC 2217's COM-PORT-OPTION: what ser2net offers in its
// telnet(rfc2217) mode, and so what a labgrid exporter exports a USB serial adapter as
// (NetworkSerialPort, protocol rfc2217). On connecting it asks for binary transmission both ways
// and sets the port to the board's baud rate, 8 data bits, no parity, one stop bit and no flow
// control; then it carries the frames, doubling every 0xFF it sends (Telnet's IAC) and taking
// the server's Telnet commands out of what it receives.
#include <cstdint>
#include <memory>
#include <vector>

#include "transport/link/link.hpp"

namespace aotbench::transport {

class Rfc2217Link final : public Link {
 public:
  // Over `tcp`, already connected to the server; negotiates before returning (throws
  // TransportError when the server sends nothing Telnet-like back before the deadline).
  Rfc2217Link(std::unique_ptr<Link> tcp, unsigned baud, Clock::time_point deadline);
  void write(std::span<const std::uint8_t> data, Clock::time_point deadline) override;
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) override;
  std::string describe() const override;

  // What the server said it set the baud rate to (0 until it answered).
  std::uint32_t server_baud() const { return server_baud_; }

  // Telnet framing, exposed for tests: data with every 0xFF doubled.
  static std::vector<std::uint8_t> escape(std::span<const std::uint8_t> data);

 private:
  // Moves the data bytes of `in` into out_, acting on the Telnet commands between them.
  void take(std::span<const std::uint8_t> in);
  void on_subnegotiation();
  void send(std::vector<std::uint8_t> bytes, Clock::time_point deadline);

  std::unique_ptr<Link> tcp_;
  std::vector<std::uint8_t> out_;  // received data not yet read
  std::vector<std::uint8_t> reply_;  // answers to the server's option requests, sent on the next write or read
  enum class State { data, iac, option, sub, sub_iac } state_ = State::data;
  std::uint8_t verb_ = 0;
  std::vector<std::uint8_t> sub_;
  bool heard_ = false;  // the server has sent a Telnet command
  std::uint32_t server_baud_ = 0;
};

}  // namespace aotbench::transport
