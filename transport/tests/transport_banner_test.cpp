// The start-up banner between the device's own server code (ab_server_banner, host build) and the
// RPC client: taken in when the device starts, before anything is asked and until the first
// answer, and after a Reset; anywhere else it means the device started again, which the request
// waiting for its answer reports instead of mixing the new device's answers with the old one's.
#include <gtest/gtest.h>

#include <thread>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "port_host.h"
#include "transport/rpc/rpc_client.hpp"
#include "server.h"
#include "threaded_device.hpp"

extern "C" int ab_test_model_runs;
extern "C" void (*ab_test_model_hook)(void);

namespace {

using namespace aotbench::transport;
using aotbench::results::CounterKind;
using namespace std::chrono_literals;
using aotbench::transport::test::ThreadedDevice;
using Bytes = std::vector<std::uint8_t>;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const DeviceReset& e) {
    return std::string("DeviceReset: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("other: ") + e.what();
  }
  return "(no error)";
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

TEST(Banner, ArrivesBeforeAnyRequestWithTheDevicesFacts) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  const std::optional<Banner> b = c.await_banner(2s);
  ASSERT_TRUE(b.has_value());
  // What device/host/port_host.c says of itself, and the protocol of this checkout's .proto.
  EXPECT_EQ(b->board, "host");
  EXPECT_EQ(b->clock_hz, 1000000000u);
  EXPECT_EQ(b->build_id, "00");
  EXPECT_EQ(b->counter, CounterKind::none);
  EXPECT_EQ(b->clock_setup, ClockSetup::none);
  EXPECT_EQ(b->protocol_version, 3u);
  EXPECT_EQ(c.stats().requests, 0u);
  EXPECT_EQ(c.stats().bytes_sent, 0u);
  EXPECT_EQ(c.stats().banners, 1u);
  // The session goes on as ever, and the banner is kept.
  EXPECT_EQ(c.connect(2s).board, "host");
  ASSERT_TRUE(c.banner().has_value());
  EXPECT_EQ(c.banner()->board, "host");
}

// No banner (a board attached long after it started): the wait ends empty, nothing is lost.
TEST(Banner, NoBannerEndsTheWaitEmptyAndTheSessionWorks) {
  ThreadedDevice device;
  RpcClient first(device, {100ms, 3, "threaded device"});
  ASSERT_TRUE(first.await_banner(2s).has_value());  // the banner is read: the device is quiet now
  RpcClient late(device, {100ms, 3, "threaded device"});
  const auto t0 = Clock::now();
  EXPECT_FALSE(late.await_banner(300ms).has_value());
  EXPECT_GE(Clock::now() - t0, 300ms);
  EXPECT_EQ(late.connect(2s).board, "host");
  EXPECT_FALSE(late.banner().has_value());
}

// Taken in when it comes with the first answer, without being waited for.
TEST(Banner, OneBeforeTheFirstAnswerIsExpected) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  EXPECT_EQ(c.connect(2s).board, "host");
  ASSERT_TRUE(c.banner().has_value());
  EXPECT_EQ(c.stats().banners, 1u);
  EXPECT_EQ(c.echo(Bytes{1, 2, 3}), (Bytes{1, 2, 3}));
}

TEST(Banner, ADeviceThatResetsBetweenRequestsIsReported) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  EXPECT_EQ(c.echo(Bytes{7}), Bytes{7});
  device.restart();
  std::this_thread::sleep_for(50ms);  // it has started again before the next request
  const std::string e = error_of([&] { c.echo(Bytes{8}); });
  EXPECT_TRUE(contains(e, "DeviceReset: threaded device: the device reset while Echo awaited its answer")) << e;
  EXPECT_TRUE(contains(e, "board host at 1000000000 Hz, build-id 00")) << e;
  EXPECT_TRUE(contains(e, "is gone")) << e;
}

// A reset in the middle of a Run: the banner arrives where its progress and answer would have.
ThreadedDevice* resetting_device;
void reset_during_the_run() {
  if (resetting_device) ThreadedDevice::start();  // what the firmware says when it starts again
  resetting_device = nullptr;
}

TEST(Banner, AResetDuringARunIsReportedNotMixed) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  bool restarted = false;
  // A device that reset never answers the request it was running: its server's frames after the
  // banner are lost with the reset.
  device.drop = [&](std::uint8_t flags) {
    if (flags & AB_FRAME_FLAG_BANNER) restarted = true;
    return restarted && !(flags & AB_FRAME_FLAG_BANNER);
  };
  resetting_device = &device;
  ab_test_model_hook = reset_during_the_run;
  const std::uint64_t attempts = c.stats().attempts;
  const auto t0 = Clock::now();
  const std::string e = error_of([&] { c.run({3, 0, Workload::model, 0, false, false}); });
  ab_test_model_hook = nullptr;
  EXPECT_TRUE(contains(e, "DeviceReset: threaded device: the device reset while Run awaited its answer")) << e;
  EXPECT_LT(Clock::now() - t0, 1s) << "noticed at the banner, not after the silence limit";
  EXPECT_EQ(c.stats().attempts, attempts + 1) << "the Run was not sent again to the new device";
}

// After a Reset the device starts again and announces itself: that banner is expected.
TEST(Banner, AfterAResetRequestTheBannerIsExpected) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  c.reset(false);
  EXPECT_EQ(c.echo(Bytes{9, 9}), (Bytes{9, 9}));
  EXPECT_EQ(c.stats().banners, 2u);  // at the start and after the Reset
  ASSERT_TRUE(c.banner().has_value());
  // Once it has answered again, a further banner is a reset nobody asked for.
  device.restart();
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(contains(error_of([&] { c.echo(Bytes{1}); }), "DeviceReset")) << "a second, unasked reset";
}

// The device's server in this thread: what the client writes is fed to it at once; what it
// sends is read back. Every request's sequence number is noted.
class SyncDevice : public Link {
 public:
  SyncDevice() {
    ab_server_init();
    ab_host_set_writer(&SyncDevice::from_device, this);
  }
  ~SyncDevice() override { ab_host_set_writer(nullptr, nullptr); }
  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    for (std::uint8_t b : data) {
      ab_frame f;
      if (ab_deframer_push(&rx_, b, &f) == AB_RX_FRAME) seqs.push_back(f.seq);
      ab_server_feed(b);
    }
  }
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point) override {
    const std::size_t n = std::min(buf.size(), to_host_.size());
    std::copy_n(to_host_.begin(), n, buf.begin());
    to_host_.erase(to_host_.begin(), to_host_.begin() + static_cast<long>(n));
    return n;
  }
  std::string describe() const override { return "sync device"; }
  std::vector<std::uint16_t> seqs;

 private:
  static void from_device(const std::uint8_t* data, std::size_t len, void* ctx) {
    auto* self = static_cast<SyncDevice*>(ctx);
    self->to_host_.insert(self->to_host_.end(), data, data + len);
  }
  Bytes buf_ = Bytes(aotbench_Request_size + AB_FRAME_OVERHEAD);
  ab_deframer rx_ = [this] {
    ab_deframer d;
    ab_deframer_init(&d, buf_.data(), buf_.size());
    return d;
  }();
  Bytes to_host_;
};

// Whatever number the client starts from, a whole turn of sequence numbers passes the banner's.
TEST(Banner, NoRequestCarriesTheBannersSequenceNumber) {
  SyncDevice device;
  RpcClient c(device, {100ms, 3, "sync device"});
  c.connect(2s);
  for (int i = 0; i < 65540; ++i) c.echo(Bytes{static_cast<std::uint8_t>(i)});
  ASSERT_GE(device.seqs.size(), 65541u);
  EXPECT_EQ(std::count(device.seqs.begin(), device.seqs.end(), AB_FRAME_SEQ_BANNER), 0);
  for (std::size_t i = 1; i < device.seqs.size(); ++i) {
    const std::uint16_t step = static_cast<std::uint16_t>(device.seqs[i] - device.seqs[i - 1]);
    EXPECT_EQ(step, device.seqs[i] == 1 ? 2 : 1) << "at request " << i;
  }
}

}  // namespace
