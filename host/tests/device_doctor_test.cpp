// `aotbench doctor`, run as a user would: on an emulated board every check runs against QEMU and
// passes; on real boards with no probe attached (this machine) it fails, names the missing probe
// and says what to do, and skips what needs the probe instead of failing it twice.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace aotbench;
using nlohmann::json;
using test::aotbench_cli;
using test::CliRun;

json check_named(const json& report, const std::string& name) {
  for (const auto& c : report["checks"])
    if (c["name"] == name) return c;
  ADD_FAILURE() << "no check " << name << " in " << report.dump(2);
  return json::object();
}

TEST(Doctor, EveryCheckPassesOnAnEmulatedBoard) {
  const CliRun r = aotbench_cli({"doctor", "--board", "stm32", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err << r.out;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["board"], "netduinoplus2");
  EXPECT_TRUE(j["ok"]);
  std::vector<std::string> names;
  for (const auto& c : j["checks"]) {
    names.push_back(c["name"]);
    EXPECT_EQ(c["status"], "pass") << c.dump();
  }
  EXPECT_EQ(names, (std::vector<std::string>{"toolchain", "flasher", "probe", "serial", "banner", "firmware", "counter"}));
  const std::string toolchain = check_named(j, "toolchain")["detail"];
  for (const char* part : {"arm-none-eabi-gcc", "newlib-nano", "libc_nano.a", "gdb-multiarch", "QEMU emulator"})
    EXPECT_NE(toolchain.find(part), std::string::npos) << part << " not in " << toolchain;
  // The banner frame itself, before any request: board, clock, the counter it starts with.
  const std::string banner = check_named(j, "banner")["detail"];
  for (const char* part : {"announced itself before any request (its banner read ",
                           "ms after the load): board netduinoplus2 at 168000000 Hz (clock set-up: none), counter systick, "
                           "protocol 3, build-id",
                           "(the ELF loaded)"})
    EXPECT_NE(banner.find(part), std::string::npos) << part << " not in " << banner;
  EXPECT_NE(check_named(j, "firmware")["detail"].get<std::string>().find("counter qemu-icount"), std::string::npos);
  EXPECT_NE(check_named(j, "counter")["detail"].get<std::string>().find("equal to the disassembly"), std::string::npos);

  const CliRun text = aotbench_cli({"doctor", "--board", "mps2-an385"});  // the Cortex-M3, no FPU
  ASSERT_EQ(text.rc, 0) << text.err << text.out;
  EXPECT_NE(text.out.find("ok    counter"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("board mps2-an385 is ready"), std::string::npos) << text.out;
}

TEST(Doctor, NamesTheMissingProbeOnARealBoard) {
  const CliRun r = aotbench_cli({"doctor", "--board", "nucleo-f767zi", "--json"});
  EXPECT_EQ(r.rc, 1);
  const json j = json::parse(r.out);
  EXPECT_FALSE(j["ok"]);
  EXPECT_EQ(check_named(j, "toolchain")["status"], "pass");
  const json flasher = check_named(j, "flasher");
  EXPECT_EQ(flasher["status"], "pass");
  EXPECT_NE(flasher["detail"].get<std::string>().find("knows target stm32f767zi"), std::string::npos) << flasher;
  const json probe = check_named(j, "probe");
  EXPECT_EQ(probe["status"], "fail");
  for (const char* part : {"no ST-LINK/V2-1 (USB 0483:374b or 0483:3752) for board nucleo-f767zi", "pyOCD lists no debug probe"})
    EXPECT_NE(probe["detail"].get<std::string>().find(part), std::string::npos) << part << " not in " << probe;
  EXPECT_NE(probe["fix"].get<std::string>().find("lsusb"), std::string::npos) << probe;
  const json serial = check_named(j, "serial");
  EXPECT_EQ(serial["status"], "fail");  // no /dev/ttyACM0 here either
  EXPECT_NE(serial["detail"].get<std::string>().find("/dev/ttyACM0 does not exist"), std::string::npos) << serial;
  EXPECT_NE(serial["fix"].get<std::string>().find("--port"), std::string::npos) << serial;
  EXPECT_EQ(check_named(j, "banner")["status"], "skip");
  EXPECT_EQ(check_named(j, "firmware")["status"], "skip");
  EXPECT_EQ(check_named(j, "counter")["status"], "skip");
  EXPECT_NE(r.err.find("doctor: board nucleo-f767zi is not ready: 2 check(s) failed (probe, serial)"), std::string::npos)
      << r.err;

  // The text form says the same to a person, with the fix under each failed check.
  const CliRun text = aotbench_cli({"doctor", "--board", "nucleo-f767zi"});
  EXPECT_EQ(text.rc, 1);
  EXPECT_NE(text.out.find("FAIL  probe      no ST-LINK/V2-1"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("fix: connect the board's ST-LINK USB port"), std::string::npos) << text.out;
}

// OpenOCD as the flasher: started for real, it finds no probe either; a character device the user
// may open passes the serial check.
TEST(Doctor, OpenOcdProbeCheckAndASerialPortThatIsThere) {
  const CliRun r = aotbench_cli({"doctor", "--board", "stm32f429i-disc1", "--port", "/dev/null", "--json"});
  EXPECT_EQ(r.rc, 1);
  const json j = json::parse(r.out);
  EXPECT_NE(check_named(j, "flasher")["detail"].get<std::string>().find("board/stm32f429disc1.cfg"), std::string::npos);
  const json probe = check_named(j, "probe");
  EXPECT_EQ(probe["status"], "fail");
  EXPECT_NE(probe["detail"].get<std::string>().find("no ST-LINK/V2-B"), std::string::npos) << probe;
  EXPECT_NE(probe["detail"].get<std::string>().find("OpenOCD finds none"), std::string::npos) << probe;
  const json serial = check_named(j, "serial");
  EXPECT_EQ(serial["status"], "pass") << serial;
  EXPECT_NE(serial["detail"].get<std::string>().find("/dev/null (group root) is readable and writable"), std::string::npos);
}

// A pyOCD target that needs a CMSIS pack is found out before any probe is asked for.
TEST(Doctor, PyOcdTargetThatNeedsAPackIsNamed) {
  const CliRun r = aotbench_cli({"doctor", "--board", "nucleo-f446re", "--json"});
  EXPECT_EQ(r.rc, 1);
  const json flasher = check_named(json::parse(r.out), "flasher");
  EXPECT_EQ(flasher["status"], "fail");
  EXPECT_NE(flasher["detail"].get<std::string>().find("has no built-in target stm32f446retx"), std::string::npos) << flasher;
  EXPECT_NE(flasher["fix"].get<std::string>().find("pack install stm32f446retx"), std::string::npos) << flasher;
  EXPECT_NE(flasher["fix"].get<std::string>().find("--flasher openocd"), std::string::npos) << flasher;
  EXPECT_EQ(check_named(json::parse(r.out), "probe")["status"], "skip");
}

TEST(Doctor, HelpAndUnknownBoard) {
  const CliRun help = aotbench_cli({"doctor", "--help"});
  EXPECT_EQ(help.rc, 0);
  for (const char* opt : {"--board", "--json", "--gdb", "--port", "--probe", "--flasher", "--timeout"})
    EXPECT_NE(help.out.find(opt), std::string::npos) << opt;
  const CliRun unknown = aotbench_cli({"doctor", "--board", "stm32f9"});
  EXPECT_NE(unknown.rc, 0);
  EXPECT_NE(unknown.err.find("unknown board `stm32f9`"), std::string::npos) << unknown.err;
}

}  // namespace
