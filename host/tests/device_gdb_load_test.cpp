// Loading through the GDB remote protocol (flash/gdb_loader.hpp) on the real emulators: every
// emulated board is loaded, verified section by section, reset and started by gdb; a gdbstub that
// goes away mid-load and a byte corrupted after loading are retried, then reported as failed
// flashes with gdb's message (the sweep's side of it is in sweep_device_oracle_test.cpp).
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <atomic>

#include "host/board/registry.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/qemu.hpp"
#include "host/flash/session.hpp"

namespace {

using namespace aotbench;

const board::Profile& board_named(const std::string& name) {
  static board::Registry reg;
  return reg.get(name, {});
}

std::string failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const flash::FlashError& e) {
    return e.what();
  }
  return "";
}

TEST(GdbLoad, VerifyReadsCompareSections) {
  const std::string good = "Section .isr_vector, range 0x8000000 -- 0x8000188: matched.\n"
                           "Section .text, range 0x80001c0 -- 0x8003954: matched.\n";
  EXPECT_EQ(flash::verified_sections(good), (std::vector<std::string>{".isr_vector", ".text"}));
  const std::string bad = good + "Section .data, range 0x8003980 -- 0x8003984: MIS-MATCHED!\n";
  EXPECT_NE(failure_of([&] { flash::verified_sections(bad); }).find("section(s) .data read back different"),
            std::string::npos);
  EXPECT_NE(failure_of([] { flash::verified_sections("Remote connection closed"); }).find("nothing was verified"),
            std::string::npos);
}

TEST(GdbLoad, CommandLoadsVerifiesResetsAndStartsFromTheVectorTable) {
  const auto argv = flash::gdb_load_command({"10.0.0.5:3333", "monitor reset halt", 0x08000000, ""}, "/fw.elf");
  const std::string all = fmt::format("{}", fmt::join(argv, "\n"));
  for (const char* step : {"target extended-remote 10.0.0.5:3333", "load", "compare-sections", "monitor reset halt",
                           "set $sp = *(unsigned int *)0x8000000", "set $pc = *(unsigned int *)0x8000004", "detach"})
    EXPECT_NE(all.find(step), std::string::npos) << step;
  EXPECT_LT(all.find("\nload\n"), all.find("compare-sections"));
  EXPECT_LT(all.find("compare-sections"), all.find("monitor reset halt"));
  EXPECT_LT(all.find("exec-file /fw.elf"), all.find("target extended-remote"));
  EXPECT_EQ(argv.back(), "detach");
}

class GdbLoadOnBoard : public testing::TestWithParam<std::string> {};

// Every emulated board boots its self-test firmware through the gdbstub, each section verified.
TEST_P(GdbLoadOnBoard, LoadsVerifiesAndRuns) {
  const board::Profile& p = board_named(GetParam());
  const auto elf = build::FirmwareBuilder().selftest_elf(p);
  flash::Session s(p, elf);
  ASSERT_NE(s.qemu(), nullptr);
  EXPECT_GT(s.qemu()->gdb_port(), 0u);
  const auto& report = s.qemu()->load_report();
  EXPECT_EQ(report.attempts, 1);
  EXPECT_NE(std::find(report.verified.begin(), report.verified.end(), ".text"), report.verified.end());
  EXPECT_FALSE(s.info().build_id.empty());  // the firmware answered, with the ELF's build-id (checked)
  s.shutdown();
}

INSTANTIATE_TEST_SUITE_P(Boards, GdbLoadOnBoard, testing::Values("netduinoplus2", "mps2-an385", "mps2-an500"),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

flash::QemuOptions with_after_load(std::vector<std::string> commands) {
  flash::QemuOptions o;
  o.gdb.attempts = 2;
  o.gdb.backoff = std::chrono::milliseconds(50);
  o.gdb.after_load = std::move(commands);
  return o;
}

// The emulator dies between loading and verifying: retried, then a failed flash naming gdb's error.
TEST(GdbLoadFaults, AGdbstubThatGoesAwayIsAFailedFlash) {
  const board::Profile& p = board_named("netduinoplus2");
  const auto elf = build::FirmwareBuilder().selftest_elf(p);
  // gdb itself kills the emulator behind its remote port (that one only), after `load`.
  flash::QemuOptions o = with_after_load({});
  o.gdb_port = transport::TcpListener().port();
  o.gdb.after_load = {fmt::format("shell pkill -9 -f 'gdb tcp:127.0.0.1:{}( |$)'", o.gdb_port)};
  const std::string e = failure_of([&] { flash::QemuInstance q(p, elf, o); });
  EXPECT_NE(e.find("failed after 2 attempt(s)"), std::string::npos) << e;
  EXPECT_NE(e.find("board netduinoplus2"), std::string::npos) << e;
  EXPECT_NE(e.find("QEMU exited with status 137"), std::string::npos) << e;  // SIGKILL: 128 + 9
}

// A byte of .text changed after loading: verification names the section; no run follows.
TEST(GdbLoadFaults, AVerifyMismatchIsAFailedFlash) {
  const board::Profile& p = board_named("netduinoplus2");
  const auto elf = build::FirmwareBuilder().selftest_elf(p);
  const std::string corrupt = fmt::format("set {{unsigned char}}{:#x} = 0x5a", p.memory.flash.origin + 0x200);
  const std::string e = failure_of([&] { flash::QemuInstance q(p, elf, with_after_load({corrupt})); });
  EXPECT_NE(e.find("verify failed: section(s) .text read back different from the ELF"), std::string::npos) << e;
  EXPECT_NE(e.find("failed after 2 attempt(s)"), std::string::npos) << e;
}

}  // namespace
