// See rfc2217_link.hpp. Telnet: RFC 854/855 (IAC commands, option negotiation), RFC 856 (binary
// transmission), RFC 2217 (COM-PORT-OPTION, option 44: client commands 1..6, server answers +100).
#include "transport/link/rfc2217_link.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstring>

namespace aotbench::transport {
namespace {

constexpr std::uint8_t IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240;
constexpr std::uint8_t BINARY = 0, SGA = 3, COM_PORT = 44;
constexpr std::uint8_t SET_BAUDRATE = 1, SET_DATASIZE = 2, SET_PARITY = 3, SET_STOPSIZE = 4, SET_CONTROL = 5;
constexpr std::uint8_t SERVER_OFFSET = 100;

// IAC SB COM-PORT-OPTION command value... IAC SE, with IAC bytes of the value doubled.
std::vector<std::uint8_t> com_port(std::uint8_t command, const std::vector<std::uint8_t>& value) {
  std::vector<std::uint8_t> out = {IAC, SB, COM_PORT, command};
  const std::vector<std::uint8_t> escaped = Rfc2217Link::escape(value);
  out.insert(out.end(), escaped.begin(), escaped.end());
  out.insert(out.end(), {IAC, SE});
  return out;
}

}  // namespace

Rfc2217Link::Rfc2217Link(std::unique_ptr<Link> tcp, unsigned baud, Clock::time_point deadline) : tcp_(std::move(tcp)) {
  std::vector<std::uint8_t> hello = {IAC, WILL, BINARY, IAC, DO, BINARY, IAC, WILL, SGA, IAC, DO, SGA,
                                     IAC, WILL, COM_PORT};
  auto append = [&](std::vector<std::uint8_t> v) { hello.insert(hello.end(), v.begin(), v.end()); };
  append(com_port(SET_BAUDRATE, {std::uint8_t(baud >> 24), std::uint8_t(baud >> 16), std::uint8_t(baud >> 8),
                                 std::uint8_t(baud)}));
  append(com_port(SET_DATASIZE, {8}));
  append(com_port(SET_PARITY, {1}));    // none
  append(com_port(SET_STOPSIZE, {1}));  // one
  append(com_port(SET_CONTROL, {1}));   // no flow control
  tcp_->write(hello, deadline);
  // The server answers the options and the port settings before any data of the board's can
  // matter; wait for its first command so a plain TCP port is not mistaken for RFC 2217.
  std::uint8_t buf[256];
  while (!heard_) {
    const std::size_t n = tcp_->read_some(buf, deadline);
    if (n == 0)
      throw TransportError(fmt::format("{}: no Telnet answer: is it an RFC 2217 port (ser2net telnet(rfc2217), a labgrid "
                                       "NetworkSerialPort with protocol rfc2217)? A raw TCP port is tcp:HOST:PORT",
                                       tcp_->describe()));
    take({buf, n});
  }
}

std::vector<std::uint8_t> Rfc2217Link::escape(std::span<const std::uint8_t> data) {
  std::vector<std::uint8_t> out;
  out.reserve(data.size() + data.size() / 64 + 1);
  for (std::uint8_t b : data) {
    out.push_back(b);
    if (b == IAC) out.push_back(IAC);
  }
  return out;
}

void Rfc2217Link::send(std::vector<std::uint8_t> bytes, Clock::time_point deadline) {
  if (!reply_.empty()) {
    bytes.insert(bytes.begin(), reply_.begin(), reply_.end());
    reply_.clear();
  }
  if (!bytes.empty()) tcp_->write(bytes, deadline);
}

void Rfc2217Link::write(std::span<const std::uint8_t> data, Clock::time_point deadline) { send(escape(data), deadline); }

std::size_t Rfc2217Link::read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) {
  std::uint8_t raw[4096];
  while (out_.empty()) {
    if (!reply_.empty()) send({}, deadline);
    const std::size_t n = tcp_->read_some(raw, deadline);
    if (n == 0) return 0;
    take({raw, n});
  }
  const std::size_t n = std::min(buf.size(), out_.size());
  std::memcpy(buf.data(), out_.data(), n);
  out_.erase(out_.begin(), out_.begin() + static_cast<std::ptrdiff_t>(n));
  return n;
}

void Rfc2217Link::take(std::span<const std::uint8_t> in) {
  for (std::uint8_t b : in) {
    switch (state_) {
      case State::data:
        if (b == IAC) state_ = State::iac;
        else out_.push_back(b);
        break;
      case State::iac:
        heard_ = true;
        if (b == IAC) {  // an escaped 0xFF of the board's
          out_.push_back(IAC);
          state_ = State::data;
        } else if (b == SB) {
          sub_.clear();
          state_ = State::sub;
        } else if (b == WILL || b == WONT || b == DO || b == DONT) {
          verb_ = b;
          state_ = State::option;
        } else {
          state_ = State::data;  // NOP, GA, ...: nothing to do
        }
        break;
      case State::option: {
        // Refuse what we did not ask for; what we asked for needs no answer.
        const bool ours = b == BINARY || b == SGA || b == COM_PORT;
        if (!ours && verb_ == DO) reply_.insert(reply_.end(), {IAC, WONT, b});
        if (!ours && verb_ == WILL) reply_.insert(reply_.end(), {IAC, DONT, b});
        state_ = State::data;
        break;
      }
      case State::sub:
        if (b == IAC) state_ = State::sub_iac;
        else sub_.push_back(b);
        break;
      case State::sub_iac:
        if (b == SE) {
          on_subnegotiation();
          state_ = State::data;
        } else {
          sub_.push_back(b);  // IAC IAC inside: one 0xFF
          state_ = State::sub;
        }
        break;
    }
  }
}

void Rfc2217Link::on_subnegotiation() {
  if (sub_.size() == 6 && sub_[0] == COM_PORT && sub_[1] == SET_BAUDRATE + SERVER_OFFSET)
    server_baud_ = (std::uint32_t(sub_[2]) << 24) | (std::uint32_t(sub_[3]) << 16) | (std::uint32_t(sub_[4]) << 8) |
                   sub_[5];
}

std::string Rfc2217Link::describe() const {
  std::string tcp = tcp_->describe();
  if (tcp.rfind("tcp ", 0) == 0) tcp.erase(0, 4);
  return "rfc2217 " + tcp;
}

}  // namespace aotbench::transport
