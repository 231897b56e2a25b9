// Waiting by silence, in real time: the RPC client against the device's own server code on a
// thread of its own (threaded_device.hpp), with model calls that take wall time and frames lost
// on the way. A lost answer costs a few quiet intervals, not the longest a Run may take; a Run
// longer than the silence limit succeeds while the device reports progress; asking again never
// runs anything twice.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "transport/link/fault_link.hpp"
#include "transport/rpc/rpc_client.hpp"
#include "threaded_device.hpp"

extern "C" int ab_test_model_runs;
extern "C" void (*ab_test_model_hook)(void);

namespace {

using namespace aotbench::transport;
using namespace std::chrono_literals;
using aotbench::transport::test::ThreadedDevice;

std::chrono::milliseconds model_call{0};
void sleep_model_call() { std::this_thread::sleep_for(model_call); }

// Every model run takes `ms` of wall time during the test.
struct SlowModel {
  explicit SlowModel(std::chrono::milliseconds ms) {
    model_call = ms;
    ab_test_model_hook = sleep_model_call;
  }
  ~SlowModel() { ab_test_model_hook = nullptr; }
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

RunOptions model_runs(std::uint32_t iterations, std::chrono::milliseconds max_silence) {
  RunOptions o{iterations, 0, Workload::model, 0, true, false};
  o.max_silence = max_silence;
  return o;
}

TEST(Silence, ALostRunAnswerIsAskedForAgainWithinAFewIntervals) {
  SlowModel slow(50ms);  // shorter than the quiet interval: no question while the device works
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  int answers_lost = 0;
  device.drop = [&](std::uint8_t flags) { return flags == 0 && answers_lost++ == 0; };  // the first answer
  const int before = ab_test_model_runs;
  const auto t0 = Clock::now();
  RunResult r = c.run(model_runs(3, 30s));
  const double took = seconds_since(t0);
  EXPECT_EQ(r.counts.size(), 3u);
  EXPECT_EQ(ab_test_model_runs - before, 4);  // the stack run and three timed ones, not again
  EXPECT_EQ(answers_lost, 2);                 // the answer, then its repetition from the cache
  EXPECT_GE(c.stats().timeouts, 1u);
  // 0.2 s of model calls; the last progress frame came before the last call, 0.15 s in, and three
  // of the device's longest pauses (0.05 s each) later it is asked again.
  EXPECT_GE(took, 0.25);
  EXPECT_LT(took, 1.2) << "a lost answer should cost a few quiet intervals, not the 30 s limit";
  RecordProperty("seconds", std::to_string(took));
}

TEST(Silence, ARunLongerThanTheSilenceLimitSucceedsWhileTheDeviceReportsProgress) {
  SlowModel slow(300ms);
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  const int before = ab_test_model_runs;
  const auto t0 = Clock::now();
  RunResult r = c.run(model_runs(4, 1s));  // five calls of 0.3 s: 1.5 s in all
  EXPECT_GE(seconds_since(t0), 1.5);
  EXPECT_EQ(r.counts.size(), 4u);
  EXPECT_EQ(ab_test_model_runs - before, 5);  // asking again during the first call ran nothing twice
  // Accepted, then after every call but the last: the answer follows that one.
  EXPECT_EQ(c.stats().progress_frames, 5u);
}

TEST(Silence, AHungDeviceFailsAfterTheSilenceLimitSayingSo) {
  std::mutex m;
  std::condition_variable cv;
  static std::atomic<bool> released{false};
  static std::mutex* mp = &m;
  static std::condition_variable* cvp = &cv;
  released = false;
  ab_test_model_hook = [] {
    std::unique_lock<std::mutex> l(*mp);
    cvp->wait(l, [] { return released.load(); });
  };
  {
    ThreadedDevice device;
    RpcClient c(device, {100ms, 3, "board hung on tcp 127.0.0.1:1"});
    c.connect(2s);
    const auto t0 = Clock::now();
    try {
      c.run(model_runs(1, 700ms));
      FAIL() << "a hung device answered";
    } catch (const TransportError& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("board hung on tcp 127.0.0.1:1: no valid answer to Run: the device has been silent for"),
                std::string::npos)
          << msg;
      EXPECT_NE(msg.find("hung or gone"), std::string::npos) << msg;
    }
    const double took = seconds_since(t0);
    EXPECT_GE(took, 0.7);
    EXPECT_LT(took, 1.5);
    {
      std::lock_guard<std::mutex> l(m);
      released = true;
    }
    cv.notify_all();
  }
  ab_test_model_hook = nullptr;
}

TEST(Silence, AShortRequestsLostAnswerCostsOneQuietInterval) {
  ThreadedDevice device;
  RpcClient c(device, {100ms, 3, "threaded device"});
  c.connect(2s);
  int lost = 0;
  device.drop = [&](std::uint8_t flags) { return flags == 0 && lost++ == 0; };
  const std::vector<std::uint8_t> data = {1, 2, 3};
  const auto t0 = Clock::now();
  EXPECT_EQ(c.echo(data), data);
  const double took = seconds_since(t0);
  EXPECT_GE(took, 0.1);
  EXPECT_LT(took, 0.5);
  EXPECT_EQ(c.stats().timeouts, 1u);
}

// Frames dropped, corrupted and duplicated both ways (FaultyLink, as --link-faults does it):
// every answer is right, and no Run executes more calls than asked.
TEST(Silence, RunsThroughAFaultyLinkAreRightAndRunOnce) {
  SlowModel slow(5ms);
  ThreadedDevice device;
  FaultyLink link(device, LinkFaults::parse("drop=0.05,corrupt=0.05,dup=0.05,seed=11"));
  RpcClient c(link, {50ms, 8, "faulty device"});
  c.connect(5s);
  c.set_icount_shift(4);
  std::vector<std::uint8_t> in(3000), want(3000);
  for (std::size_t k = 0; k < in.size(); ++k) in[k] = static_cast<std::uint8_t>(k * 13), want[k] = in[k] + 1;
  const int before = ab_test_model_runs;
  for (int k = 0; k < 40; ++k) {
    c.set_input(0, in);
    RunResult r = c.run(model_runs(2, 30s));
    ASSERT_EQ(r.counts, (std::vector<std::uint64_t>{3000, 3000}));
    ASSERT_EQ(c.get_output(0), want);
  }
  EXPECT_EQ(ab_test_model_runs - before, 40 * 3);
  const FaultCounts& up = link.up();
  const FaultCounts& down = link.down();
  EXPECT_GT(up.dropped + up.corrupted + up.duplicated, 20u);
  EXPECT_GT(down.dropped + down.corrupted + down.duplicated, 20u);
  EXPECT_GT(c.stats().timeouts, 0u);
  EXPECT_GT(c.stats().crc_errors + c.stats().nacks, 0u);
}

}  // namespace
