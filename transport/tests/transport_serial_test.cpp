// The serial link (Boost.Asio serial_port), as used for real boards, exercised on a pseudo
// terminal: the device's RPC server (host build) answers on the master side.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <random>
#include <thread>

#include "transport/link/asio_links.hpp"
#include "port_host.h"
#include "transport/rpc/rpc_client.hpp"
#include "server.h"

namespace {

using namespace aotbench::transport;
using namespace std::chrono_literals;

// A pty whose master end is served by the in-process device server on its own thread.
class PtyDevice {
 public:
  PtyDevice() {
    master_ = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master_ < 0 || grantpt(master_) != 0 || unlockpt(master_) != 0) throw std::runtime_error("no pty");
    slave_ = ptsname(master_);
    ab_server_init();
    ab_host_set_writer(&PtyDevice::write_master, this);
    thread_ = std::thread([this] { serve(); });
  }
  ~PtyDevice() {
    stop_ = true;
    thread_.join();
    ab_host_set_writer(nullptr, nullptr);
    close(master_);
  }
  const std::string& slave() const { return slave_; }

 private:
  static void write_master(const std::uint8_t* data, std::size_t len, void* ctx) {
    auto* self = static_cast<PtyDevice*>(ctx);
    while (len > 0) {
      ssize_t n = write(self->master_, data, len);
      if (n <= 0) return;
      data += n, len -= static_cast<std::size_t>(n);
    }
  }
  void serve() {
    std::uint8_t buf[256];
    while (!stop_) {
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, 20) <= 0 || !(p.revents & POLLIN)) continue;
      ssize_t n = read(master_, buf, sizeof buf);
      for (ssize_t i = 0; i < n; ++i) ab_server_feed(buf[i]);
    }
  }
  int master_ = -1;
  std::string slave_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

TEST(SerialLink, RpcOverAPseudoTerminal) {
  PtyDevice dev;
  SerialLink link(dev.slave(), 115200);
  EXPECT_NE(link.describe().find(dev.slave()), std::string::npos);
  RpcClient c(link, {1000ms, 3, "board pty on " + link.describe()});
  DeviceInfo info = c.connect(2s);
  EXPECT_EQ(info.board, "host");
  std::vector<std::uint8_t> data(8192);
  std::mt19937 rng(21);
  for (auto& b : data) b = static_cast<std::uint8_t>(rng());
  EXPECT_EQ(c.echo(data), data);
  std::vector<std::uint8_t> in(3000), want(3000);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i * 13), want[i] = static_cast<std::uint8_t>(in[i] + 1);
  c.set_input(0, in);
  EXPECT_EQ(c.run({1, 0, Workload::model, 0, false, false}).model_status, 0);
  EXPECT_EQ(c.get_output(0), want);
  EXPECT_EQ(c.stats().timeouts, 0u);
}

TEST(SerialLink, ReadTimesOutAtTheDeadline) {
  PtyDevice dev;
  SerialLink link(dev.slave(), 115200);
  std::uint8_t buf[16];
  auto t0 = Clock::now();
  EXPECT_EQ(link.read_some(buf, t0 + 200ms), 0u);
  EXPECT_GE(Clock::now() - t0, 190ms);
  EXPECT_LT(Clock::now() - t0, 1s);
}

TEST(SerialLink, MissingDeviceIsAClearError) {
  try {
    SerialLink link("/dev/ttyACM-aotbench-none", 115200);
    FAIL();
  } catch (const TransportError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("cannot open serial port /dev/ttyACM-aotbench-none"), std::string::npos) << msg;
    EXPECT_NE(msg.find("plugged in"), std::string::npos) << msg;
  }
}

}  // namespace
