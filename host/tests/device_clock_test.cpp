// The clock set-up of a firmware built with a [clock] table (host/tests/data/boards/
// netduinoplus2-pll.toml: the STM32F405's PLL for 168 MHz), booted under QEMU, which models no
// RCC, PWR or flash interface (they read 0 and ignore writes): every wait is bounded, so the
// firmware still boots, stays on its reset clock (the F405's 16 MHz HSI), says why, and the
// session names the mismatch with the profile. What QEMU logs of the firmware's writes to those
// unimplemented devices (-d unimp) shows the sequence up to the oscillator that never starts, and
// its undoing. The rest of the sequence (PLL, over-drive, wait states, switch) only runs on silicon.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "host/board/profile.hpp"
#include "host/build/elf_info.hpp"
#include "host/flash/qemu.hpp"
#include "host/flash/session.hpp"

namespace {

using namespace aotbench;
using namespace std::chrono_literals;
using Bytes = std::vector<std::uint8_t>;

const board::Profile& pll_board() {
  static const board::Profile p = board::load_profile(std::filesystem::path(AOTBENCH_TEST_BOARDS_DIR) / "netduinoplus2-pll.toml");
  return p;
}
std::filesystem::path pll_elf() {
  return std::filesystem::path(AOTBENCH_TEST_FIRMWARE_DIR) / "netduinoplus2-pll" / "selftest.elf";
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// The STM32F405's reset clock: its HSI (RM0090, RCC).
constexpr std::uint32_t kHsiHz = 16000000;

struct Write {
  std::string device;
  unsigned offset;
  std::uint32_t value;
};

// "RCC: unimplemented device write (size 4, offset 0x000, value 0x00010000)" lines of QEMU's log.
// (The log also holds every read of the bounded waits: hundreds of thousands of lines.)
std::vector<Write> unimplemented_writes(const std::string& log) {
  std::vector<Write> out;
  const std::regex line(R"((\w[\w ]*): unimplemented device write \(size \d+, offset 0x([0-9a-f]+), value 0x([0-9a-f]+)\))");
  std::istringstream lines(log);
  std::smatch m;
  for (std::string l; std::getline(lines, l);)
    if (l.find("device write") != std::string::npos && std::regex_search(l, m, line))
      out.push_back({m[1], static_cast<unsigned>(std::stoul(m[2], nullptr, 16)),
                     static_cast<std::uint32_t>(std::stoul(m[3], nullptr, 16))});
  return out;
}

TEST(ClockSetUp, WithoutAnRccTheFirmwareBootsOnItsResetClockAndSaysWhy) {
  const board::Profile& p = pll_board();
  ASSERT_TRUE(p.clock.has_value());
  flash::QemuInstance qemu(p, pll_elf());
  transport::RpcClient c(qemu.link(), {500ms, 3, "qemu netduinoplus2-pll"});
  const auto t0 = transport::Clock::now();
  const auto b = c.await_banner(10s);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(transport::Clock::now() - t0);
  ASSERT_TRUE(b.has_value()) << "no banner: the firmware did not get past its clock set-up";
  EXPECT_EQ(b->board, "netduinoplus2-pll");
  EXPECT_EQ(b->clock_hz, kHsiHz);
  EXPECT_EQ(b->clock_setup, transport::ClockSetup::oscillator);  // RCC_CR.HSERDY reads 0
  EXPECT_EQ(b->build_id, build::elf_build_id(pll_elf()));
  // It serves as ever: GetInfo says the same, an Echo and a calibration Run go through.
  const transport::DeviceInfo i = c.connect(5s);
  EXPECT_EQ(i.clock_hz, kHsiHz);
  EXPECT_EQ(i.clock_setup, transport::ClockSetup::oscillator);
  EXPECT_EQ(c.echo(Bytes(300, 0x5a)), Bytes(300, 0x5a));
  c.set_icount_shift(qemu.icount_shift());
  const transport::RunResult r = c.run({2, 0, transport::Workload::cal_loop, 1000, false, false});
  ASSERT_EQ(r.counts.size(), 2u);
  EXPECT_EQ(r.counts[0], r.counts[1]);
  EXPECT_GT(r.counts[0], 1000u);
  RecordProperty("banner_ms", std::to_string(took.count()));
}

TEST(ClockSetUp, TheSessionNamesTheClockMismatchAndWhy) {
  std::string error = "(no error)";
  try {
    flash::Session s(pll_board(), pll_elf());
  } catch (const transport::TransportError& e) {
    error = e.what();
  }
  EXPECT_TRUE(contains(error, "answers as board netduinoplus2-pll at 16000000 Hz, not at the profile's 168000000 Hz (its "
                              "start-up banner): its clock set-up failed (the oscillator never became ready) and it "
                              "stayed on its reset clock"))
      << error;
  EXPECT_TRUE(contains(error, "netduinoplus2-pll.toml")) << error;
}

// What the firmware wrote, in order, read from QEMU's log, against RM0090's register layout:
// RCC 0x4002_3800 (CR +0x00, CFGR +0x08, APB1ENR +0x40), PWR 0x4000_7000 (CR +0x00), FLASH_ACR
// 0x4002_3C00. The set-up writes PWREN, VOS and HSEON, then gives up (HSERDY never sets) and
// undoes what it did: SW back to the HSI, PLLON and HSEON off. It never selects the PLL.
TEST(ClockSetUp, TheRegisterWritesQemuSeesStopAtTheOscillator) {
  flash::QemuOptions o;
  o.extra_args = {"-d", "unimp"};
  flash::QemuInstance qemu(pll_board(), pll_elf(), o);
  transport::RpcClient c(qemu.link(), {500ms, 3, "qemu netduinoplus2-pll"});
  ASSERT_TRUE(c.await_banner(10s).has_value());
  std::vector<Write> w = unimplemented_writes(qemu.log());
  std::vector<std::string> seen;
  for (const Write& x : w) seen.push_back(fmt::format("{} +{:#x} = {:#x}", x.device, x.offset, x.value));
  const std::string all = fmt::format("{}", fmt::join(seen, "\n"));
  // Each register reads 0 under QEMU, so every read-modify-write shows just the bits written.
  const std::vector<std::string> expected = {
      "RCC +0x40 = 0x10000000",  // RCC_APB1ENR.PWREN
      "PWR +0x0 = 0x4000",       // PWR_CR.VOS = 0b01 (the F405's one bit: scale 1)
      "RCC +0x0 = 0x10000",      // RCC_CR.HSEON (a crystal: no HSEBYP)
      "RCC +0x8 = 0x0",          // RCC_CFGR.SW = HSI
      "Flash Int +0x0 = 0x0",    // FLASH_ACR as it was
      "RCC +0x0 = 0x0",          // RCC_CR: PLLON off
  };
  auto at = seen.begin();
  for (const std::string& e : expected) {
    at = std::find(at, seen.end(), e);
    ASSERT_NE(at, seen.end()) << e << " not found in order among:\n" << all;
    ++at;
  }
  for (const Write& x : w) {
    EXPECT_FALSE(x.device == "RCC" && x.offset == 0x8 && (x.value & 3u) == 2u) << "selected the PLL:\n" << all;
    EXPECT_FALSE(x.device == "RCC" && x.offset == 0x4) << "configured a PLL it does not use:\n" << all;
  }
}

}  // namespace
