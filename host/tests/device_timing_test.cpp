// The timing model through the firmware's own counter (one emulator): with [timing] the self-test
// firmware counts the model's cycles, and the instructions it reports beside them are the exact
// figure -icount gives on the same emulator and firmware; the calibration loop's cycles are what
// the Cortex-M4 TRM says its body costs.
#include <gtest/gtest.h>

#include <filesystem>

#include "host/board/registry.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/session.hpp"

namespace {

using namespace aotbench;
using results::CounterKind;
using transport::RunOptions;
using transport::Workload;

RunOptions loop(std::uint32_t n) {
  RunOptions o;
  o.iterations = 3;
  o.warmup = 1;  // the loop's code into the caches, as a sweep's --warmup does
  o.workload = Workload::cal_loop;
  o.param = n;
  o.measure_stack = false;
  return o;
}

TEST(TimingModel, InstructionsBesideTheCyclesEqualTheExactIcountFigure) {
  board::Registry boards;
  const board::Profile& p = boards.get("netduinoplus2", {});
  ASSERT_TRUE(p.timing) << "netduinoplus2 has a [timing] table";
  flash::SessionOptions so;
  so.qemu.timing_model = true;
  flash::Session s(p, build::FirmwareBuilder().selftest_elf(p), so);
  ASSERT_EQ(s.info().counter, CounterKind::cycles_model);
  auto& rpc = s.rpc();

  const transport::RunResult a = rpc.run(loop(1000)), b = rpc.run(loop(2000)), again = rpc.run(loop(1000));
  ASSERT_EQ(a.counter, CounterKind::cycles_model);
  ASSERT_EQ(a.instructions.size(), 3u);
  EXPECT_EQ(again.counts, a.counts) << "estimates repeat exactly";
  for (std::size_t i = 0; i < 3; ++i) {
    // ab_cal_loop(n): 4 instructions a turn plus 3 (its disassembly, calibration.S).
    EXPECT_EQ(a.instructions[i], 4u * 1000 + 3);
    EXPECT_EQ(b.instructions[i], 4u * 2000 + 3);
    // A turn: ADDS, EORS, SUBS (1 each) and BNE taken back to a 16-bit target (1 + P = 3), the
    // loop in the ART's instruction cache after its first turn: 6 cycles. (The timed runs of one
    // Run differ by a few cycles: a progress frame goes out between them through code that takes
    // the 1 KB instruction cache, as it would on the chip.)
    EXPECT_EQ(b.counts[i] - a.counts[i], 6u * 1000) << "timed run " << i;
  }

  // The same firmware and emulator counting instructions with -icount: the same figures.
  ASSERT_EQ(rpc.set_icount_shift(board::icount_shift(p)), CounterKind::instructions);
  const transport::RunResult exact = rpc.run(loop(1000));
  ASSERT_EQ(exact.counter, CounterKind::instructions);
  EXPECT_EQ(exact.counts, a.instructions);
}

}  // namespace
