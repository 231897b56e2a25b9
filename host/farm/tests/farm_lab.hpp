#pragma once
// A labgrid lab on loopback for the tests: a real labgrid-coordinator and one labgrid-exporter per
// board (the venv's, from scripts/setup), each exporting the board's UART as a NetworkSerialPort
// `console` (protocol raw) and its GDB server as a NetworkSerialPort `gdb`, and places created and
// tagged with labgrid-client as a lab's admin would. The "boards" are TCP listeners on free ports
// (or anything the test starts there, e.g. a halted QEMU): each accepts connections, says which
// board and endpoint it is ("qemu-1 console\n") and counts the connections open at once; or what
// the test runs on ports it chose (a halted QEMU: its gdbstub and its UART as a TCP server). Every
// process is stopped and the folder removed at the end; none outlives the test (PDEATHSIG).
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "base/process.hpp"

namespace aotbench::farm::test {

struct LabBoard {
  std::string place;     // also the exporter's group
  std::string exporter;  // labgrid-exporter -n NAME
  std::map<std::string, std::string> tags;
  unsigned serial_port = 0, gdb_port = 0;
};

// Empty when the venv has labgrid's three programs; else why the lab cannot run.
std::string lab_missing();

// A free TCP port on 127.0.0.1 (bound and closed: for programs that bind it themselves).
unsigned free_port();

// .deps/venv/bin/NAME
std::filesystem::path venv_bin(const std::string& name);

// A file's text; empty while it does not exist (a log not written yet).
std::string read_file(const std::filesystem::path& p);

// Waits until `log` holds `text`; throws with the log when `p` ends first or after 60 s.
void wait_for_log(const std::filesystem::path& log, const std::string& text, base::ChildProcess& p);

class FarmLab {
 public:
  // Boards with place, exporter and tags set; a port left 0 is a listener of the lab's.
  explicit FarmLab(std::vector<LabBoard> boards);
  ~FarmLab();

  const std::string& coordinator() const { return coordinator_; }
  const std::vector<LabBoard>& boards() const { return boards_; }
  const std::filesystem::path& dir() const { return dir_; }

  // labgrid-client -x COORDINATOR args... (env: extra VAR=VALUE first, e.g. LG_USERNAME=alice).
  base::CommandResult client(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) const;
  // Rows of `labgrid-client who` below its header ("User Host Place Changed").
  std::vector<std::string> who_rows() const;

  // Most connections a board's endpoint (serial or gdb port) had open at once.
  int max_open(unsigned port) const;

  // Ends the exporter `name` (SIGKILL: a lab host that goes away).
  void kill_exporter(const std::string& name);

 private:
  struct Listener {
    int fd = -1;
    unsigned port = 0;
    std::string banner;
    std::atomic<int> open{0}, max_open{0};
  };
  std::filesystem::path dir_;
  std::string coordinator_;
  std::vector<LabBoard> boards_;
  std::vector<std::unique_ptr<Listener>> listeners_;
  std::atomic<bool> stop_{false};
  std::thread listen_thread_;
  std::unique_ptr<base::ChildProcess> coordinator_proc_;
  std::vector<std::unique_ptr<base::ChildProcess>> exporters_;
  std::vector<std::string> exporter_names_;  // beside exporters_

  void listen_loop();
  void check(const std::vector<std::string>& args) const;
};

}  // namespace aotbench::farm::test
