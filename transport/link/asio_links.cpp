// Boost.Asio links with deadlines: each blocking call starts one asynchronous operation and runs
// the io_context until it completes or the deadline passes, then cancels what is left.
#include "transport/link/asio_links.hpp"

#include <fmt/core.h>
#include <termios.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <optional>

namespace aotbench::transport {
namespace asio = boost::asio;
using boost::system::error_code;

namespace {

// Runs io until `done` or the deadline; on timeout cancels `stream`'s operations and drains them.
template <typename Stream>
bool run_until(asio::io_context& io, Stream& stream, Clock::time_point deadline, const bool& done) {
  io.restart();
  while (!done && Clock::now() < deadline) {
    if (io.run_one_until(deadline) == 0 && io.stopped()) break;
  }
  if (done) return true;
  error_code ignored;
  stream.cancel(ignored);
  io.restart();
  io.run();
  return false;
}

bool closed(const error_code& ec) {
  return ec == asio::error::eof || ec == asio::error::connection_reset ||
         ec == asio::error::broken_pipe || ec == asio::error::not_connected;
}

template <typename Stream>
void write_all(asio::io_context& io, Stream& stream, std::span<const std::uint8_t> data,
               Clock::time_point deadline, const std::string& name) {
  bool done = false;
  error_code ec;
  asio::async_write(stream, asio::buffer(data.data(), data.size()), [&](error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  if (!run_until(io, stream, deadline, done))
    throw TransportError(fmt::format("{}: writing {} bytes timed out", name, data.size()));
  if (closed(ec)) throw LinkClosed(fmt::format("{}: the other end closed the link", name));
  if (ec) throw TransportError(fmt::format("{}: write failed: {}", name, ec.message()));
}

template <typename Stream>
std::size_t read_any(asio::io_context& io, Stream& stream, std::span<std::uint8_t> buf,
                     Clock::time_point deadline, const std::string& name) {
  bool done = false;
  error_code ec;
  std::size_t n = 0;
  stream.async_read_some(asio::buffer(buf.data(), buf.size()), [&](error_code e, std::size_t k) {
    ec = e;
    n = k;
    done = true;
  });
  if (!run_until(io, stream, deadline, done)) return n;
  if (closed(ec)) throw LinkClosed(fmt::format("{}: the other end closed the link", name));
  if (ec && ec != asio::error::operation_aborted)
    throw TransportError(fmt::format("{}: read failed: {}", name, ec.message()));
  return n;
}

}  // namespace

TcpLink::TcpLink(std::unique_ptr<asio::io_context> io, asio::ip::tcp::socket socket, std::string name)
    : io_(std::move(io)), socket_(std::move(socket)), name_(std::move(name)) {
  socket_.set_option(asio::ip::tcp::no_delay(true));
  auto local = socket_.local_endpoint();
  if (name_.empty()) name_ = fmt::format("tcp {}:{}", local.address().to_string(), local.port());
}

TcpLink::~TcpLink() {
  error_code ignored;
  socket_.close(ignored);
}

void TcpLink::write(std::span<const std::uint8_t> data, Clock::time_point deadline) {
  write_all(*io_, socket_, data, deadline, name_);
}

std::size_t TcpLink::read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) {
  return read_any(*io_, socket_, buf, deadline, name_);
}

std::unique_ptr<TcpLink> connect_tcp(const std::string& address, Clock::time_point deadline) {
  const auto colon = address.rfind(':');
  std::string host = colon == std::string::npos ? "" : address.substr(0, colon);
  const std::string port = colon == std::string::npos ? "" : address.substr(colon + 1);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty() || port.empty() || port.find_first_not_of("0123456789") != std::string::npos)
    throw TransportError(fmt::format("'{}' is not a TCP address: give HOST:PORT", address));
  auto io = std::make_unique<asio::io_context>();
  asio::ip::tcp::socket socket(*io);
  error_code ec;
  const auto endpoints = asio::ip::tcp::resolver(*io).resolve(host, port, ec);
  if (ec) throw TransportError(fmt::format("cannot resolve {}: {}", host, ec.message()));
  bool done = false;
  asio::async_connect(socket, endpoints, [&](error_code e, const asio::ip::tcp::endpoint&) {
    ec = e;
    done = true;
  });
  if (!run_until(*io, socket, deadline, done))
    throw Unreachable(fmt::format("tcp {}: no connection before the deadline", address));
  if (ec) throw Unreachable(fmt::format("tcp {}: cannot connect: {}", address, ec.message()));
  return std::make_unique<TcpLink>(std::move(io), std::move(socket), "tcp " + address);
}

TcpListener::TcpListener()
    : io_(std::make_unique<asio::io_context>()),
      acceptor_(*io_, asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
  port_ = acceptor_.local_endpoint().port();
}

std::unique_ptr<TcpLink> TcpListener::accept(Clock::time_point deadline,
                                             const std::function<bool()>& keep_waiting) {
  asio::ip::tcp::socket socket(*io_);
  bool done = false;
  error_code ec;
  acceptor_.async_accept(socket, [&](error_code e) {
    ec = e;
    done = true;
  });
  while (!done && Clock::now() < deadline && keep_waiting()) {
    io_->restart();
    io_->run_one_for(std::chrono::milliseconds(100));
  }
  if (!done) {
    error_code ignored;
    acceptor_.cancel(ignored);
    io_->restart();
    io_->run();
    throw TransportError(fmt::format("no connection on tcp 127.0.0.1:{} before the deadline", port_));
  }
  if (ec) throw TransportError(fmt::format("accept on tcp 127.0.0.1:{} failed: {}", port_, ec.message()));
  // The link keeps the io_context the socket was made on; the listener makes a new one.
  auto io = std::move(io_);
  io_ = std::make_unique<asio::io_context>();
  return std::make_unique<TcpLink>(std::move(io), std::move(socket));
}

SerialLink::SerialLink(const std::string& device, unsigned baud) : port_(io_) {
  name_ = fmt::format("serial {} @ {}", device, baud);
  error_code ec;
  port_.open(device, ec);
  if (ec)
    throw TransportError(fmt::format("cannot open serial port {}: {} (is the board plugged in, and "
                                     "may this user open it? e.g. add it to group dialout)",
                                     device, ec.message()));
  using sp = asio::serial_port_base;
  port_.set_option(sp::baud_rate(baud));
  port_.set_option(sp::character_size(8));
  port_.set_option(sp::parity(sp::parity::none));
  port_.set_option(sp::stop_bits(sp::stop_bits::one));
  port_.set_option(sp::flow_control(sp::flow_control::none));
}

void SerialLink::discard_input() { ::tcflush(port_.native_handle(), TCIFLUSH); }

SerialLink::~SerialLink() {
  error_code ignored;
  port_.close(ignored);
}

void SerialLink::write(std::span<const std::uint8_t> data, Clock::time_point deadline) {
  write_all(io_, port_, data, deadline, name_);
}

std::size_t SerialLink::read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) {
  return read_any(io_, port_, buf, deadline, name_);
}

}  // namespace aotbench::transport
