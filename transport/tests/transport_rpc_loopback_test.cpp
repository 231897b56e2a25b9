// The RPC client against the device's own RPC server code, built for the host and run in the
// same process (under ASan/UBSan), over a link that can corrupt, drop and insert bytes in both
// directions. Nothing may crash, and every answer the client accepts must be the right one.
#include <gtest/gtest.h>

#include <cstring>
#include <deque>
#include <random>
#include <thread>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "port_host.h"
#include "transport/rpc/codec.hpp"
#include "transport/rpc/rpc_client.hpp"
#include "server.h"
#include "threaded_device.hpp"

extern "C" int ab_test_model_runs;
extern "C" int32_t ab_test_model_status;

namespace {

using namespace aotbench::transport;
using aotbench::results::CounterKind;
using namespace std::chrono_literals;
using Bytes = std::vector<std::uint8_t>;

// Host <-> in-process device server. The server answers synchronously inside write(); read_some
// never blocks (an empty queue is an immediate timeout, which the client handles like a real one).
class LoopbackLink : public Link {
 public:
  explicit LoopbackLink(double up_error = 0, double down_error = 0, unsigned seed = 1)
      : up_(up_error), down_(down_error), rng_(seed) {
    ab_server_init();
    ab_host_set_writer(&LoopbackLink::from_device, this);
  }
  ~LoopbackLink() override { ab_host_set_writer(nullptr, nullptr); }

  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    largest_write = std::max(largest_write, data.size());
    for (std::uint8_t b : corrupt(data, up_)) ab_server_feed(b);
  }
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point) override {
    std::size_t n = std::min(buf.size(), to_host_.size());
    for (std::size_t i = 0; i < n; ++i) buf[i] = to_host_[i];
    to_host_.erase(to_host_.begin(), to_host_.begin() + static_cast<long>(n));
    return n;
  }
  std::string describe() const override { return "loopback"; }

  void line_noise(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) ab_server_feed(static_cast<std::uint8_t>(rng_()));
  }

  std::size_t largest_write = 0;
  int drop_answers = 0;  // swallow the next N answers from the device (progress frames pass)

 private:
  static void from_device(const std::uint8_t* data, std::size_t len, void* ctx) {
    auto* self = static_cast<LoopbackLink*>(ctx);
    if (self->drop_answers > 0 && !(aotbench::transport::test::frame_flags(data, len) & AB_FRAME_FLAG_PROGRESS)) {
      self->drop_answers--;
      return;
    }
    Bytes out = self->corrupt({data, len}, self->down_);
    self->to_host_.insert(self->to_host_.end(), out.begin(), out.end());
  }

  Bytes corrupt(std::span<const std::uint8_t> data, double p) {
    Bytes out;
    std::uniform_real_distribution<double> u(0, 1);
    for (std::uint8_t b : data) {
      double r = p > 0 ? u(rng_) : 1;
      if (r < p / 3) out.push_back(static_cast<std::uint8_t>(b ^ (1u << (rng_() % 8))));  // flip
      else if (r < 2 * p / 3) continue;                                                    // drop
      else if (r < p) out.push_back(b), out.push_back(static_cast<std::uint8_t>(rng_()));  // insert
      else out.push_back(b);
    }
    return out;
  }

  double up_, down_;
  std::mt19937 rng_;
  std::deque<std::uint8_t> to_host_;
};

RpcClient::Options opts(int retries = 3) { return {50ms, retries, "loopback device"}; }

Bytes random_bytes(std::mt19937& rng, std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

TEST(RpcLoopback, ConnectReportsTheDevice) {
  LoopbackLink link;
  RpcClient c(link, opts());
  DeviceInfo i = c.connect(1s);
  EXPECT_EQ(i.protocol_version, 3u);
  EXPECT_EQ(i.board, "host");
  EXPECT_EQ(i.model_key, "loopback:api=none");
  ASSERT_EQ(i.inputs.size(), 1u);
  EXPECT_EQ(i.inputs[0].name, "input");
  EXPECT_EQ(i.inputs[0].bytes, 3000u);
  EXPECT_EQ(i.inputs[0].shape, (std::vector<std::int32_t>{1, 3000}));
  EXPECT_EQ(i.num_ops, 2u);
  EXPECT_EQ(i.max_frame, aotbench_Request_size);
  EXPECT_EQ(i.max_chunk, 1024u);
}

TEST(RpcLoopback, EchoOf64KiBIsByteExactAndFramesFitTheDeviceBuffer) {
  LoopbackLink link;
  RpcClient c(link, opts());
  DeviceInfo i = c.connect(1s);
  std::mt19937 rng(5);
  Bytes data = random_bytes(rng, 64 * 1024);
  EXPECT_EQ(c.echo(data), data);
  EXPECT_LE(link.largest_write, AB_FRAME_WIRE_MAX(i.max_frame));
  EXPECT_EQ(c.stats().requests, 1 + 64u);  // GetInfo + one Echo per KiB: one frame in flight each
  EXPECT_EQ(c.stats().attempts, c.stats().requests);
}

TEST(RpcLoopback, SetInputRunGetOutputAndProfile) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  ASSERT_EQ(c.set_icount_shift(4), CounterKind::instructions);
  std::mt19937 rng(6);
  Bytes in = random_bytes(rng, 3000), want(3000);
  for (std::size_t k = 0; k < in.size(); ++k) want[k] = static_cast<std::uint8_t>(in[k] + 1);
  c.set_input(0, in);
  RunResult r = c.run({3, 1, Workload::model, 0, true, true});
  // The figures are the host port's fake counter, advanced 1000 and 2000 by the loopback model's
  // two operators (loopback_model.c): this checks that the runtime adds them up per run and per
  // operator and that they cross the protocol intact, not that anything was measured.
  EXPECT_EQ(r.model_status, 0);
  EXPECT_EQ(r.counter, CounterKind::instructions);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{3000, 3000, 3000}));
  EXPECT_EQ(c.get_output(0), want);
  ProfileResult p = c.get_profile();
  EXPECT_EQ(p.op_counts, (std::vector<std::uint64_t>{1000, 2000}));
}

// The counter is the device's word, carried: counts of another counter than the run records
// are refused with what each was, never relabelled.
TEST(RpcLoopback, CountsOfAnotherCounterThanTheRunRecordsAreRefused) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  ASSERT_EQ(c.set_icount_shift(4), CounterKind::instructions);
  c.set_input(0, Bytes(3000, 7));
  RunOptions ro{1, 0, Workload::model, 0, false, false};
  ro.counter = CounterKind::cycles_model;  // as a sweep under the timing model asks
  try {
    c.run(ro);
    FAIL() << "instructions were taken as the timing model's cycles";
  } catch (const CounterMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("counted instructions (qemu-icount) where this run records cycles_model"),
              std::string::npos)
        << e.what();
  }
  ro.counter = CounterKind::instructions;
  EXPECT_EQ(c.run(ro).counts, (std::vector<std::uint64_t>{3000}));  // the counter the run records
}

TEST(RpcLoopback, CalibrationCountsAreNetOfTheFixedCost) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  c.set_icount_shift(4);
  // The host port's fake counter advances 4n+3 for the loop and 1 for the empty function; the
  // runtime subtracts the empty call less its own instruction.
  EXPECT_EQ(c.run({2, 0, Workload::cal_loop, 1000, false, false}).counts, (std::vector<std::uint64_t>{4003, 4003}));
  EXPECT_EQ(c.run({1, 0, Workload::cal_empty, 0, false, false}).counts.at(0), 1u);
}

TEST(RpcLoopback, BadRequestsGetClearErrors) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  Bytes some(10, 1);
  try {
    c.set_input(4, some);
    FAIL() << "no error";
  } catch (const DeviceError& e) {
    EXPECT_NE(std::string(e.what()).find("no input with that index"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("loopback device"), std::string::npos) << e.what();
  }
  EXPECT_THROW(c.run({0, 0, Workload::model, 0, false, false}), DeviceError);
  EXPECT_THROW(c.run({33, 0, Workload::model, 0, false, false}), DeviceError);
  EXPECT_THROW(c.run({1, 1001, Workload::model, 0, false, false}), DeviceError);
  EXPECT_THROW(c.get_output(1), DeviceError);
  EXPECT_THROW(c.get_tensor(false, 1), DeviceError);
  ab_test_model_status = 7;  // a failing model is reported, not thrown
  RunResult r = c.run({1, 0, Workload::model, 0, false, false});
  ab_test_model_status = 0;
  EXPECT_EQ(r.model_status, 7);
  EXPECT_FALSE(r.error.empty());
}

TEST(RpcLoopback, ARetriedRunExecutesOnce) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  int before = ab_test_model_runs;
  link.drop_answers = 1;  // the first answer is lost: the client times out and sends the same seq
  RunResult r = c.run({2, 0, Workload::model, 0, false, false});
  EXPECT_EQ(r.counts.size(), 2u);
  EXPECT_EQ(ab_test_model_runs - before, 2);  // two timed runs, not four
  EXPECT_EQ(c.stats().timeouts, 1u);
}

TEST(RpcLoopback, GarbageOnTheLineIsDroppedAndCounted) {
  LoopbackLink link;
  RpcClient c(link, opts());
  c.connect(1s);
  link.line_noise(3000);
  DeviceInfo i = c.get_info();  // may be NACKed first, then succeeds
  EXPECT_GT(i.frames_dropped, 0u);
  std::mt19937 rng(8);
  Bytes data = random_bytes(rng, 2048);
  EXPECT_EQ(c.echo(data), data);
}

// The heart of it: a noisy line both ways. Answers are right or the call fails; nothing else.
TEST(RpcLoopback, NoisyLinkNeverYieldsAWrongAnswer) {
  // About one byte in 3000 damaged each way: a third of 1 KiB frames hit, answers still possible.
  LoopbackLink link(0.0003, 0.0003, 9);
  RpcClient c(link, opts(8));
  c.connect(2s);
  std::mt19937 rng(10);
  int ok = 0, failed = 0;
  for (int k = 0; k < 300; ++k) {
    Bytes data = random_bytes(rng, 1 + rng() % 1024);
    try {
      ASSERT_EQ(c.echo(data), data);
      ok++;
    } catch (const TransportError&) {
      failed++;
    }
  }
  Bytes in = random_bytes(rng, 3000), want(3000);
  for (std::size_t k = 0; k < in.size(); ++k) want[k] = static_cast<std::uint8_t>(in[k] + 1);
  for (int k = 0; k < 20; ++k) {
    try {
      c.set_input(0, in);
      c.run({1, 0, Workload::model, 0, false, false});
      ASSERT_EQ(c.get_output(0), want);
    } catch (const TransportError&) {
      failed++;
    }
  }
  EXPECT_GE(ok, 290);
  EXPECT_LE(failed, 10);
  EXPECT_GT(c.stats().crc_errors + c.stats().nacks, 20u);  // the noise was real
  RecordProperty("retried_attempts", static_cast<int>(c.stats().attempts - c.stats().requests));
}

// Answers every request with a GetInfo of another protocol version, or with status `status`.
class OtherVersionLink : public Link {
 public:
  int status = 0;
  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    ab_deframer d;
    Bytes buf(2048);
    ab_deframer_init(&d, buf.data(), buf.size());
    for (std::uint8_t b : data) {
      ab_frame f;
      if (ab_deframer_push(&d, b, &f) != AB_RX_FRAME) continue;
      aotbench_Response r = aotbench_Response_init_zero;
      r.which_body = aotbench_Response_get_info_tag;
      r.body.get_info.protocol_version = 99;
      std::memcpy(&r.status, &status, sizeof status);  // any number, as a device could send
      Bytes payload = pb_encode_message(aotbench_Response_fields, &r);
      Bytes wire(AB_FRAME_WIRE_MAX(payload.size()));
      wire.resize(ab_frame_encode(0, f.seq, payload.data(), payload.size(), wire.data(), wire.size()));
      pending_.insert(pending_.end(), wire.begin(), wire.end());
    }
  }
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point) override {
    std::size_t n = std::min(buf.size(), pending_.size());
    std::copy_n(pending_.begin(), n, buf.begin());
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(n));
    return n;
  }
  std::string describe() const override { return "old firmware"; }

 private:
  Bytes pending_;
};

// A status this host does not know (a value outside the enum, which nanopb stores as it comes) is a
// device error naming it, not undefined behaviour (found by transport.fuzz.frame).
TEST(RpcLoopback, AnUnknownStatusIsADeviceError) {
  OtherVersionLink link;
  link.status = 20;
  RpcClient c(link, opts());
  try {
    c.connect(1s);
    FAIL() << "accepted status 20";
  } catch (const DeviceError& e) {
    EXPECT_NE(std::string(e.what()).find("GetInfo failed on the device:  (unknown status 20)"), std::string::npos)
        << e.what();
  }
}

TEST(RpcLoopback, ProtocolVersionMismatchIsAClearError) {
  OtherVersionLink link;
  RpcClient c(link, opts());
  try {
    c.connect(1s);
    FAIL() << "connected to a device with another protocol version";
  } catch (const ProtocolMismatch& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("protocol version 99"), std::string::npos) << msg;
    EXPECT_NE(msg.find("reflash"), std::string::npos) << msg;
  }
}

// Never answers; read_some waits for real, so the time limit is real.
class SilentLink : public Link {
 public:
  void write(std::span<const std::uint8_t>, Clock::time_point) override {}
  std::size_t read_some(std::span<std::uint8_t>, Clock::time_point deadline) override {
    std::this_thread::sleep_until(deadline);
    return 0;
  }
  std::string describe() const override { return "silent"; }
};

TEST(RpcLoopback, SilentDeviceFailsWithinTheConnectBudget) {
  SilentLink link;
  RpcClient c(link, {std::chrono::milliseconds(2500), 3, "board quiet on tcp 127.0.0.1:1234"});
  auto t0 = Clock::now();
  try {
    c.connect(600ms);
    FAIL() << "connected to nothing";
  } catch (const TransportError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("board quiet on tcp 127.0.0.1:1234"), std::string::npos) << msg;
    EXPECT_NE(msg.find("GetInfo"), std::string::npos) << msg;
  }
  auto took = Clock::now() - t0;
  EXPECT_GE(took, 550ms);
  EXPECT_LT(took, 1500ms);
}

}  // namespace
