// Device link benchmarks: framing and nanopb encoding on the host, and against the real firmware
// in QEMU the RPC round-trip latency and Echo throughput (one emulator per board, started once).
//   build/host/bench/aotbench_device_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>
#include <vector>

#include "aotbench.pb.h"
#include "host/board/registry.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/session.hpp"
#include "transport/framing/ab_frame.h"
#include "transport/rpc/codec.hpp"

namespace {

using namespace aotbench;

std::vector<std::uint8_t> random_bytes(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  std::mt19937 rng(1);
  for (auto& b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

void BM_FrameEncode(benchmark::State& st) {
  auto payload = random_bytes(static_cast<std::size_t>(st.range(0)));
  std::vector<std::uint8_t> out(AB_FRAME_WIRE_MAX(payload.size()));
  for (auto _ : st) {
    benchmark::DoNotOptimize(ab_frame_encode(0, 1, payload.data(), payload.size(), out.data(), out.size()));
  }
  st.SetBytesProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_FrameEncode)->Arg(16)->Arg(256)->Arg(1024);

void BM_FrameDecode(benchmark::State& st) {
  auto payload = random_bytes(static_cast<std::size_t>(st.range(0)));
  std::vector<std::uint8_t> wire(AB_FRAME_WIRE_MAX(payload.size()));
  wire.resize(ab_frame_encode(0, 1, payload.data(), payload.size(), wire.data(), wire.size()));
  std::vector<std::uint8_t> buf(payload.size() + AB_FRAME_OVERHEAD);
  ab_deframer d;
  ab_deframer_init(&d, buf.data(), buf.size());
  for (auto _ : st) {
    ab_frame f;
    for (std::uint8_t b : wire) benchmark::DoNotOptimize(ab_deframer_push(&d, b, &f));
  }
  st.SetBytesProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_FrameDecode)->Arg(16)->Arg(256)->Arg(1024);

// What the client does per request: nanopb-encode a 1 KiB Echo, then frame it.
void BM_EncodeAndFrameEcho1KiB(benchmark::State& st) {
  aotbench_Request req = aotbench_Request_init_zero;
  req.which_body = aotbench_Request_echo_tag;
  req.body.echo.data.size = 1024;
  auto data = random_bytes(1024);
  std::copy(data.begin(), data.end(), req.body.echo.data.bytes);
  std::vector<std::uint8_t> wire(AB_FRAME_WIRE_MAX(aotbench_Request_size));
  for (auto _ : st) {
    auto payload = transport::pb_encode_message(aotbench_Request_fields, &req);
    benchmark::DoNotOptimize(ab_frame_encode(0, 1, payload.data(), payload.size(), wire.data(), wire.size()));
  }
  st.SetBytesProcessed(st.iterations() * 1024);
}
BENCHMARK(BM_EncodeAndFrameEcho1KiB);

// One QEMU session per board for the whole run.
flash::Session& session(const std::string& board) {
  static std::map<std::string, std::unique_ptr<flash::Session>> sessions;
  auto& s = sessions[board];
  if (!s) {
    static board::Registry reg;
    const auto& p = reg.get(board, {});
    s = std::make_unique<flash::Session>(p, build::FirmwareBuilder().selftest_elf(p));
  }
  return *s;
}

const char* kBoards[] = {"netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500"};

void BM_RpcRoundTrip(benchmark::State& st) {
  auto& s = session(kBoards[st.range(0)]);
  st.SetLabel(kBoards[st.range(0)]);
  for (auto _ : st) benchmark::DoNotOptimize(s.rpc().get_info());
}
BENCHMARK(BM_RpcRoundTrip)->DenseRange(0, 3)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_Echo16KiB(benchmark::State& st) {
  auto& s = session(kBoards[st.range(0)]);
  st.SetLabel(kBoards[st.range(0)]);
  auto data = random_bytes(16 * 1024);
  for (auto _ : st) {
    if (s.rpc().echo(data) != data) st.SkipWithError("echo returned other bytes");
  }
  st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(data.size()));  // payload, each way
}
BENCHMARK(BM_Echo16KiB)->DenseRange(0, 3)->Iterations(3)->UseRealTime()->Unit(benchmark::kMillisecond);

// A Run of the built-in model (2000-element int8 tensor, 2 operators), one timed iteration.
void BM_RunSelftestModel(benchmark::State& st) {
  auto& s = session(kBoards[st.range(0)]);
  st.SetLabel(kBoards[st.range(0)]);
  for (auto _ : st) benchmark::DoNotOptimize(s.rpc().run({1, 0, transport::Workload::model, 0, false, false}));
}
BENCHMARK(BM_RunSelftestModel)->DenseRange(0, 3)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
