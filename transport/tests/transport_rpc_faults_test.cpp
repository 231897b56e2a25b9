// A damaged link changes the time, never the answers (issue 20): the RPC client against the
// device's own server on a thread of its own (threaded_device.hpp), through the --link-faults
// injector at 10 % and 20 % of the frames dropped, corrupted and duplicated, each way. Every
// request must come back right: a quick request is asked again at the timeout's pace until the
// silence limit (about 20 times), a damaged frame is sent again at once (16 times at most).
// The timeout and silence limit are the defaults' (500 ms, 10 s) scaled down 25x.
#include <gtest/gtest.h>

#include <random>

#include "transport/link/fault_link.hpp"
#include "transport/rpc/rpc_client.hpp"
#include "threaded_device.hpp"

namespace {

using namespace aotbench::transport;
using namespace std::chrono_literals;
using aotbench::transport::test::ThreadedDevice;
using Bytes = std::vector<std::uint8_t>;

// Requests of every kind the sweep sends, over a link at `p` faults per frame; returns how many failed.
int failed_requests(double p, std::uint64_t seed) {
  ThreadedDevice device;
  FaultyLink faulty(device, LinkFaults{p, p, p, seed});
  RpcClient::Options o;
  o.timeout = 20ms;
  o.give_up = 400ms;
  o.who = "threaded device";
  RpcClient c(faulty, o);
  c.connect(5s);
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  int failed = 0;
  for (int k = 0; k < 200; ++k) {
    Bytes data(1 + rng() % 200);
    for (auto& b : data) b = static_cast<std::uint8_t>(rng());
    try {
      EXPECT_EQ(c.echo(data), data);
    } catch (const TransportError& e) {
      ADD_FAILURE() << "echo " << k << ": " << e.what();
      ++failed;
    }
  }
  Bytes in(3000), want(3000);
  for (std::size_t k = 0; k < in.size(); ++k) {
    in[k] = static_cast<std::uint8_t>(rng());
    want[k] = static_cast<std::uint8_t>(in[k] + 1);
  }
  for (int k = 0; k < 8; ++k) {
    try {
      c.set_input(0, in);
      RunOptions run{2, 0, Workload::model, 0, true, false};
      run.max_silence = 2s;
      EXPECT_EQ(c.run(run).counts.size(), 2u);
      EXPECT_EQ(c.get_output(0), want);
    } catch (const TransportError& e) {
      ADD_FAILURE() << "model round " << k << ": " << e.what();
      ++failed;
    }
  }
  EXPECT_GT(faulty.up().dropped + faulty.up().corrupted, 20u) << "the faults were not real";
  EXPECT_GT(faulty.down().dropped + faulty.down().corrupted, 20u) << "the faults were not real";
  return failed;
}

TEST(RpcFaults, TenPercentOfFramesDamagedLoseNoRequest) {
  for (std::uint64_t seed : {1, 2}) EXPECT_EQ(failed_requests(0.10, seed), 0) << "seed " << seed;
}

TEST(RpcFaults, TwentyPercentOfFramesDamagedLoseNoRequest) {
  EXPECT_EQ(failed_requests(0.20, 4), 0);
}

}  // namespace
