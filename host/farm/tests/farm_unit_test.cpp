// host/farm without a lab: board specs, and reading the records labgrid_query.py writes. The
// records are what it wrote against a real coordinator and exporter; the lab tests
// (farm_lab_test.cpp) read live ones.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>

#include "base/process.hpp"
#include "host/farm/board_spec.hpp"
#include "host/farm/errors.hpp"
#include "host/farm/labgrid_cli.hpp"
#include "host/farm/labgrid_records.hpp"
#include "host/farm/place_resources.hpp"

namespace aotbench::farm {
namespace {

std::string error_of(const std::string& spec) {
  try {
    parse_board_spec(spec);
  } catch (const FarmError& e) {
    return e.what();
  }
  return "";
}

TEST(FarmSpec, PlaceAndTags) {
  EXPECT_TRUE(is_labgrid_spec("labgrid:qemu-1"));
  EXPECT_FALSE(is_labgrid_spec("stm32"));
  const FarmSpec p = parse_board_spec("labgrid:qemu-1");
  EXPECT_FALSE(p.by_tags());
  EXPECT_EQ(p.place, "qemu-1");
  EXPECT_EQ(p.str(), "labgrid:qemu-1");
  const FarmSpec t = parse_board_spec("labgrid:aotbench-board=nucleo-f767zi,rack=r2");
  EXPECT_TRUE(t.by_tags());
  EXPECT_EQ(t.tags, (std::map<std::string, std::string>{{"aotbench-board", "nucleo-f767zi"}, {"rack", "r2"}}));
  EXPECT_EQ(t.str(), "labgrid:aotbench-board=nucleo-f767zi,rack=r2");
}

TEST(FarmSpec, ErrorsSayWhatIsWrongAndTheForm) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"stm32", "does not start with labgrid:"},
      {"labgrid:", "nothing after labgrid:"},
      {"labgrid:+ABC", "reservation token"},
      {"labgrid:a b", "has a ` `"},
      {"labgrid:board=x,,rack=1", "empty TAG=VALUE"},
      {"labgrid:board=x,qemu-1", "`qemu-1` has no `=`"},
      {"labgrid:Board=x", "not a labgrid tag name"},
      {"labgrid:b=x", "not a labgrid tag name"},
      {"labgrid:board=", "tag board has no value"},
      {"labgrid:board=a=b", "has a `=`"},
      {"labgrid:board=x,board=y", "tag board is given twice"},
  };
  for (const auto& [spec, want] : cases) {
    const std::string e = error_of(spec);
    EXPECT_NE(e.find(want), std::string::npos) << spec << ": " << e;
    EXPECT_NE(e.find("labgrid:TAG=VALUE"), std::string::npos) << spec << ": " << e;  // the valid forms
  }
}

// What labgrid_query.py wrote for `show board-a` against a real coordinator and exporter, the
// place acquired (labgrid 26.0.1).
const nlohmann::json kShow = nlohmann::json::parse(R"({"name": "board-a", "aliases": [], "comment": "",
  "tags": {"aotbench-board": "netduinoplus2", "family": "stm32"},
  "matches": ["exp1/board-a/NetworkSerialPort", "exp1/board-a/NetworkSerialPort/gdb -> gdb"],
  "acquired": "vm/root",
  "acquired_resources": ["exp1/board-a/NetworkSerialPort/NetworkSerialPort", "exp1/board-a/NetworkSerialPort/gdb"],
  "allowed": [], "created": "2026-11-24 15:17:23.950484", "changed": "2026-11-24 15:17:58.289894", "reservation": "",
  "resources": [
    {"name": "NetworkSerialPort", "exporter": "exp1", "group": "board-a", "cls": "NetworkSerialPort",
     "resource": "NetworkSerialPort", "acquired": true, "avail": true,
     "params": {"extra": {"proxy": "localhost", "proxy_required": false}, "host": "127.0.0.1", "port": 41001,
                "protocol": "raw", "speed": 115200}},
    {"name": "gdb", "exporter": "exp1", "group": "board-a", "cls": "NetworkSerialPort", "resource": "gdb",
     "acquired": true, "avail": true,
     "params": {"extra": {"proxy": "localhost", "proxy_required": false}, "host": "127.0.0.1", "port": 41002,
                "protocol": "raw"}}]})");

TEST(LabgridRecords, ShowOfAnAcquiredPlace) {
  const PlaceInfo p = place_from_json(kShow);
  EXPECT_EQ(p.name, "board-a");
  EXPECT_EQ(p.tags, (std::map<std::string, std::string>{{"aotbench-board", "netduinoplus2"}, {"family", "stm32"}}));
  EXPECT_EQ(p.matches, (std::vector<std::string>{"exp1/board-a/NetworkSerialPort", "exp1/board-a/NetworkSerialPort/gdb -> gdb"}));
  EXPECT_EQ(p.acquired, "vm/root");
  EXPECT_EQ(p.acquired_resources.size(), 2u);
  EXPECT_EQ(p.changed, "2026-11-24 15:17:58.289894");
  ASSERT_EQ(p.resources.size(), 2u);
  EXPECT_EQ(p.resources[1].name, "gdb");
  EXPECT_EQ(p.resources[1].path(), "exp1/board-a/NetworkSerialPort/gdb");
  EXPECT_TRUE(p.resources[1].acquired);
  EXPECT_EQ(p.resources[1].params["port"], 41002);

  const PlaceResources r = resolve_resources(p, "127.0.0.1:41000");
  EXPECT_EQ(r.board, "netduinoplus2");
  EXPECT_EQ(r.serial.str(), "127.0.0.1:41001");
  EXPECT_EQ(r.serial_kind, "raw");
  EXPECT_EQ(r.gdb.str(), "127.0.0.1:41002");
  EXPECT_EQ(r.exporter, "exp1");
  EXPECT_EQ(r.owner, "vm/root");
  EXPECT_EQ(r.flasher, "");
}

// A record of another shape (a labgrid or script change) is an error that shows the record.
TEST(LabgridRecords, ARecordOfAnotherShapeIsAnError) {
  nlohmann::json j = kShow;
  j.erase("tags");
  try {
    place_from_json(j);
    ADD_FAILURE() << "accepted a place without tags";
  } catch (const FarmError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read the place labgrid reported"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("board-a"), std::string::npos) << e.what();
  }
  j = kShow;
  j["resources"][0]["port"] = "41001";
  j["resources"][0].erase("avail");
  EXPECT_THROW(place_from_json(j), FarmError);
  EXPECT_THROW(places_from_json(kShow), FarmError);  // not a list
}

TEST(LabgridRecords, ResourcesThatAreMissingOrUnusable) {
  auto error_of_place = [](PlaceInfo p) {
    try {
      resolve_resources(p, "lab:20408");
    } catch (const FarmError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const PlaceInfo good = place_from_json(kShow);
  PlaceInfo p = good;
  p.tags.erase("aotbench-board");
  EXPECT_NE(error_of_place(p).find("labgrid-client -x lab:20408 -p board-a set-tags aotbench-board=PROFILE"),
            std::string::npos);
  p = good;
  p.tags["aotbench-flasher"] = "jlink";
  EXPECT_NE(error_of_place(p).find("tag aotbench-flasher=jlink is none of openocd, pyocd, qemu"), std::string::npos);
  p.tags["aotbench-flasher"] = "openocd";
  EXPECT_EQ(resolve_resources(p, "lab").flasher, "openocd");
  p = good;
  p.resources.pop_back();
  EXPECT_NE(error_of_place(p).find("has no GDB server"), std::string::npos);
  p = good;
  p.resources.erase(p.resources.begin());
  EXPECT_NE(error_of_place(p).find("has no serial port"), std::string::npos);
  p = good;
  p.resources[0].params["extra"]["proxy_required"] = true;
  EXPECT_NE(error_of_place(p).find("runs isolated"), std::string::npos);
  p = good;
  p.resources[0].avail = false;
  EXPECT_NE(error_of_place(p).find("is not available"), std::string::npos);
  // An exported USBSerialPort (the exporter's own ser2net) has no protocol: RFC 2217.
  p = good;
  p.resources[0].params.erase("protocol");
  EXPECT_EQ(resolve_resources(p, "lab").serial_kind, "rfc2217");
  // Two serial ports: the one named console is the UART.
  p = good;
  p.resources.push_back(p.resources[0]);
  EXPECT_NE(error_of_place(p).find("several serial ports"), std::string::npos);
  p.resources.back().name = "console";
  p.resources.back().params["port"] = 5000;
  EXPECT_EQ(resolve_resources(p, "lab").serial.port, 5000u);
}

// What labgrid_query.py wrote for `reservations`: one allocated and one waiting.
TEST(LabgridRecords, Reservations) {
  const auto rs = reservations_from_json(nlohmann::json::parse(R"([
    {"token": "RLW6OJEDKC", "owner": "vm/root", "state": "allocated", "prio": 0, "filters": {"family": "stm32"},
     "allocations": ["board-a"], "created": "2026-11-24 15:19:35.632207", "timeout": "2026-11-24 15:20:35.632266"},
    {"token": "2K7SC6ROL3", "owner": "vm/root", "state": "waiting", "prio": 2,
     "filters": {"family": "stm32", "aotbench-board": "netduinoplus2"}, "allocations": [],
     "created": "2026-11-24 15:19:43.912841", "timeout": "2026-11-24 15:20:46.956108"}])"));
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].token, "RLW6OJEDKC");
  EXPECT_EQ(rs[0].state, "allocated");
  EXPECT_EQ(rs[0].allocations, std::vector<std::string>{"board-a"});
  EXPECT_EQ(rs[1].state, "waiting");
  EXPECT_EQ(rs[1].prio, 2);
  EXPECT_EQ(rs[1].filters, (std::map<std::string, std::string>{{"family", "stm32"}, {"aotbench-board", "netduinoplus2"}}));
  EXPECT_TRUE(rs[1].allocations.empty());
}

TEST(LabgridCli, ErrorMessageAndCoordinator) {
  EXPECT_EQ(labgrid_error("Selected role x\nlabgrid-client: Error: place pattern nosuch matches nothing\n"),
            "place pattern nosuch matches nothing");
  EXPECT_EQ(resolve_coordinator("lab:1"), "lab:1");
  setenv("LG_COORDINATOR", "lab:2", 1);
  EXPECT_EQ(resolve_coordinator(""), "lab:2");
  unsetenv("LG_COORDINATOR");
  EXPECT_EQ(resolve_coordinator(""), "127.0.0.1:20408");
}

// What a Lease relies on: on SIGTERM the signal cleanup runs a registered command (labgrid's
// release), also when the program installed a handler of its own after the cleanup was first
// installed (as `aotbench farm lease` and the sweep do). That handler is told first on the first
// signal (the sweep stops before its places go), and last on a later one (it may exit at once).
const char* g_mark = nullptr;
volatile sig_atomic_t g_handled = 0;
volatile sig_atomic_t g_released_before_handler = -1;
void own_handler(int) {
  g_released_before_handler = access(g_mark, F_OK) == 0;
  g_handled = g_handled + 1;
}

// In a child process: the cleanup, a release command writing `mark`, and own_handler on SIGTERM.
void install_release_and_own_handler(const std::string& mark, std::optional<base::SignalCleanupCommand>& release) {
  base::install_signal_cleanup();
  release.emplace(std::vector<std::string>{"/bin/sh", "-c", "echo released > '" + mark + "'"}, std::chrono::seconds(10));
  struct sigaction sa {};
  sa.sa_handler = own_handler;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);  // replaces the cleanup...
  base::install_signal_cleanup();   // ...which goes back in front of it
}

std::filesystem::path cleanup_mark(const char* what) {
  const auto mark = std::filesystem::temp_directory_path() /
                    fmt::format("aotbench-cleanup-{}-{}", what, getpid());
  std::filesystem::remove(mark);
  return mark;
}

int exit_code_of(pid_t pid) {
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string read_word(const std::filesystem::path& file) {
  std::string text;
  std::ifstream(file) >> text;
  return text;
}

TEST(SignalCleanup, TellsTheProgramFirstThenReleases) {
  const auto mark = cleanup_mark("first");
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string path = mark.string();
    g_mark = path.c_str();
    std::optional<base::SignalCleanupCommand> release;
    install_release_and_own_handler(path, release);
    raise(SIGTERM);
    if (g_handled != 1) _exit(1);
    if (g_released_before_handler != 0) _exit(2);  // the handler ran after the release: wrong order
    _exit(release->taken() ? 0 : 3);
  }
  EXPECT_EQ(exit_code_of(pid), 0);
  EXPECT_EQ(read_word(mark), "released");  // it had finished when the handler returned
  std::filesystem::remove(mark);
}

TEST(SignalCleanup, ALaterSignalCleansUpBeforeTheProgramsHandler) {
  const auto mark = cleanup_mark("later");
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string path = mark.string();
    g_mark = path.c_str();
    std::optional<base::SignalCleanupCommand> release;
    signal(SIGTERM, SIG_IGN);
    base::install_signal_cleanup();
    raise(SIGTERM);  // the process's first signal: the cleanup runs, and it is ignored
    install_release_and_own_handler(path, release);
    raise(SIGTERM);
    if (g_handled != 1) _exit(1);
    _exit(g_released_before_handler == 1 ? 0 : 2);
  }
  EXPECT_EQ(exit_code_of(pid), 0);
  EXPECT_EQ(read_word(mark), "released");
  std::filesystem::remove(mark);
}

}  // namespace
}  // namespace aotbench::farm
