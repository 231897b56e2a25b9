#pragma once
// Boost.Asio links: a loopback TCP listener that QEMU's serial chardev connects to, the TCP link
// it yields, and a serial port for real boards. Every operation has a deadline.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/serial_port.hpp>
#include <functional>
#include <memory>

#include "transport/link/link.hpp"

namespace aotbench::transport {

class TcpLink final : public Link {
 public:
  // `name` as describe() says it; by default the local end (our listener's port).
  TcpLink(std::unique_ptr<boost::asio::io_context> io, boost::asio::ip::tcp::socket socket, std::string name = "");
  ~TcpLink() override;
  void write(std::span<const std::uint8_t> data, Clock::time_point deadline) override;
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) override;
  std::string describe() const override { return name_; }

 private:
  std::unique_ptr<boost::asio::io_context> io_;
  boost::asio::ip::tcp::socket socket_;
  std::string name_;
};

// Connects to HOST:PORT ("127.0.0.1:5000", "[::1]:5000", "lab-pi:4001"): a serial port served raw
// over TCP (QEMU's chardev as a server, ser2net's raw mode, a labgrid RawNetworkSerialPort).
// Throws TransportError naming the address when it refuses or does not answer by the deadline.
std::unique_ptr<TcpLink> connect_tcp(const std::string& address, Clock::time_point deadline);

// Listens on 127.0.0.1 on a free port chosen by the kernel.
class TcpListener {
 public:
  TcpListener();
  std::uint16_t port() const { return port_; }
  // Waits for one connection until the deadline; gives up early when keep_waiting() says so
  // (it is polled a few times a second, e.g. "is QEMU still running?"). Throws TransportError.
  std::unique_ptr<TcpLink> accept(Clock::time_point deadline, const std::function<bool()>& keep_waiting);

 private:
  std::unique_ptr<boost::asio::io_context> io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::uint16_t port_ = 0;
};

class SerialLink final : public Link {
 public:
  // Opens the port raw, 8N1, no flow control. Throws TransportError naming the device.
  SerialLink(const std::string& device, unsigned baud);
  ~SerialLink() override;
  void write(std::span<const std::uint8_t> data, Clock::time_point deadline) override;
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) override;
  std::string describe() const override { return name_; }
  // Drops what arrived and was not read yet (an earlier firmware's output).
  void discard_input();

 private:
  boost::asio::io_context io_;
  boost::asio::serial_port port_;
  std::string name_;
};

}  // namespace aotbench::transport
