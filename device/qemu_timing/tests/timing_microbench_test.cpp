// The timing model against the Cortex-M3/M4 Technical Reference Manuals: each microbenchmark of
// microbench.S has a cycle count the TRM states exactly (instruction timing table and load/store
// pipelining rules), and the model must give it; the flash reads against RM0090's wait states
// with the ART data cache cold and warm. Each test runs the benchmarks once under QEMU with the
// plugin, which traces its counts at every DWT CYCCNT read.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Per benchmark, the empty bracket's taken off: the cycles, the instructions, and the trace's
// breakdown of the cycles beyond one an instruction.
struct Bench {
  std::vector<long> cycles, instructions, memory, refill, fetch, data;
};

// Runs microbench.elf on netduinoplus2 with the plugin configured by `args`.
Bench run(const std::string& args) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("ab-timing-test-{}-{}", getpid(), std::rand());
  fs::create_directories(dir);
  const std::string cmd = fmt::format(
      "timeout 30 qemu-system-arm -M netduinoplus2 -nodefaults -display none -monitor none "
      "-semihosting-config enable=on,target=native -kernel {} -plugin {},out={},trace={},{} 2>{}",
      MICROBENCH_ELF, TIMING_PLUGIN, (dir / "counts").string(), (dir / "trace").string(), args, (dir / "log").string());
  const int rc = std::system(cmd.c_str());
  std::ifstream log(dir / "log");
  const std::string said((std::istreambuf_iterator<char>(log)), {});
  EXPECT_EQ(rc, 0) << "QEMU failed: " << cmd << "\n" << said;
  std::ifstream trace(dir / "trace");
  std::vector<std::vector<long>> readings;  // per line: cycles instructions memory refill fetch data
  for (std::string line; std::getline(trace, line);) {
    std::istringstream fields(line);
    std::vector<long> r;
    for (long v; fields >> v;) r.push_back(v);
    if (r.size() != 6) {
      ADD_FAILURE() << "a trace line without its six counts: '" << line << "'";
      return {};
    }
    readings.push_back(r);
  }
  fs::remove_all(dir);
  Bench b;
  if (readings.size() % 2 || readings.empty()) {
    ADD_FAILURE() << "the trace has " << readings.size() << " readings, not one pair per benchmark";
    return b;
  }
  std::vector<long>* column[] = {&b.cycles, &b.instructions, &b.memory, &b.refill, &b.fetch, &b.data};
  for (std::size_t k = 0; k < readings.size(); k += 2)
    for (std::size_t f = 0; f < 6; ++f) column[f]->push_back(readings[k + 1][f] - readings[k][f]);
  for (std::vector<long>* v : column)  // the empty bracket's own cost off each
    for (std::size_t k = v->size(); k-- > 0;) (*v)[k] -= (*v)[0];
  return b;
}

enum Id {
  kEmpty, kLoadLoad, kLoadDependentLoad, kLoadStoreRegOffset, kStoreLoad, kAluThenLoad, kLdm4, kStm4, kMul, kMla,
  kUmull, kSmlad, kSdiv, kBranchTaken, kBranchNotTaken, kFlashCold, kFlashWarm, kFlashNextLine, kPushPop, kCount
};

// What the TRMs state for the Cortex-M4 with zero wait states.
void expect_m4_core(const Bench& b) {
  ASSERT_EQ(b.cycles.size(), static_cast<std::size_t>(kCount));
  EXPECT_EQ(b.cycles[kEmpty], 0);
  EXPECT_EQ(b.cycles[kLoadLoad], 3) << "LDR; LDR: the second pipelines (2 + 1)";
  EXPECT_EQ(b.cycles[kLoadDependentLoad], 4) << "LDR; LDR from its result: no pipelining (2 + 2)";
  EXPECT_EQ(b.cycles[kLoadStoreRegOffset], 3) << "LDR; STR [Rn, Rm]: the store pipelines (2 + 1)";
  EXPECT_EQ(b.cycles[kStoreLoad], 3) << "STR #imm is 1; nothing pipelines after a store (1 + 2)";
  EXPECT_EQ(b.cycles[kAluThenLoad], 4) << "ADDS then LDR from its result: no forwarding to the address (1 + 2 + 1)";
  EXPECT_EQ(b.cycles[kLdm4], 5) << "LDM of 4: 1 + N";
  EXPECT_EQ(b.cycles[kStm4], 5) << "STM of 4: 1 + N";
  EXPECT_EQ(b.cycles[kMul], 1);
  EXPECT_EQ(b.cycles[kSmlad], 1);
  EXPECT_GE(b.cycles[kSdiv], 2) << "SDIV: 2 to 12";
  EXPECT_LE(b.cycles[kSdiv], 12) << "SDIV: 2 to 12";
  EXPECT_EQ(b.cycles[kBranchTaken], 4) << "CMP; BEQ taken: 1 + 1 + P (2, a 16-bit aligned target)";
  EXPECT_EQ(b.instructions[kBranchTaken], 2) << "the skipped NOP does not run";
  EXPECT_EQ(b.cycles[kBranchNotTaken], 3) << "CMP; BNE not taken; NOP: 1 + 1 + 1";
  EXPECT_EQ(b.instructions[kBranchNotTaken], 3);
  EXPECT_EQ(b.cycles[kPushPop], 10) << "PUSH and POP of 4: (1 + N) each";
}

const std::string kF405Flash = "core=cortex-m4,flash=0x08000000:0x100000,flash_ws=5,flash_bus=16,prefetch=on,"
                               "icache=64:16:64,dcache=8:16:8";

TEST(TimingModel, CortexM4WithoutWaitStatesGivesTheTrmCycles) {
  const Bench b = run("core=cortex-m4");
  expect_m4_core(b);
  EXPECT_EQ(b.cycles[kMla], 1) << "M4: single-cycle MAC";
  EXPECT_EQ(b.cycles[kUmull], 1) << "M4: single-cycle long multiply";
  EXPECT_EQ(b.cycles[kFlashCold], 2) << "no flash region given: a plain load";
}

TEST(TimingModel, FlashReadsPayWaitStatesUntilTheArtDataCacheHolds) {
  const Bench b = run(kF405Flash);
  expect_m4_core(b);  // code and data in SRAM: the core's cycles do not change
  EXPECT_EQ(b.cycles[kFlashCold], 2 + 5) << "a 128-bit line not cached: 5 wait states";
  EXPECT_EQ(b.cycles[kFlashWarm], 2) << "the same line again, from the data cache";
  EXPECT_EQ(b.cycles[kFlashNextLine], 2 + 5) << "the next 16 bytes: another line";
}

// The trace's breakdown names the effect behind each benchmark's cycles beyond one an instruction.
TEST(TimingModel, TheBreakdownNamesWhereTheCyclesWent) {
  const Bench b = run(kF405Flash);
  ASSERT_EQ(b.cycles.size(), static_cast<std::size_t>(kCount));
  EXPECT_EQ(b.memory[kLoadLoad], 1) << "LDR; LDR: the first load's second cycle";
  EXPECT_EQ(b.memory[kLoadDependentLoad], 2) << "two unpipelined loads";
  EXPECT_EQ(b.memory[kLdm4], 4) << "LDM of 4 is 1 + 4";
  EXPECT_EQ(b.memory[kAluThenLoad], 2) << "the load's second cycle and the address from the ADDS";
  EXPECT_EQ(b.refill[kBranchTaken], 2) << "a taken branch: P";
  EXPECT_EQ(b.refill[kBranchNotTaken], 0);
  EXPECT_EQ(b.data[kFlashCold], 5) << "a flash read the data cache misses: the wait states";
  EXPECT_EQ(b.data[kFlashWarm], 0);
  EXPECT_EQ(b.memory[kFlashCold], 1) << "the load's own second cycle is the core's, not the flash's";
  for (int k = 0; k < kCount; ++k) {
    EXPECT_EQ(b.fetch[k], 0) << "bench " << k << ": its code is in SRAM";
    EXPECT_EQ(b.cycles[k] - b.instructions[k] - b.memory[k] - b.refill[k] - b.data[k], k == kSdiv ? 6 : 0)
        << "bench " << k << ": only SDIV has cycles beyond one outside the breakdown";
  }
}

TEST(TimingModel, CortexM3MultipliesAsItsTrmStates) {
  const Bench b = run("core=cortex-m3");
  ASSERT_EQ(b.cycles.size(), static_cast<std::size_t>(kCount));
  EXPECT_EQ(b.cycles[kMla], 2) << "M3: MLA 2";
  EXPECT_GE(b.cycles[kUmull], 3) << "M3: UMULL 3 to 5";
  EXPECT_LE(b.cycles[kUmull], 5) << "M3: UMULL 3 to 5";
  EXPECT_EQ(b.cycles[kLoadLoad], 3);
}

TEST(TimingModel, BadArgumentsAreRefusedSayingWhatIsAccepted) {
  const std::string cmd = fmt::format(
      "timeout 10 qemu-system-arm -M netduinoplus2 -nodefaults -display none -monitor none -kernel {} "
      "-plugin {},out=/dev/null,core=cortex-m9 2>&1",
      MICROBENCH_ELF, TIMING_PLUGIN);
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  EXPECT_NE(pclose(p), 0);
  EXPECT_NE(out.find("core=cortex-m9"), std::string::npos) << out;
  EXPECT_NE(out.find("core=cortex-m3|cortex-m4|cortex-m7"), std::string::npos) << out;
}

}  // namespace
