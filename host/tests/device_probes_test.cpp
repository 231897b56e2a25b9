// Real boards' flashing paths, run as a user would: every hardware profile's exact flash command
// for OpenOCD and pyOCD (dry run), loading through a GDB server (--gdb HOST:PORT, against QEMU's
// gdbstub started halted here; --gdb start, the tool's own server), and the setup's current
// pyOCD and OpenOCD started for real with no probe attached, failing with what to do.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "host/board/registry.hpp"
#include "host/build/elf_info.hpp"
#include "host/build/firmware_builder.hpp"
#include "cli_run.hpp"
#include "host/flash/qemu.hpp"
#include "transport/link/asio_links.hpp"
#include "transport/rpc/rpc_client.hpp"

namespace {

using namespace aotbench;
using namespace std::chrono_literals;
using nlohmann::json;
using test::aotbench_cli;
using test::CliRun;
namespace fs = std::filesystem;

const board::Profile& board_named(const std::string& name) {
  static board::Registry reg;
  return reg.get(name, {});
}

std::string selftest_elf(const std::string& b) { return build::FirmwareBuilder().selftest_elf(board_named(b)).string(); }

// The pyOCD that scripts/setup installs, which aotbench must prefer to any other.
std::string venv_pyocd() {
  const fs::path p = fs::path(AOTBENCH_DEPS_DIR) / "venv" / "bin" / "pyocd";
  EXPECT_TRUE(fs::exists(p)) << p << " is missing: run scripts/setup";
  return p.string();
}

json dry_run(const std::vector<std::string>& extra, const std::string& board) {
  std::vector<std::string> args = {"device", "flash", "--board", board, "--elf", selftest_elf(board), "--dry-run", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliRun r = aotbench_cli(args);
  EXPECT_EQ(r.rc, 0) << r.err;
  return r.rc == 0 ? json::parse(r.out) : json::object();
}

struct Expected {
  std::string board, openocd_config, pyocd_target;
};

// Every hardware profile, both tools, the exact command (spelled out here, not read from the profile).
TEST(Probes, DryRunFlashCommandOfEveryHardwareProfileForBothTools) {
  const std::vector<Expected> boards = {{"nucleo-f446re", "board/st_nucleo_f4.cfg", "stm32f446retx"},
                                        {"nucleo-f767zi", "board/st_nucleo_f7.cfg", "stm32f767zi"},
                                        {"stm32f429i-disc1", "board/stm32f429disc1.cfg", "stm32f429xi"},
                                        {"stm32f746g-disco", "board/stm32f746g-disco.cfg", "stm32f746nghx"}};
  board::Registry reg;
  std::vector<std::string> hardware;
  for (const auto& name : reg.names())
    if (!reg.get(name, {}).emulated) hardware.push_back(name);
  ASSERT_EQ(hardware.size(), boards.size()) << "a hardware profile without an expected command here";
  for (const auto& e : boards) {
    SCOPED_TRACE(e.board);
    const std::string elf = fs::absolute(selftest_elf(e.board)).string();
    const json o = dry_run({"--flasher", "openocd"}, e.board);
    EXPECT_EQ(o["tool"], "openocd");
    EXPECT_EQ(o["command"], json({"openocd", "-f", e.openocd_config, "-c", "program {" + elf + "} verify reset exit"}));
    const json p = dry_run({"--flasher", "pyocd"}, e.board);
    EXPECT_EQ(p["tool"], "pyocd");
    EXPECT_EQ(p["command"], json({venv_pyocd(), "flash", "-W", "-t", e.pyocd_target, elf}));
    EXPECT_NE(p["note"].get<std::string>().find(venv_pyocd()), std::string::npos) << p["note"];
  }
  // The new profiles' own tools: pyOCD for the NUCLEO-F767ZI, OpenOCD for the STM32F429I-DISC1.
  EXPECT_EQ(dry_run({}, "nucleo-f767zi")["tool"], "pyocd");
  EXPECT_EQ(dry_run({}, "stm32f429i-disc1")["tool"], "openocd");
}

// The venv's pyOCD is found through AOTBENCH_DEPS too (an installed or moved .deps).
TEST(Probes, PyOcdOfTheSetupsVenvIsFoundThroughAotbenchDeps) {
  const fs::path deps = fs::temp_directory_path() / ("aotbench-deps-" + std::to_string(getpid()));
  fs::create_directories(deps / "venv" / "bin");
  fs::create_symlink(venv_pyocd(), deps / "venv" / "bin" / "pyocd");
  const std::string elf = selftest_elf("nucleo-f767zi");
  const CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f767zi", "--elf", elf, "--dry-run", "--json"});
  const std::string cmd = base::shell_join({"env", "AOTBENCH_DEPS=" + deps.string(), AOTBENCH_BIN, "device", "flash",
                                             "--board", "nucleo-f767zi", "--elf", elf, "--dry-run", "--json"});
  const auto moved = base::run_command({"/bin/sh", "-c", cmd + " 2>/dev/null"}, 30s);
  fs::remove_all(deps);
  ASSERT_EQ(r.rc, 0) << r.err;
  ASSERT_EQ(moved.exit_code, 0) << moved.output;
  EXPECT_EQ(json::parse(r.out)["command"][0], venv_pyocd());
  EXPECT_EQ(json::parse(moved.output)["command"][0], (deps / "venv" / "bin" / "pyocd").string());
}

TEST(Probes, DryRunOfGdbStartShowsTheServerAndTheLoad) {
  const json p = dry_run({"--gdb", "start"}, "nucleo-f767zi");
  EXPECT_EQ(p["tool"], "gdb");
  EXPECT_EQ(p["server"], json({venv_pyocd(), "gdbserver", "-W", "-t", "stm32f767zi", "-p", "GDBPORT"}));
  const std::string pyocd_load = p["command"].dump();
  EXPECT_EQ(p["command"][0], "gdb-multiarch");
  for (const char* step : {"target extended-remote 127.0.0.1:GDBPORT", "\"load\"", "compare-sections", "monitor reset halt",
                           "set $pc = *(unsigned int *)0x8000004"})
    EXPECT_NE(pyocd_load.find(step), std::string::npos) << step << " not in " << pyocd_load;
  EXPECT_EQ(pyocd_load.find("monitor resume"), std::string::npos);  // pyOCD's detach lets the core run

  const json o = dry_run({"--gdb", "start", "--probe", "066DFF535750"}, "stm32f429i-disc1");
  EXPECT_EQ(o["server"], json({"openocd", "-f", "board/stm32f429disc1.cfg", "-c", "adapter serial 066DFF535750", "-c",
                               "gdb_port GDBPORT", "-c", "telnet_port disabled", "-c", "tcl_port disabled"}));
  const auto& argv = o["command"];
  ASSERT_GE(argv.size(), 4u);
  EXPECT_EQ(argv[argv.size() - 3], "monitor resume");  // OpenOCD's detach leaves the core halted
  EXPECT_EQ(argv.back(), "detach");
  CliRun text = aotbench_cli({"device", "flash", "--board", "stm32f429i-disc1", "--elf", selftest_elf("stm32f429i-disc1"),
                              "--dry-run", "--gdb", "start"});
  EXPECT_NE(text.out.find("openocd -f board/stm32f429disc1.cfg -c 'gdb_port GDBPORT'"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("gdb-multiarch -nx -batch"), std::string::npos) << text.out;
}

TEST(Probes, DryRunOfGdbAddressLoadsThroughThatServer) {
  const json j = dry_run({"--gdb", "labhost.example:3333"}, "nucleo-f767zi");
  EXPECT_EQ(j["tool"], "gdb");
  EXPECT_FALSE(j.contains("server"));  // it is running already, elsewhere
  EXPECT_NE(j["command"].dump().find("target extended-remote labhost.example:3333"), std::string::npos) << j["command"];
  EXPECT_NE(j["note"].get<std::string>().find("monitor reset halt"), std::string::npos) << j["note"];
}

TEST(Probes, BadGdbAddressesAreRefusedBeforeAnyWork) {
  for (const std::string bad : {"3333", "labhost:", ":3333", "labhost:70000", "labhost:33a"}) {
    const CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f767zi", "--elf", selftest_elf("nucleo-f767zi"),
                                   "--gdb", bad});
    EXPECT_NE(r.rc, 0) << bad;
    EXPECT_NE(r.err.find("--gdb: GDB server address `" + bad + "` is not HOST:PORT"), std::string::npos) << r.err;
    EXPECT_LT(r.seconds, 3);
  }
  // A sweep on an emulated board starts a QEMU per variant: a given server cannot be one of them.
  const CliRun s = aotbench_cli({"--board", "stm32", "--model", "kws", "--gdb", "127.0.0.1:3333", "--out",
                                 (fs::temp_directory_path() / ("aotbench-gdb-sweep-" + std::to_string(getpid()))).string()});
  EXPECT_NE(s.rc, 0);
  EXPECT_NE(s.err.find("--gdb 127.0.0.1:3333: board netduinoplus2 is emulated"), std::string::npos) << s.err;
}

// The setup's current pyOCD, started for real with no probe: fails at once, naming the board, the
// target, the probe it looked for, and what to do.
TEST(Probes, VenvPyOcdWithoutProbeFailsClearly) {
  const CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f767zi", "--elf", selftest_elf("nucleo-f767zi")});
  EXPECT_EQ(r.rc, 1);
  for (const std::string& part : std::vector<std::string>
       {"aotbench: found the pyocd CLI (" + venv_pyocd() + ")",
        "pyocd failed to flash board nucleo-f767zi (pyOCD target stm32f767zi) after 2 attempts (exit code 1)",
        "No connected debug probes",
        "no debug probe found: connect board nucleo-f767zi's ST-LINK/V2-1 (USB 0483:374b or 0483:3752)",
        "--gdb HOST:PORT", "aotbench doctor --board nucleo-f767zi"})
    EXPECT_NE(r.err.find(part), std::string::npos) << part << "\nnot in: " << r.err;
  EXPECT_LT(r.seconds, 20);  // -W: pyOCD does not wait for a probe to appear
}

// --gdb start: the tool's own GDB server, started for real, ends at once without a probe.
TEST(Probes, GdbServerStartedWithoutProbeFailsClearly) {
  const CliRun p = aotbench_cli({"device", "flash", "--board", "nucleo-f767zi", "--elf", selftest_elf("nucleo-f767zi"),
                                 "--gdb", "start"});
  EXPECT_EQ(p.rc, 1);
  for (const std::string& part :
       std::vector<std::string>{venv_pyocd() + " did not start a GDB server for board nucleo-f767zi (exit code 1)",
                                 "No connected debug probes", "ST-LINK/V2-1"})
    EXPECT_NE(p.err.find(part), std::string::npos) << part << "\nnot in: " << p.err;
  const CliRun o = aotbench_cli({"device", "flash", "--board", "stm32f429i-disc1", "--elf",
                                 selftest_elf("stm32f429i-disc1"), "--gdb", "start"});
  EXPECT_EQ(o.rc, 1);
  for (const char* part : {"openocd did not start a GDB server for board stm32f429i-disc1 (exit code 1)", "open failed",
                           "no debug probe found: connect board stm32f429i-disc1's ST-LINK/V2-B"})
    EXPECT_NE(o.err.find(part), std::string::npos) << part << "\nnot in: " << o.err;
  EXPECT_LT(p.seconds + o.seconds, 30);
}

// --gdb HOST:PORT against a real GDB server: QEMU started halted with its gdbstub, as a probe's
// server would be. aotbench loads, verifies and starts the firmware; the firmware then answers
// on the emulator's serial port with the build-id of the ELF loaded.
TEST(Probes, GdbAddressLoadsIntoARunningGdbServer) {
  const board::Profile& p = board_named("netduinoplus2");
  const std::string elf = selftest_elf("netduinoplus2");
  transport::TcpListener serial;
  const unsigned gdb_port = transport::TcpListener().port();
  base::install_signal_cleanup();
  base::ChildProcess qemu(flash::qemu_command(p, elf, serial.port(), {}, gdb_port), "");
  auto link = serial.accept(transport::Clock::now() + 5s, [&] { return qemu.running(); });
  const std::string address = fmt::format("127.0.0.1:{}", gdb_port);
  const CliRun r = aotbench_cli({"device", "flash", "--board", "netduinoplus2", "--elf", elf, "--gdb", address, "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["tool"], "gdb");
  EXPECT_TRUE(j["flashed"]);
  EXPECT_NE(j["command"].dump().find("target extended-remote " + address), std::string::npos);
  EXPECT_NE(j["command"].dump().find("monitor system_reset"), std::string::npos);  // QEMU's reset
  transport::RpcClient rpc(*link, {2500ms, 3, "the QEMU started by the test"});
  EXPECT_EQ(rpc.connect(5s).build_id, build::elf_build_id(elf));
  EXPECT_TRUE(qemu.running());

  // Nothing listens there any more: refused in seconds, naming the server.
  qemu.terminate();
  const CliRun gone = aotbench_cli({"device", "flash", "--board", "netduinoplus2", "--elf", elf, "--gdb", address});
  EXPECT_EQ(gone.rc, 1);
  EXPECT_NE(gone.err.find("through the GDB server at " + address + " failed after 2 attempt(s): nothing was loaded: tcp " +
                          address + ": cannot connect: Connection refused"),
            std::string::npos)
      << gone.err;
  EXPECT_EQ(gone.err.find("verify"), std::string::npos) << gone.err;  // nothing was there to verify
  EXPECT_LT(gone.seconds, 20);
}

}  // namespace
