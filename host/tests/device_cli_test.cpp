// The device commands of the aotbench CLI, run as a user would: boards, info, selftest, flash
// (dry run and the real OpenOCD/pyOCD failing without a probe), a firmware that never answers,
// and no QEMU left behind after an error, Ctrl-C, or SIGKILL of aotbench itself.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <fstream>
#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "base/process.hpp"
#include "host/board/registry.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/deps.hpp"
#include "transport/link/asio_links.hpp"

namespace {

using namespace aotbench;
using namespace std::chrono_literals;
using nlohmann::json;
namespace fs = std::filesystem;

struct CliRun {
  int rc;
  std::string out, err;
  double seconds;
};

// Runs aotbench with stdout and stderr kept apart.
CliRun aotbench_cli(const std::vector<std::string>& args, std::chrono::milliseconds timeout = 60s) {
  fs::path err = fs::temp_directory_path() / ("aotbench-cli-err-" + std::to_string(getpid()));
  std::string cmd = base::shell_join({AOTBENCH_BIN}) + " " + base::shell_join(args) + " 2>" + err.string();
  auto t0 = std::chrono::steady_clock::now();
  auto r = base::run_command({"/bin/sh", "-c", cmd}, timeout);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ifstream in(err);
  std::stringstream e;
  e << in.rdbuf();
  fs::remove(err);
  return {r.exit_code, r.output, e.str(), s};
}

const board::Profile& board_named(const std::string& name) {
  static board::Registry reg;
  return reg.get(name, {});
}

fs::path selftest_elf(const std::string& b) { return build::FirmwareBuilder().selftest_elf(board_named(b)); }
fs::path hang_elf() { return build::FirmwareBuilder().hang_elf(board_named("netduinoplus2")); }

bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string s;
  std::getline(stat, s);
  auto close = s.rfind(')');
  return stat && close != std::string::npos && s[close + 2] != 'Z';  // a zombie has ended
}

bool gone_within(pid_t pid, std::chrono::milliseconds t) {
  auto until = std::chrono::steady_clock::now() + t;
  while (alive(pid) && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(20ms);
  return !alive(pid);
}

// The qemu-system-arm child of `parent`, waiting up to `t` for it to appear.
pid_t qemu_child_of(pid_t parent, std::chrono::milliseconds t) {
  auto until = std::chrono::steady_clock::now() + t;
  while (std::chrono::steady_clock::now() < until) {
    for (auto& e : fs::directory_iterator("/proc")) {
      std::string name = e.path().filename();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      std::ifstream stat(e.path() / "stat");
      std::string s;
      std::getline(stat, s);
      auto open = s.find('('), close = s.rfind(')');
      if (open == std::string::npos || close == std::string::npos) continue;
      std::istringstream rest(s.substr(close + 2));
      char state;
      pid_t ppid;
      rest >> state >> ppid;
      if (ppid == parent && s.substr(open + 1, close - open - 1) == "qemu-system-arm") return std::stoi(name);
    }
    std::this_thread::sleep_for(20ms);
  }
  return -1;
}

TEST(DeviceCli, BoardsJsonListsProfilesAndAliases) {
  CliRun r = aotbench_cli({"boards", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  ASSERT_EQ(j["boards"].size(), 10u);
  EXPECT_EQ(j["boards"][0]["name"], "mps2-an385");
  EXPECT_EQ(j["boards"][0]["features"], json::array());
  EXPECT_EQ(j["boards"][0]["timing"], nullptr);  // no timing model: instructions under QEMU
  EXPECT_EQ(j["boards"][3]["name"], "netduinoplus2");
  EXPECT_EQ(j["boards"][3]["qemu_machine"], "netduinoplus2");
  EXPECT_EQ(j["boards"][3]["timing"]["flash_wait_states"], 5);
  EXPECT_EQ(j["boards"][3]["timing"]["dcache"]["lines"], 8);
  EXPECT_EQ(j["aliases"]["stm32"]["resolves_to"], "netduinoplus2");  // no probe attached here
  EXPECT_EQ(j["boards"][9]["name"], "stm32f746g-disco");
  EXPECT_EQ(j["boards"][9]["uart"]["kind"], "stm32f7_usart");
  EXPECT_EQ(j["boards"][9]["uart"]["pins"][1], json({{"gpio", 0x40020400}, {"pin", 7}, {"af", 7}}));  // PB7
  EXPECT_EQ(j["boards"][9]["probe"]["name"], "ST-LINK/V2-1");
  EXPECT_EQ(j["boards"][5]["name"], "nucleo-f767zi");
  EXPECT_EQ(j["boards"][5]["tools"]["pyocd"]["target"], "stm32f767zi");
  EXPECT_EQ(j["boards"][5]["tools"]["openocd"]["config"], "board/st_nucleo_f7.cfg");
  EXPECT_EQ(j["boards"][3]["features"], json::array({"dsp"}));
  EXPECT_EQ(j["boards"][3]["clock"], nullptr);  // QEMU: the clock it starts with
  EXPECT_EQ(j["boards"][5]["clock_hz"], 216000000);
  EXPECT_EQ(j["boards"][5]["clock"]["source"], "hse");
  EXPECT_EQ(j["boards"][5]["clock"]["pll_n"], 216);
}

TEST(DeviceCli, UnknownBoardListsTheKnownOnes) {
  CliRun r = aotbench_cli({"device", "info", "--board", "stm32f9"});
  EXPECT_NE(r.rc, 0);
  EXPECT_TRUE(r.out.empty());
  for (auto name : {"unknown board `stm32f9`", "netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500", "stm32f746g-disco",
                    "nucleo-f446re"})
    EXPECT_NE(r.err.find(name), std::string::npos) << name << " not in: " << r.err;
}

TEST(DeviceCli, InfoJsonOnEmulatedBoards) {
  for (std::string b : {"stm32", "mps2-an385", "mps2-an386"}) {
    CliRun r = aotbench_cli({"device", "info", "--board", b, "--json"});
    ASSERT_EQ(r.rc, 0) << r.err;
    json j = json::parse(r.out);  // stdout holds only the JSON; messages went to stderr
    EXPECT_EQ(j["board"], b == "stm32" ? "netduinoplus2" : b);
    EXPECT_EQ(j["counter"], "qemu-icount");
    EXPECT_EQ(j["unit"], "instructions");
    EXPECT_EQ(j["protocol_version"], 3);
    EXPECT_FALSE(r.err.empty());
    // The banner it sent when it started, before anything was asked: the same board and firmware.
    EXPECT_EQ(j["banner"]["board"], j["board"]);
    EXPECT_EQ(j["banner"]["build_id"], j["build_id"]);
    EXPECT_EQ(j["banner"]["counter"], "systick");  // before -icount's shift is set
    EXPECT_EQ(j["banner"]["clock_setup"], "none");
  }
}

TEST(DeviceCli, SelftestPassesAndReportsMeasuredVsExpected) {
  for (std::string b : {"stm32", "mps2-an385"}) {  // a Cortex-M4F and the Cortex-M3 (no FPU, no DSP)
    SCOPED_TRACE(b);
    CliRun r = aotbench_cli({"device", "selftest", "--board", b, "--json"});
    ASSERT_EQ(r.rc, 0) << r.err << r.out;
    json j = json::parse(r.out);
    EXPECT_TRUE(j["ok"]);
    EXPECT_EQ(j["unit"], "instructions");
    ASSERT_FALSE(j["loop"].empty());
    for (auto& pt : j["loop"]) {
      for (auto& m : pt["measured"]) EXPECT_EQ(m, pt["predicted_instructions"]);
    }
    EXPECT_NEAR(j["stack"]["measured"].get<double>(), j["stack"]["fstack_usage"].get<double>(), 16);
    EXPECT_TRUE(j["model"]["ok"]);
  }
}

// --link-faults: frames dropped, corrupted and duplicated both ways; the self-test's counts stay
// exact and it passes, and stderr says what the link went through.
TEST(DeviceCli, SelftestThroughADamagedLinkStillPassesWithExactCounts) {
  CliRun r = aotbench_cli({"device", "selftest", "--board", "stm32", "--json", "--link-faults",
                           "drop=0.1,corrupt=0.1,dup=0.1,seed=4"});
  ASSERT_EQ(r.rc, 0) << r.err << r.out;
  json j = json::parse(r.out);
  EXPECT_TRUE(j["ok"]);
  for (auto& pt : j["loop"])
    for (auto& m : pt["measured"]) EXPECT_EQ(m, pt["predicted_instructions"]);
  EXPECT_TRUE(j["echo"]["ok"]);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, std::regex(R"(aotbench: link: .*faults injected: (\d+) dropped, (\d+) corrupted, (\d+) duplicated)")))
      << r.err;
  EXPECT_GT(std::stoi(m[1]) + std::stoi(m[2]) + std::stoi(m[3]), 0) << r.err;
  EXPECT_NE(j["link"].get<std::string>().find("with --link-faults drop=0.1,corrupt=0.1,dup=0.1,seed=4"),
            std::string::npos) << j["link"];
}

TEST(DeviceCli, DryRunPrintsTheExactOpenOcdCommand) {
  fs::path elf = selftest_elf("stm32f746g-disco");
  CliRun r = aotbench_cli({"device", "flash", "--board", "stm32f746g-disco", "--elf", elf.string(), "--dry-run", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["tool"], "openocd");
  EXPECT_EQ(j["command"], json({"openocd", "-f", "board/stm32f746g-disco.cfg", "-c",
                                "program {" + fs::absolute(elf).string() + "} verify reset exit"}));
  CliRun text = aotbench_cli({"device", "flash", "--board", "stm32f746g-disco", "--elf", elf.string(), "--dry-run"});
  EXPECT_NE(text.out.find("openocd -f board/stm32f746g-disco.cfg -c 'program {"), std::string::npos) << text.out;
}

TEST(DeviceCli, DryRunPrintsThePyOcdCommandAndWhichWasFound) {
  fs::path elf = selftest_elf("nucleo-f446re");
  CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", elf.string(), "--dry-run", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["tool"], "pyocd");
  std::string abs = fs::absolute(elf).string();
  if (const std::string pyocd = flash::find_venv_program("pyocd"); !pyocd.empty()) {
    EXPECT_EQ(j["command"], json({pyocd, "flash", "-W", "-t", "stm32f446retx", abs}));
    EXPECT_NE(j["note"].get<std::string>().find("found the pyocd CLI"), std::string::npos);
  } else {
    EXPECT_EQ(j["command"], json({"pyocd-flashtool", "-t", "stm32f446retx", abs}));
    EXPECT_NE(j["note"].get<std::string>().find("pyocd-flashtool"), std::string::npos);
  }
  // And OpenOCD for the same board when asked.
  CliRun o = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", elf.string(), "--dry-run", "--json",
                        "--flasher", "openocd"});
  EXPECT_EQ(json::parse(o.out)["command"][2], "board/st_nucleo_f4.cfg");
}

// A farm has several probes attached: --probe picks one by serial number, in each tool's syntax.
TEST(DeviceCli, DryRunNamesTheProbe) {
  fs::path elf = selftest_elf("nucleo-f446re");
  std::string abs = fs::absolute(elf).string();
  CliRun o = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", elf.string(), "--dry-run", "--json",
                           "--flasher", "openocd", "--probe", "0670FF485550"});
  ASSERT_EQ(o.rc, 0) << o.err;
  EXPECT_EQ(json::parse(o.out)["command"], json({"openocd", "-f", "board/st_nucleo_f4.cfg", "-c", "adapter serial 0670FF485550",
                                                 "-c", "program {" + abs + "} verify reset exit"}));
  CliRun p = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", elf.string(), "--dry-run", "--json",
                           "--probe", "0670FF485550"});
  ASSERT_EQ(p.rc, 0) << p.err;
  if (const std::string pyocd = flash::find_venv_program("pyocd"); !pyocd.empty()) {
    EXPECT_EQ(json::parse(p.out)["command"], json({pyocd, "flash", "-W", "-t", "stm32f446retx", "-u", "0670FF485550", abs}));
  } else {
    EXPECT_EQ(json::parse(p.out)["command"], json({"pyocd-flashtool", "-t", "stm32f446retx", "-b", "0670FF485550", abs}));
  }
}

TEST(DeviceCli, RealOpenOcdWithoutProbeFailsClearly) {
  fs::path elf = selftest_elf("stm32f746g-disco");
  CliRun r = aotbench_cli({"device", "flash", "--board", "stm32f746g-disco", "--elf", elf.string()});
  EXPECT_NE(r.rc, 0);
  for (auto part : {"openocd failed to flash board stm32f746g-disco", "board/stm32f746g-disco.cfg", "2 attempts",
                    "open failed"})
    EXPECT_NE(r.err.find(part), std::string::npos) << part << " not in: " << r.err;
  EXPECT_LT(r.seconds, 30);
}

TEST(DeviceCli, RealPyOcdWithoutProbeFailsClearly) {
  fs::path elf = selftest_elf("nucleo-f446re");
  CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", elf.string()});
  EXPECT_NE(r.rc, 0);
  for (auto part : {"pyocd failed to flash board nucleo-f446re", "stm32f446retx", "exit code"})
    EXPECT_NE(r.err.find(part), std::string::npos) << part << " not in: " << r.err;
}

// A GDB server that accepts the connection and never answers (a hung server, or something else on
// its port) costs --timeout, not gdb's packet timeouts and retries: 141.6 s with --timeout 3 before.
TEST(DeviceCli, ASilentGdbServerCostsNoMoreThanTheTimeout) {
  std::unique_ptr<transport::TcpLink> held;  // accepted, never answered; outlives the listener, as it must
  transport::TcpListener listener;             // takes one connection: aotbench's question
  std::atomic<bool> done{false};
  std::thread server([&] {
    try {
      held = listener.accept(transport::Clock::now() + 30s, [&] { return !done.load(); });
    } catch (const transport::TransportError&) {
    }
  });
  const std::string address = fmt::format("127.0.0.1:{}", listener.port());
  CliRun r = aotbench_cli({"device", "flash", "--board", "nucleo-f446re", "--elf", selftest_elf("nucleo-f446re").string(),
                           "--gdb", address, "--timeout", "1"});
  done = true;
  server.join();
  EXPECT_NE(r.rc, 0);
  EXPECT_LT(r.seconds, 1 + 2.0) << r.err;  // the timeout, and aotbench's own start
  EXPECT_NE(r.err.find("the GDB server at " + address + " accepted the connection but did not answer within 1000 ms"),
            std::string::npos) << r.err;
}

TEST(DeviceCli, SilentFirmwareTimesOutNamingBoardAndPortAndLeavesNoQemu) {
  CliRun r = aotbench_cli({"device", "info", "--board", "stm32", "--elf", hang_elf().string(), "--timeout", "2"});
  EXPECT_NE(r.rc, 0);
  EXPECT_LT(r.seconds, 6);
  EXPECT_GE(r.seconds, 2);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, std::regex(R"(board netduinoplus2 \(qemu pid (\d+)\) on tcp 127\.0\.0\.1:\d+ did not answer within 2000 ms)")))
      << r.err;
  EXPECT_TRUE(gone_within(std::stoi(m[1]), 1s)) << "QEMU pid " << m[1] << " still running";
}

// Ctrl-C (SIGINT) and SIGKILL of aotbench while it waits for the silent firmware.
void interrupt_and_check(int sig) {
  fs::path log = fs::temp_directory_path() / ("aotbench-sig-" + std::to_string(getpid()));
  base::ChildProcess cli({AOTBENCH_BIN, "device", "info", "--board", "stm32", "--elf", hang_elf().string(),
                           "--timeout", "60"},
                          log);
  pid_t qemu = qemu_child_of(cli.pid(), 10s);
  ASSERT_GT(qemu, 0) << "no QEMU started";
  ASSERT_TRUE(alive(qemu));
  kill(cli.pid(), sig);
  EXPECT_TRUE(cli.wait_for(5s).has_value()) << "aotbench did not stop on signal " << sig;
  EXPECT_TRUE(gone_within(qemu, 3s)) << "QEMU pid " << qemu << " outlived aotbench (signal " << sig << ")";
  fs::remove(log);
}

TEST(DeviceCli, CtrlCLeavesNoQemu) { interrupt_and_check(SIGINT); }
TEST(DeviceCli, SigkillOfAotbenchLeavesNoQemu) { interrupt_and_check(SIGKILL); }

TEST(DeviceCli, FlashOnAnEmulatedBoardBootChecksTheElf) {
  fs::path elf = selftest_elf("mps2-an500");
  CliRun r = aotbench_cli({"device", "flash", "--board", "mps2-an500", "--elf", elf.string(), "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["tool"], "qemu");
  EXPECT_EQ(j["command"][0], "gdb-multiarch");  // loaded through QEMU's gdbstub, as a real board's server
  EXPECT_NE(j["command"].dump().find("compare-sections"), std::string::npos);
  EXPECT_TRUE(j["flashed"]);
  EXPECT_EQ(j["build_id"].get<std::string>().size(), 40u);
}

// Firmware of another board that does boot (the MPS2 boards share a memory map) is refused when
// it answers: the board that answers must be the board that was flashed.
TEST(DeviceCli, TheBoardThatAnswersMustBeTheOneFlashed) {
  CliRun r = aotbench_cli({"device", "info", "--board", "mps2-an500", "--elf", selftest_elf("mps2-an386").string()});
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.err.find("answers as board mps2-an386 at 25000000 Hz, not mps2-an500 at 25000000 Hz (its start-up banner)"),
            std::string::npos)
      << r.err;
}

// Firmware linked for another board is refused before anything boots (it would lock the core up).
TEST(DeviceCli, FirmwareForAnotherBoardIsRefusedBeforeBooting) {
  for (const char* cmd : {"info", "selftest", "flash"}) {
    CliRun r = aotbench_cli({"device", cmd, "--board", "mps2-an386", "--elf", selftest_elf("netduinoplus2").string()});
    EXPECT_EQ(r.rc, 1) << cmd;
    EXPECT_TRUE(std::regex_search(r.err, std::regex("loads [0-9]+ bytes at 0x08000000"))) << r.err;  // its size
    EXPECT_NE(r.err.find("at 0x08000000, outside the flash (0x00000000 + 4194304 B) and RAM (0x20000000 + 4194304 B) "
                         "of board mps2-an386: it was linked for another board"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("QEMU"), std::string::npos) << r.err;
    EXPECT_LT(r.seconds, 3);
  }
}

// A file that is no firmware at all, or a program for another machine: refused, nothing boots.
TEST(DeviceCli, FlashRefusesWhatIsNoFirmwareForTheBoard) {
  const fs::path junk = fs::temp_directory_path() / ("aotbench-random-" + std::to_string(getpid()) + ".bin");
  std::ofstream(junk) << std::string(4096, '\x5a');
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--board", "stm32", "--elf", junk.string()}, junk.string() + " is not an ELF file"},
      {{"--board", "stm32", "--elf", "/bin/true"}, "/bin/true is an ELF for another machine (e_machine 62)"},
      {{"--board", "mps2-an385", "--elf", selftest_elf("mps2-an386").string()},
       "was built for armv7e-m, which the cortex-m3 (armv7-m) of board mps2-an385 cannot run"},
      {{"--board", "mps2-an386", "--elf", selftest_elf("mps2-an500").string()},
       "uses a floating-point unit (Tag_FP_arch 8) that board mps2-an386 (fpv4-sp-d16) cannot run"},
      {{"--board", "stm32", "--elf", fs::temp_directory_path().string()}, "is a directory"},
  };
  for (const auto& [args, said] : cases) {
    std::vector<std::string> cmd = {"device", "flash"};
    cmd.insert(cmd.end(), args.begin(), args.end());
    CliRun r = aotbench_cli(cmd);
    EXPECT_NE(r.rc, 0) << said;
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("QEMU"), std::string::npos) << r.err;
    EXPECT_LT(r.seconds, 3) << said;
  }
  fs::remove(junk);
  // What the board runs passes, and a core that contains another one's architecture runs its code.
  EXPECT_EQ(aotbench_cli({"device", "flash", "--board", "mps2-an500", "--elf", selftest_elf("mps2-an386").string(),
                          "--dry-run"}).rc,
            0);
}

// The options say what they need: --timeout above 0; --elf of `device flash` required, no default.
TEST(DeviceCli, TimeoutAndElfOptionsAreChecked) {
  for (const char* t : {"-1", "0", "abc"}) {
    CliRun r = aotbench_cli({"device", "info", "--board", "stm32", "--timeout", t});
    EXPECT_NE(r.rc, 0) << t;
    EXPECT_NE(r.err.find(std::string("--timeout: ") + t + " is not a number of seconds above 0"), std::string::npos)
        << r.out << r.err;
  }
  CliRun faults = aotbench_cli({"device", "info", "--board", "stm32", "--link-faults", "drop=1.5"});
  EXPECT_NE(faults.rc, 0);
  EXPECT_NE(faults.err.find("--link-faults: drop=1.5: '1.5' is not a probability from 0 to 1"), std::string::npos)
      << faults.err;
  CliRun help = aotbench_cli({"device", "flash", "--help"});
  std::smatch line;
  ASSERT_TRUE(std::regex_search(help.out, line, std::regex("--elf[^\n]*"))) << help.out;
  EXPECT_NE(line.str().find("REQUIRED"), std::string::npos) << line.str();
  EXPECT_EQ(line.str().find("default"), std::string::npos) << line.str();
}

// Firmware that passes the checks but crashes at boot (its vector table zeroed: SP 0, reset at 0)
// locks the emulated core up: reported with QEMU's own words.
TEST(DeviceCli, FirmwareThatCrashesIsReportedAsACrash) {
  const fs::path elf = fs::temp_directory_path() / ("aotbench-crash-" + std::to_string(getpid()) + ".elf");
  fs::copy_file(selftest_elf("mps2-an386"), elf, fs::copy_options::overwrite_existing);
  {  // the vector table is the first bytes of the segment loaded at flash address 0
    const std::string bytes = [&] {
      std::ifstream in(elf, std::ios::binary);
      return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    ASSERT_GE(bytes.size(), 52u);
    const auto u32 = [&](std::size_t at) {
      return uint32_t(uint8_t(bytes[at])) | uint32_t(uint8_t(bytes[at + 1])) << 8 | uint32_t(uint8_t(bytes[at + 2])) << 16 |
             uint32_t(uint8_t(bytes[at + 3])) << 24;
    };
    const uint32_t phoff = u32(28), phentsize = uint8_t(bytes[42]) | uint8_t(bytes[43]) << 8,
                   phnum = uint8_t(bytes[44]) | uint8_t(bytes[45]) << 8;
    std::optional<uint32_t> vectors;
    for (uint32_t i = 0; i < phnum && !vectors; ++i) {
      const std::size_t ph = phoff + i * phentsize;
      if (u32(ph) == 1 /* PT_LOAD */ && u32(ph + 12) == 0 /* p_paddr */ && u32(ph + 16) >= 8) vectors = u32(ph + 4);
    }
    ASSERT_TRUE(vectors) << "no segment loaded at address 0";
    std::fstream f(elf, std::ios::binary | std::ios::in | std::ios::out);
    f.seekp(*vectors);
    f.write(std::string(8, '\0').data(), 8);
  }
  CliRun r = aotbench_cli({"device", "info", "--board", "mps2-an386", "--elf", elf.string()});
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("board mps2-an386"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("QEMU exited with status 134"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Lockup"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 6);
  fs::remove(elf);
}

TEST(DeviceCli, FlashOfMissingElfIsABadInputError) {
  CliRun r = aotbench_cli({"device", "flash", "--board", "stm32f746g-disco", "--elf", "/nonexistent/fw.elf", "--dry-run"});
  EXPECT_NE(r.rc, 0);
  EXPECT_NE(r.err.find("/nonexistent/fw.elf"), std::string::npos) << r.err;
}

}  // namespace
