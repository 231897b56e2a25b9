// The real self-test firmware booted in QEMU on each emulated board (one board per CTest test,
// so one emulator per process): GetInfo, a 64 KiB Echo, the calibration loop against its
// disassembly (repeatable, linear, exact, also across SysTick wraps), the known function's stack
// against -fstack-usage, and the built-in model with its per-operator profile.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

#include "host/board/registry.hpp"
#include "host/build/calibration.hpp"
#include "host/build/elf_info.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/session.hpp"

namespace {

using namespace aotbench;
using transport::RunOptions;
using transport::Workload;

class QemuDevice : public testing::TestWithParam<std::string> {
 protected:
  static void TearDownTestSuite() { session_.reset(); }

  // One emulator per board for the whole suite.
  flash::Session& session() {
    if (!session_ || session_->profile().name != GetParam()) {
      session_.reset();
      session_ = std::make_unique<flash::Session>(profile(), elf());
    }
    return *session_;
  }
  const board::Profile& profile() {
    static board::Registry reg;
    return reg.get(GetParam(), {});
  }
  std::filesystem::path elf() { return build::FirmwareBuilder().selftest_elf(profile()); }

  static std::unique_ptr<flash::Session> session_;
};
std::unique_ptr<flash::Session> QemuDevice::session_;

// A random input of the self-test model and the output its formula gives (model_selftest.c):
// y = saturate_int8(3x - 7) ^ (int8)(7i).
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> selftest_case(std::size_t n, unsigned seed) {
  std::vector<std::uint8_t> in(n), want(n);
  std::mt19937 rng(seed);
  for (std::size_t i = 0; i < n; ++i) {
    in[i] = static_cast<std::uint8_t>(rng());
    int v = std::clamp(3 * static_cast<std::int8_t>(in[i]) - 7, -128, 127);
    want[i] = static_cast<std::uint8_t>(v ^ static_cast<int>(static_cast<std::int8_t>(7 * i)));
  }
  return {in, want};
}

TEST_P(QemuDevice, GetInfoAnswers) {
  const auto& i = session().info();
  EXPECT_EQ(i.protocol_version, 3u);
  EXPECT_EQ(i.board, GetParam());
  EXPECT_EQ(i.cpu, profile().cpu.core);
  EXPECT_EQ(i.clock_hz, profile().cpu.clock_hz);
  EXPECT_EQ(i.build_id, build::elf_build_id(elf()));
  EXPECT_EQ(i.build_id.size(), 40u);
  EXPECT_EQ(i.counter, results::CounterKind::instructions);  // QEMU has no DWT
  EXPECT_EQ(i.icount_shift, board::icount_shift(profile()));
  EXPECT_EQ(i.model_key, "selftest");
  EXPECT_GT(i.stack_free, profile().memory.stack_min);
  // Asking again over the link gives the same facts.
  EXPECT_EQ(session().rpc().get_info().build_id, i.build_id);
}

TEST_P(QemuDevice, Echo64KiBRoundTripsByteExact) {
  std::vector<std::uint8_t> data(64 * 1024);
  std::mt19937 rng(42);
  for (auto& b : data) b = static_cast<std::uint8_t>(rng());
  auto t0 = std::chrono::steady_clock::now();
  auto back = session().rpc().echo(data);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(back.size(), data.size());
  EXPECT_TRUE(back == data);
  RecordProperty("echo_kib_per_s", std::to_string(64 / s));
  std::printf("%s: 64 KiB echo in %.2f s (%.1f KiB/s each way), %llu retries\n", GetParam().c_str(), s, 64 / s,
              static_cast<unsigned long long>(session().rpc().stats().attempts - session().rpc().stats().requests));
}

TEST_P(QemuDevice, CalibrationLoopIsExactRepeatableAndLinear) {
  build::LoopShape shape = build::loop_shape(elf(), "ab_cal_loop");
  // calibration.S: `movs` before the loop, 4-instruction body, `movs; bx lr` after.
  ASSERT_EQ(shape.before, 1u) << shape.disassembly;
  ASSERT_EQ(shape.body, 4u) << shape.disassembly;
  ASSERT_EQ(shape.after, 2u) << shape.disassembly;
  EXPECT_EQ(session().rpc().run({1, 0, Workload::cal_empty, 0, false, false}).counts.at(0), 1u);  // `bx lr`
  std::vector<std::uint64_t> first;
  for (std::uint32_t n : {1000u, 2000u, 4000u}) {
    auto r = session().rpc().run({3, 1, Workload::cal_loop, n, false, false});
    ASSERT_EQ(r.counter, results::CounterKind::instructions);
    ASSERT_EQ(r.counts.size(), 3u);
    EXPECT_EQ(r.counts[0], r.counts[1]) << "n=" << n;
    EXPECT_EQ(r.counts[1], r.counts[2]) << "n=" << n;
    EXPECT_EQ(r.counts[0], build::predicted_instructions(shape, n)) << "n=" << n;
    first.push_back(r.counts[0]);
  }
  EXPECT_EQ(first[1] - first[0], 1000u * shape.body);  // linear in the loop length
  EXPECT_EQ(first[2] - first[1], 2000u * shape.body);
}

TEST_P(QemuDevice, CountsStayExactAcrossSysTickWraps) {
  // 4M iterations = 16M instructions: the 24-bit SysTick wraps two or three times.
  build::LoopShape shape = build::loop_shape(elf(), "ab_cal_loop");
  auto r = session().rpc().run({2, 0, Workload::cal_loop, 4000000u, false, false});
  ASSERT_EQ(r.counts.size(), 2u);
  EXPECT_EQ(r.counts[0], build::predicted_instructions(shape, 4000000u));
  EXPECT_EQ(r.counts[1], r.counts[0]);
}

TEST_P(QemuDevice, StackOfKnownFunctionMatchesStackUsage) {
  auto su = build::stack_usage(build::FirmwareBuilder().calibration_stack_usage(profile()), "ab_cal_stack");
  ASSERT_TRUE(su.has_value());
  auto r = session().rpc().run({1, 0, Workload::cal_stack, 0, true, false});
  EXPECT_NEAR(static_cast<double>(r.stack_bytes), static_cast<double>(*su), 16.0);
  EXPECT_GE(*su, 256u);  // the function's 256-byte buffer
  std::printf("%s: ab_cal_stack measured %u bytes, -fstack-usage %u bytes\n", GetParam().c_str(), r.stack_bytes, *su);
}

// y = sat8(3x - 7) ^ (int8)(7i), as device/selftest/model_selftest.c documents.
TEST_P(QemuDevice, BuiltInModelRoundTripWithProfile) {
  const auto& info = session().info();
  ASSERT_EQ(info.inputs.size(), 1u);
  std::size_t n = info.inputs[0].bytes;
  // Counted since boot: the first GetInfo of a boot may legitimately lose its head to a UART
  // the firmware had not enabled yet (QEMU drops those bytes), so this test compares before/after.
  const uint32_t dropped_before = session().rpc().get_info().frames_dropped;
  const auto [in, want] = selftest_case(n, 3);
  session().rpc().set_input(0, in);
  auto r = session().rpc().run({2, 1, Workload::model, 0, true, false});
  EXPECT_EQ(r.model_status, 0);
  EXPECT_EQ(r.counts[0], r.counts[1]);
  EXPECT_GT(r.stack_bytes, 0u);
  EXPECT_EQ(session().rpc().get_output(0), want);
  // Profiled: the last timed run also records each operator (its total then includes the hooks).
  auto rp = session().rpc().run({1, 0, Workload::model, 0, false, true});
  EXPECT_EQ(rp.ops_profiled, 2u);
  EXPECT_GT(rp.counts[0], r.counts[0]);
  auto p = session().rpc().get_profile();
  ASSERT_EQ(p.op_counts.size(), 2u);
  EXPECT_GT(p.op_counts[0], n);  // at least one instruction per element
  EXPECT_GT(p.op_counts[1], n);
  EXPECT_LT(p.op_counts[0] + p.op_counts[1], r.counts[0]);
  EXPECT_EQ(session().rpc().get_info().frames_dropped, dropped_before);  // the round trip lost no frame
}

// Under QEMU the firmware can read an input straight from a host file (semihosting): the model
// then computes the same outputs as with SetInput; a wrong size or a missing file is an error.
TEST_P(QemuDevice, LoadInputReadsTheHostFile) {
  const std::size_t n = session().info().inputs.at(0).bytes;
  const auto [in, want] = selftest_case(n, 5);
  const auto dir = std::filesystem::path(testing::TempDir());
  const auto file = dir / ("load_input_" + GetParam() + ".raw");
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(in.data()), static_cast<std::streamsize>(n));
  ASSERT_TRUE(session().rpc().load_input(0, file.string()));
  EXPECT_EQ(session().rpc().run({1, 0, Workload::model, 0, false, false}).model_status, 0);
  EXPECT_EQ(session().rpc().get_output(0), want);

  std::ofstream(dir / "short.raw", std::ios::binary) << "too short";
  EXPECT_THROW(session().rpc().load_input(0, (dir / "short.raw").string()), transport::DeviceError);
  EXPECT_THROW(session().rpc().load_input(0, (dir / "missing.raw").string()), transport::DeviceError);
}

INSTANTIATE_TEST_SUITE_P(Boards, QemuDevice, testing::Values("netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500"),
                         [](const auto& info) {
                           std::string s = info.param;
                           std::replace(s.begin(), s.end(), '-', '_');
                           return s;
                         });

}  // namespace
