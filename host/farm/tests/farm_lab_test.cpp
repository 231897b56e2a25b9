// host/farm against a real labgrid: a coordinator and two exporters on loopback (farm_lab.hpp),
// places qemu-1 (exporter lab-a) and qemu-2 (lab-b), both tagged aotbench-board=netduinoplus2,
// family=stm32. After every test no place is locked (`labgrid-client who` lists none) and no
// reservation is left.
#include <arpa/inet.h>
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <mutex>
#include <thread>

#include "base/process.hpp"
#include "host/farm/client.hpp"
#include "host/farm/errors.hpp"
#include "farm_lab.hpp"

namespace aotbench::farm {
namespace {

using test::FarmLab;
using test::read_file;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A connection to an endpoint of the lab; `greeting` is what the emulated board said.
struct Connection {
  int fd = -1;
  std::string greeting;
  explicit Connection(const Endpoint& e) {
    fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(e.port));
    inet_pton(AF_INET, e.host.c_str(), &a.sin_addr);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return;
    char buf[64];
    for (ssize_t n; greeting.find('\n') == std::string::npos && (n = read(fd, buf, sizeof buf)) > 0;)
      greeting.append(buf, static_cast<std::size_t>(n));
  }
  ~Connection() { close(fd); }
};

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const FarmError& e) {
    return e.what();
  }
  return "(no error)";
}

class Lab : public ::testing::Test {
 protected:
  static inline std::unique_ptr<FarmLab> lab;
  static inline std::string skip;

  static void SetUpTestSuite() {
    skip = test::lab_missing();
    if (!skip.empty()) return;
    lab = std::make_unique<FarmLab>(std::vector<test::LabBoard>{
        {"qemu-1", "lab-a", {{"aotbench-board", "netduinoplus2"}, {"family", "stm32"}}},
        {"qemu-2", "lab-b", {{"aotbench-board", "netduinoplus2"}, {"family", "stm32"}}},
    });
  }
  static void TearDownTestSuite() { lab.reset(); }

  void SetUp() override {
    if (!skip.empty()) GTEST_SKIP() << skip;
  }
  void TearDown() override {
    if (!lab) return;
    EXPECT_EQ(lab->who_rows(), std::vector<std::string>{}) << "a lock is left";
    const auto r = lab->client({"reservations"});
    EXPECT_EQ(r.output, "") << "a reservation is left";
  }

  const test::LabBoard& board(int i) { return lab->boards().at(i); }
  Client client() { return Client(lab->coordinator()); }
};

TEST_F(Lab, AcquireReadsTheResourcesAndReleases) {
  {
    Lease lease = client().acquire("qemu-1");
    const PlaceResources& r = lease.resources();
    EXPECT_EQ(r.place, "qemu-1");
    EXPECT_EQ(r.board, "netduinoplus2");
    EXPECT_EQ(r.serial.str(), fmt::format("127.0.0.1:{}", board(0).serial_port));
    EXPECT_EQ(r.serial_kind, "raw");
    EXPECT_EQ(r.serial_speed, 115200u);
    EXPECT_EQ(r.gdb.str(), fmt::format("127.0.0.1:{}", board(0).gdb_port));
    EXPECT_EQ(r.exporter, "lab-a");
    EXPECT_EQ(r.owner, labgrid_identity());
    EXPECT_EQ(Connection(r.serial).greeting, "qemu-1 console\n");  // the endpoints are that board's
    EXPECT_EQ(Connection(r.gdb).greeting, "qemu-1 gdb\n");
    // Held: labgrid's own `who` shows the lock, as user and host.
    const auto rows = lab->who_rows();
    ASSERT_EQ(rows.size(), 1u);
    const std::string id = labgrid_identity();
    EXPECT_EQ(rows[0].find(id.substr(id.find('/') + 1)), 0u) << rows[0];
    EXPECT_NE(rows[0].find("qemu-1"), std::string::npos) << rows[0];
  }
  EXPECT_EQ(lab->who_rows(), std::vector<std::string>{});
  // An alias names a place too.
  ASSERT_EQ(lab->client({"-p", "qemu-2", "add-alias", "second"}).exit_code, 0);
  {
    Lease lease = client().acquire("second");
    EXPECT_EQ(lease.place(), "qemu-2");
    lease.release();
    EXPECT_FALSE(lease.held());
    EXPECT_EQ(lab->who_rows(), std::vector<std::string>{});
  }
  ASSERT_EQ(lab->client({"-p", "qemu-2", "del-alias", "second"}).exit_code, 0);
}

TEST_F(Lab, ErrorsSayWhatIsWrongAndWhatToDo) {
  const std::string nothing = error_of([&] { client().acquire("nosuch"); });
  EXPECT_NE(nothing.find("no place named nosuch at the labgrid coordinator " + lab->coordinator()), std::string::npos)
      << nothing;
  EXPECT_NE(nothing.find("qemu-1 (aotbench-board=netduinoplus2,family=stm32)"), std::string::npos) << nothing;

  const std::string several = error_of([&] { client().acquire("qemu"); });
  EXPECT_NE(several.find("qemu names several places"), std::string::npos) << several;

  // labgrid matches parts of names: "emu-1" is not a place, whatever labgrid makes of it.
  const std::string part = error_of([&] { client().acquire("emu-1"); });
  EXPECT_NE(part.find("no place is named emu-1"), std::string::npos) << part;
  EXPECT_EQ(lab->who_rows(), std::vector<std::string>{});  // what was taken for it is released

  const unsigned closed = test::free_port();
  const std::string down = error_of([&] { Client(fmt::format("127.0.0.1:{}", closed)).acquire("qemu-1"); });
  EXPECT_NE(down.find(fmt::format("no labgrid coordinator answers at 127.0.0.1:{}", closed)), std::string::npos) << down;
  EXPECT_NE(down.find("Connection refused"), std::string::npos) << down;
  EXPECT_NE(down.find("--coordinator"), std::string::npos) << down;

  const std::string tags = error_of([&] { client().reserve({{"aotbench-board", "nucleo-f767zi"}}); });
  EXPECT_NE(tags.find("no place at the labgrid coordinator " + lab->coordinator() +
                      " has the tags aotbench-board=nucleo-f767zi"),
            std::string::npos)
      << tags;
  EXPECT_NE(tags.find("set-tags aotbench-board=nucleo-f767zi"), std::string::npos) << tags;

  // Held by another user: who, since when, and how to take another board like it.
  ASSERT_EQ(lab->client({"-p", "qemu-2", "acquire"}, {"LG_USERNAME=alice", "LG_HOSTNAME=benchhost"}).exit_code, 0);
  const std::string alice = error_of([&] { client().acquire("qemu-2"); });
  EXPECT_NE(alice.find("place qemu-2 is held by alice on benchhost since 20"), std::string::npos) << alice;
  EXPECT_NE(alice.find("--board labgrid:aotbench-board="), std::string::npos) << alice;
  ASSERT_EQ(lab->client({"-p", "qemu-2", "release"}, {"LG_USERNAME=alice", "LG_HOSTNAME=benchhost"}).exit_code, 0);

  // Held by us (another aotbench of ours, or one killed with its lock): how to free it.
  {
    Lease first = client().acquire("qemu-1");
    const std::string mine = error_of([&] { client().acquire("qemu-1"); });
    EXPECT_NE(mine.find("is already held by " + labgrid_identity().substr(labgrid_identity().find('/') + 1)),
              std::string::npos)
        << mine;
    EXPECT_NE(mine.find("-p qemu-1 release"), std::string::npos) << mine;
  }
}

TEST_F(Lab, ReserveByTagTakesTheFreePlace) {
  Lease one = client().acquire("qemu-1");
  Lease other = client().reserve({{"family", "stm32"}});
  EXPECT_EQ(other.place(), "qemu-2");
  EXPECT_EQ(other.resources().exporter, "lab-b");
  EXPECT_EQ(Connection(other.resources().serial).greeting, "qemu-2 console\n");
  // The lock holds the place; the reservation is gone already.
  EXPECT_EQ(lab->client({"reservations"}).output, "");
  EXPECT_EQ(lab->who_rows().size(), 2u);
}

TEST_F(Lab, ReserveWaitsItsTurnWithProgress) {
  std::optional<Lease> one(client().acquire("qemu-1"));
  Lease two = client().acquire("qemu-2");
  std::mutex m;
  std::vector<ReserveProgress> seen;
  std::string got, error;
  std::thread waiter([&] {
    try {
      ReserveOptions o;
      o.progress_every = 1s;
      o.progress = [&](const ReserveProgress& p) {
        std::lock_guard<std::mutex> lock(m);
        seen.push_back(p);
      };
      Lease l = client().reserve({{"aotbench-board", "netduinoplus2"}}, o);
      got = l.place();
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  for (int i = 0; i < 600; ++i) {  // until it has said that it waits
    {
      std::lock_guard<std::mutex> lock(m);
      if (!seen.empty()) break;
    }
    std::this_thread::sleep_for(100ms);
  }
  one.reset();  // qemu-1 is released: the waiting reservation gets it
  waiter.join();
  EXPECT_EQ(error, "");
  EXPECT_EQ(got, "qemu-1");
  ASSERT_FALSE(seen.empty());
  const ReserveProgress& p = seen.front();
  EXPECT_EQ(p.ahead, 0);
  ASSERT_EQ(p.candidates.size(), 2u);
  for (const auto& c : p.candidates) EXPECT_EQ(c.acquired, labgrid_identity()) << c.name;
  const std::string line = describe(p);
  EXPECT_NE(line.find("waiting for a place with aotbench-board=netduinoplus2"), std::string::npos) << line;
  EXPECT_NE(line.find("qemu-2 held by"), std::string::npos) << line;

  // A reservation that waits longer than its timeout gives up, names the holders, and is cancelled.
  one.emplace(client().acquire("qemu-1"));
  ReserveOptions quick;
  quick.timeout = 3s;
  const std::string late = error_of([&] { client().reserve({{"aotbench-board", "netduinoplus2"}, {"family", "stm32"}}, quick); });
  EXPECT_NE(late.find("no place with aotbench-board=netduinoplus2,family=stm32 was free within 3 s"), std::string::npos)
      << late;
  EXPECT_NE(late.find("qemu-2 held by"), std::string::npos) << late;
}

// Four clients want the two boards at once: each gets a place, uses its UART a while, releases.
// The emulated boards count the connections open at once: never two on one board.
TEST_F(Lab, ConcurrentReservationsNeverShareAPlace) {
  std::mutex m;
  std::map<std::string, int> uses;
  std::vector<std::string> errors;
  std::vector<std::thread> clients;
  for (int i = 0; i < 4; ++i)
    clients.emplace_back([&] {
      try {
        Lease l = client().reserve({{"family", "stm32"}});
        {
          Connection uart(l.resources().serial);
          EXPECT_EQ(uart.greeting, l.place() + " console\n");
          std::this_thread::sleep_for(1500ms);
        }
        std::lock_guard<std::mutex> lock(m);
        ++uses[l.place()];
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(m);
        errors.push_back(e.what());
      }
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(errors, std::vector<std::string>{});
  EXPECT_EQ(uses["qemu-1"] + uses["qemu-2"], 4);
  EXPECT_EQ(lab->max_open(board(0).serial_port), 1);
  EXPECT_EQ(lab->max_open(board(1).serial_port), 1);
}

// `aotbench farm lease` as a process: SIGTERM and Ctrl-C release the place (exit 130), Ctrl-C
// while it waits cancels its reservation; kill -9 leaves the lock, which `who` shows and
// `labgrid-client -p PLACE release` clears.
TEST_F(Lab, SignalsReleaseAndKillLeavesTheLock) {
  const fs::path out = lab->dir() / "lease.out";
  auto start = [&](const std::string& spec) {
    return std::make_unique<base::ChildProcess>(
        std::vector<std::string>{AOTBENCH_BIN, "farm", "lease", spec, "--coordinator", lab->coordinator(), "--hold",
                                 "0", "--json"},
        out);
  };
  for (int sig : {SIGTERM, SIGINT}) {
    auto p = start("labgrid:qemu-1");
    ASSERT_NO_THROW(test::wait_for_log(out, "\"gdb\"", *p));
    EXPECT_EQ(lab->who_rows().size(), 1u);
    kill(p->pid(), sig);
    EXPECT_EQ(p->wait_for(30s), 130) << read_file(out);
    EXPECT_NE(read_file(out).find("released place qemu-1"), std::string::npos) << read_file(out);  // the handler's
    EXPECT_EQ(lab->who_rows(), std::vector<std::string>{}) << strsignal(sig);
  }

  {  // Ctrl-C while waiting for a reservation: nothing held, the reservation cancelled.
    Lease a = client().acquire("qemu-1"), b = client().acquire("qemu-2");
    auto p = start("labgrid:family=stm32");
    ASSERT_NO_THROW(test::wait_for_log(out, "waiting for a place with family=stm32", *p));
    EXPECT_NE(lab->client({"reservations"}).output.find("state: waiting"), std::string::npos);
    kill(p->pid(), SIGINT);
    EXPECT_EQ(p->wait_for(30s), 130) << read_file(out);
    EXPECT_EQ(lab->client({"reservations"}).output, "");
  }

  auto p = start("labgrid:qemu-2");
  ASSERT_NO_THROW(test::wait_for_log(out, "\"gdb\"", *p));
  kill(p->pid(), SIGKILL);
  p->wait_for(10s);
  const auto rows = lab->who_rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NE(rows[0].find("qemu-2"), std::string::npos) << rows[0];
  const std::string left = error_of([&] { client().acquire("qemu-2"); });
  EXPECT_NE(left.find("-p qemu-2 release"), std::string::npos) << left;
  ASSERT_EQ(lab->client({"-p", "qemu-2", "release"}).exit_code, 0);  // as README's "Board farms" says
}

// scenarios/farms/labgrid/ as a lab admin uses it: the exporter loads its configuration, places.sh
// makes the places, and aotbench reads what a sweep needs from them.
TEST_F(Lab, TheWorkedExampleLabWorks) {
  const fs::path example = fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "farms" / "labgrid";
  const fs::path log = lab->dir() / "bench1.log";
  base::ChildProcess exporter({"/bin/sh", "-c",
                                fmt::format("cd '{}' && exec '{}' -c {} -n bench1 --hostname bench1.lab '{}'",
                                            lab->dir().string(), test::venv_bin("labgrid-exporter").string(),
                                            lab->coordinator(), (example / "exporter-bench1.yaml").string())},
                               log);
  test::wait_for_log(log, "connected to coordinator", exporter);
  const auto made = base::run_command(
      {"/usr/bin/env", "PATH=" + test::venv_bin("").string() + ":" + std::getenv("PATH"),
       "LG_COORDINATOR=" + lab->coordinator(), "/bin/sh", (example / "places.sh").string()},
      120s);
  ASSERT_EQ(made.exit_code, 0) << made.output;
  {
    Lease f7 = client().reserve({{"aotbench-board", "nucleo-f767zi"}});
    EXPECT_EQ(f7.place(), "nucleo-f767zi-1");
    EXPECT_EQ(f7.resources().serial.str(), "bench1.lab:4001");
    EXPECT_EQ(f7.resources().serial_kind, "raw");
    EXPECT_EQ(f7.resources().gdb.str(), "bench1.lab:3333");
    EXPECT_EQ(f7.resources().flasher, "pyocd");
    EXPECT_EQ(f7.resources().exporter, "bench1");
    Lease f4 = client().acquire("stm32f429i-disc1-1");
    EXPECT_EQ(f4.resources().board, "stm32f429i-disc1");
    EXPECT_EQ(f4.resources().gdb.str(), "bench1.lab:3334");
    EXPECT_EQ(f4.resources().flasher, "openocd");
  }
  for (const char* place : {"nucleo-f767zi-1", "stm32f429i-disc1-1"})
    EXPECT_EQ(lab->client({"-p", place, "delete"}).exit_code, 0);
}

// An emulated board as a lab would leave it running: QEMU halted (-S) with its gdbstub and its
// UART on TCP ports, exported as the place's `gdb` and `console`. gdb loads the self-test firmware
// through the address the place gives, and every section reads back the same.
TEST(LabQemu, AHaltedQemuBehindAPlace) {
  if (const std::string why = test::lab_missing(); !why.empty()) GTEST_SKIP() << why;
  const unsigned gdb_port = test::free_port(), serial_port = test::free_port();
  char tmpl[] = "/tmp/aotbench-farmqemu-XXXXXX";
  const fs::path dir = mkdtemp(tmpl);
  base::ChildProcess qemu({"qemu-system-arm", "-M", "netduinoplus2", "-display", "none", "-monitor", "none", "-S",
                            "-gdb", fmt::format("tcp:127.0.0.1:{}", gdb_port), "-serial",
                            fmt::format("tcp:127.0.0.1:{},server=on,wait=off", serial_port)},
                           dir / "qemu.log");
  FarmLab lab({{"qemu-3", "lab-q", {{"aotbench-board", "netduinoplus2"}, {"aotbench-flasher", "qemu"}}, serial_port, gdb_port}});
  {
    Lease l = Client(lab.coordinator()).acquire("qemu-3");
    EXPECT_EQ(l.resources().flasher, "qemu");
    // The UART is QEMU's server socket: it takes the connection aotbench's link will make.
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(l.resources().serial.port));
    inet_pton(AF_INET, l.resources().serial.host.c_str(), &a.sin_addr);
    EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0) << strerror(errno);
    close(fd);
    const fs::path elf = fs::path(AOTBENCH_FIRMWARE_DIR) / "netduinoplus2" / "selftest.elf";
    const auto r = base::run_command({"gdb-multiarch", "-batch", "-ex", "target remote " + l.resources().gdb.str(),
                                       "-ex", "load", "-ex", "compare-sections", elf.string()},
                                      60s);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("matched"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("MIS-MATCHED"), std::string::npos) << r.output;
  }
  EXPECT_EQ(lab.who_rows(), std::vector<std::string>{});
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aotbench::farm
