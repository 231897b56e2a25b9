// Emulators that stay up across firmwares (flash/emulator_pool.hpp) and emulators served for other
// clients (`aotbench device serve`): one QEMU takes firmware after firmware through its gdbstub,
// each one measuring exactly what a fresh emulator measures; one that exited is replaced; and a
// served one is loaded and talked to over TCP alone, as a board on a farm's bench.
#include <gtest/gtest.h>
#include <signal.h>

#include <fmt/core.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "host/board/registry.hpp"
#include "host/build/firmware_builder.hpp"
#include "cli_run.hpp"
#include "host/flash/emulator_pool.hpp"
#include "host/flash/gdb_server.hpp"
#include "host/flash/selftest.hpp"
#include "host/flash/session.hpp"
#include "transport/link/asio_links.hpp"

namespace {

using namespace aotbench;
namespace fs = std::filesystem;

const board::Profile& netduino() {
  static board::Registry reg;
  return reg.get("netduinoplus2", {});
}

// What the self-test measures that must not depend on the emulator's history.
struct Measured {
  std::vector<std::vector<std::uint64_t>> loop;
  std::uint64_t empty = 0, model = 0;
  std::vector<std::uint64_t> ops;
  std::uint32_t stack = 0;
  bool operator==(const Measured&) const = default;
};

Measured measure(flash::Session& s) {
  const board::Profile& p = s.profile();
  build::FirmwareBuilder fw;
  const flash::SelftestReport r = flash::run_selftest(s, fw.selftest_elf(p), fw.calibration_stack_usage(p));
  EXPECT_TRUE(r.ok()) << r.where;
  Measured m{{}, r.empty_count, r.model_count, r.op_counts, r.stack_measured};
  for (const auto& point : r.loop) m.loop.push_back(point.measured);
  return m;
}

// Three firmwares into one emulator: the self-test, one that hangs, the self-test again. The
// emulator is the same process throughout, and the self-test counts what it counts in a fresh one.
TEST(KeptEmulator, TakesFirmwareAfterFirmwareAndCountsAsAFreshOne) {
  const board::Profile& p = netduino();
  build::FirmwareBuilder fw;
  const fs::path selftest = fw.selftest_elf(p), hang = fw.hang_elf(p);
  Measured fresh;
  {
    flash::Session s(p, selftest);
    fresh = measure(s);
  }
  ASSERT_GT(fresh.model, 0u);

  flash::QemuInstance kept(p, flash::QemuOptions{});
  const pid_t pid = kept.pid();
  {
    flash::Session s(kept, selftest);
    EXPECT_EQ(s.where().find(fmt::format("qemu pid {}", pid)) != std::string::npos, true) << s.where();
    EXPECT_EQ(measure(s), fresh);
  }
  flash::SessionOptions quick;
  quick.connect_timeout = std::chrono::milliseconds(1000);
  EXPECT_THROW(flash::Session(kept, hang, quick), transport::TransportError);  // loaded, never answers
  {
    flash::Session s(kept, selftest);  // the reset ends the hung firmware; its bytes are not ours
    EXPECT_EQ(measure(s), fresh);
  }
  EXPECT_EQ(kept.pid(), pid);
  EXPECT_TRUE(kept.running());
  EXPECT_EQ(kept.loads(), 3);
}

// A lease given back is the next one's; an emulator that died is replaced by a new one.
TEST(KeptEmulator, APoolReusesWhatRunsAndReplacesWhatExited) {
  flash::EmulatorPool pool(netduino(), flash::QemuOptions{});
  pid_t first;
  {
    auto lease = pool.lease();
    first = lease->pid();
  }
  {
    auto lease = pool.lease();
    EXPECT_EQ(lease->pid(), first);
    ::kill(lease->pid(), SIGKILL);
    lease->wait_for(std::chrono::seconds(2));
  }
  auto lease = pool.lease();
  EXPECT_NE(lease->pid(), first);
  EXPECT_TRUE(lease->running());
  EXPECT_EQ(pool.started(), 2);
  flash::Session s(*lease, build::FirmwareBuilder().selftest_elf(netduino()));
  EXPECT_EQ(s.info().board, "netduinoplus2");
}

// A worker thread that started an emulator may end while another still measures on it: the
// kernel kills a child when the thread that forked it ends, so the pool's own thread starts them.
TEST(KeptEmulator, OutlivesTheWorkerThreadThatLeasedItFirst) {
  flash::EmulatorPool pool(netduino(), flash::QemuOptions{});
  pid_t pid = 0;
  std::thread([&] { pid = pool.lease()->pid(); }).join();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // a SIGKILL would have landed
  auto lease = pool.lease();
  EXPECT_EQ(lease->pid(), pid);
  EXPECT_TRUE(lease->running());
  EXPECT_EQ(pool.started(), 1);
  flash::Session s(*lease, build::FirmwareBuilder().selftest_elf(netduino()));
  EXPECT_EQ(s.info().board, "netduinoplus2");
}

// Served: the serial port listens, nothing connects to us; a session loads through the gdbstub
// and talks over tcp:HOST:PORT, and the device reads no file of ours (no semihosting LoadInput).
TEST(ServedEmulator, IsLoadedThroughItsGdbstubAndTalkedToOverTcp) {
  const board::Profile& p = netduino();
  flash::QemuOptions served;
  served.serve = true;
  flash::QemuInstance board(p, served);
  EXPECT_TRUE(flash::listening_on(board.port()));
  EXPECT_TRUE(flash::listening_on(board.gdb_port()));
  flash::SessionOptions o;
  o.access.gdb = fmt::format("127.0.0.1:{}", board.gdb_port());
  o.access.serial = fmt::format("tcp:127.0.0.1:{}", board.port());
  const fs::path elf = build::FirmwareBuilder().selftest_elf(p);
  for (int i = 0; i < 2; ++i) {  // the serial port takes a new client after the last one left
    flash::Session s(p, elf, o);
    EXPECT_EQ(s.info().board, "netduinoplus2");
    EXPECT_EQ(s.info().counter, results::CounterKind::instructions);  // the profile's shift was set
    EXPECT_FALSE(s.shares_files());
    EXPECT_EQ(s.qemu(), nullptr);
    EXPECT_NE(s.where().find(o.access.serial.substr(4)), std::string::npos) << s.where();
  }
  EXPECT_TRUE(board.running());

  o.access.serial = "/dev/ttyACM0";
  try {
    flash::Session s(p, elf, o);
    ADD_FAILURE() << "a served emulator's serial port must be given as tcp:HOST:PORT";
  } catch (const flash::FlashError& e) {
    EXPECT_NE(std::string(e.what()).find("serial port as tcp:HOST:PORT"), std::string::npos) << e.what();
  }
}

// A lab's serial port: ser2net (Debian's) serving the emulator's UART with Telnet and RFC 2217,
// as a labgrid exporter serves a USB serial adapter. The self-test's 64 KiB echo carries every
// byte value, 0xFF (Telnet's IAC) included, both ways.
TEST(ServedEmulator, TalksThroughSer2netWithRfc2217) {
  const std::string ser2net = base::find_program("ser2net");
  if (ser2net.empty()) GTEST_SKIP() << "no ser2net on PATH (scripts/setup installs Debian's)";
  const board::Profile& p = netduino();
  flash::QemuOptions served;
  served.serve = true;
  flash::QemuInstance board(p, served);
  const unsigned telnet_port = transport::TcpListener().port();
  const fs::path dir = fs::temp_directory_path() / fmt::format("aotbench-ser2net-{}", getpid());
  fs::create_directories(dir);
  std::ofstream(dir / "ser2net.yaml") << fmt::format(
      "connection: &board\n  accepter: telnet(rfc2217),tcp,127.0.0.1,{}\n  connector: tcp,127.0.0.1,{}\n",
      telnet_port, board.port());
  base::ChildProcess server({ser2net, "-n", "-d", "-c", (dir / "ser2net.yaml").string()}, dir / "ser2net.log");
  for (int i = 0; i < 100 && !flash::listening_on(telnet_port); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(flash::listening_on(telnet_port)) << "ser2net did not listen";

  flash::SessionOptions o;
  o.access.gdb = fmt::format("127.0.0.1:{}", board.gdb_port());
  o.access.serial = fmt::format("rfc2217:127.0.0.1:{}", telnet_port);
  flash::Session s(p, build::FirmwareBuilder().selftest_elf(p), o);
  EXPECT_NE(s.where().find("rfc2217 127.0.0.1:"), std::string::npos) << s.where();
  EXPECT_EQ(s.info().board, "netduinoplus2");
  build::FirmwareBuilder fw;
  const flash::SelftestReport r = flash::run_selftest(s, fw.selftest_elf(p), fw.calibration_stack_usage(p));
  EXPECT_TRUE(r.echo_ok);
  EXPECT_TRUE(r.ok());
  fs::remove_all(dir);
}

// The command: `device serve --json` prints its endpoints, `device info` uses them, and
// SIGTERM ends the emulator with it.
TEST(ServedEmulator, TheCommandServesUntilItIsStopped) {
  const fs::path log = fs::temp_directory_path() / fmt::format("aotbench-serve-{}.json", getpid());
  base::ChildProcess serve({AOTBENCH_BIN, "device", "serve", "--board", "netduinoplus2", "--json"}, log);
  nlohmann::json endpoints;
  for (int i = 0; i < 100 && endpoints.is_null(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::ifstream in(log);
    std::string line;
    if (std::getline(in, line) && line.starts_with("{")) endpoints = nlohmann::json::parse(line);
  }
  ASSERT_FALSE(endpoints.is_null()) << "no endpoints printed";
  const std::string gdb = endpoints["gdb"], serial = endpoints["serial"];
  const auto info = test::aotbench_cli(
      {"device", "info", "--board", "netduinoplus2", "--gdb", gdb, "--port", serial, "--json"});
  ASSERT_EQ(info.rc, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["board"], "netduinoplus2");
  const pid_t qemu = endpoints["pid"];
  ::kill(serve.pid(), SIGTERM);
  const auto code = serve.wait_for(std::chrono::seconds(3));
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 130) << "a stop is no error (1), nor a death by the signal (143)";
  bool gone = false;
  for (int i = 0; i < 60 && !gone; ++i) {
    std::ifstream stat(fmt::format("/proc/{}/stat", qemu));
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    gone = text.empty() || text.find(") Z ") != std::string::npos;  // gone, or a zombie left to init
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(gone) << "QEMU pid " << qemu << " outlived `device serve`";
  fs::remove(log);

  const auto wrong = test::aotbench_cli({"device", "info", "--board", "netduinoplus2", "--gdb", "127.0.0.1:1"});
  EXPECT_NE(wrong.rc, 0);
  EXPECT_NE(wrong.err.find("serial port as tcp:HOST:PORT"), std::string::npos) << wrong.err;
}

// Endpoints are printed only once they are the emulator's: a port another program holds is
// refused before QEMU starts, and an IPv6 address comes bracketed, as QEMU and gdb take it.
TEST(ServedEmulator, PortsAreCheckedAndIpv6AddressesBracketed) {
  transport::TcpListener taken;
  const auto clash = test::aotbench_cli({"device", "serve", "--board", "netduinoplus2", "--json", "--serial-port",
                                         std::to_string(taken.port())});
  EXPECT_EQ(clash.rc, 1);
  EXPECT_EQ(clash.out, "") << "endpoints printed for a port it cannot have";
  EXPECT_NE(clash.err.find(fmt::format("port {} is in use by another program", taken.port())), std::string::npos)
      << clash.err;

  if (!fs::exists("/proc/net/if_inet6")) GTEST_SKIP() << "no IPv6 here";
  const fs::path log = fs::temp_directory_path() / fmt::format("aotbench-serve6-{}.json", getpid());
  base::ChildProcess serve({AOTBENCH_BIN, "device", "serve", "--board", "netduinoplus2", "--json", "--bind", "::1"}, log);
  nlohmann::json endpoints;
  for (int i = 0; i < 100 && endpoints.is_null() && !serve.exit_code(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::ifstream in(log);
    std::string line;
    if (std::getline(in, line) && line.starts_with("{")) endpoints = nlohmann::json::parse(line);
  }
  std::ifstream in(log);
  ASSERT_FALSE(endpoints.is_null()) << std::string((std::istreambuf_iterator<char>(in)), {});
  EXPECT_TRUE(endpoints["gdb"].get<std::string>().starts_with("[::1]:")) << endpoints;
  EXPECT_TRUE(endpoints["serial"].get<std::string>().starts_with("tcp:[::1]:")) << endpoints;
  ::kill(serve.pid(), SIGINT);
  EXPECT_EQ(serve.wait_for(std::chrono::seconds(3)).value_or(-1), 130);
  fs::remove(log);
}

}  // namespace
