#pragma once
// An emulated board: qemu-system-arm running a firmware ELF, its serial port connected to a TCP
// listener of ours on a free loopback port. The emulator is torn down by the destructor, on
// Ctrl-C (base::install_signal_cleanup) and if aotbench dies (PR_SET_PDEATHSIG).
//
// The ELF is loaded the way a real board's is (gdb_loader.hpp): QEMU starts halted with its
// gdbstub on another loopback port, gdb loads and verifies every section, resets, sets SP and PC
// from the vector table and lets it run. The emulator then stays up for the next firmware, loaded
// the same way (load()), as a board on a bench would. The old way, -kernel (QEMU loads the
// segments itself and starts from the vector table), stays as an option, to compare the two.
//
// Served (QemuOptions::serve_serial): the emulator is a board for someone else, e.g. a labgrid
// exporter: its serial port listens for a client instead of connecting to us, and both it and
// the gdbstub wait, halted, for whoever loads a firmware next.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "base/process.hpp"
#include "host/board/profile.hpp"
#include "host/flash/board_access.hpp"
#include "host/flash/gdb_loader.hpp"
#include "transport/link/asio_links.hpp"

namespace aotbench::flash {

struct QemuOptions {
  std::chrono::milliseconds start_timeout{5000};  // until QEMU has connected its serial port
  std::string program = "qemu-system-arm";
  QemuLoad load = QemuLoad::gdb;  // through the gdbstub, verified; or QEMU's -kernel
  GdbLoadOptions gdb;
  unsigned gdb_port = 0;     // the gdbstub's port; 0: a free one
  std::vector<std::string> extra_args;  // appended to the command, e.g. {"-d", "unimp"}: log() shows them
  // Run the board's timing model (its [timing] table; flash/timing_model.hpp), its counts going
  // to `timing_counts` (QemuInstance picks a file of its own when this is empty).
  bool timing_model = false;
  std::filesystem::path timing_counts;
  // Served: the serial port as a TCP server on this port (0: a free one), the gdbstub beside it,
  // both on `bind` (127.0.0.1 unless the board is for other hosts).
  bool serve = false;
  unsigned serve_serial_port = 0;
  std::string bind = "127.0.0.1";
};

// The command line for a board and ELF, with the serial port connecting to 127.0.0.1:port (or
// listening on it when o.serve); with o.load == QemuLoad::gdb the emulator starts halted with its gdbstub
// on gdb_port and loads nothing (the ELF may then be empty).
std::vector<std::string> qemu_command(const board::Profile& p, const std::filesystem::path& elf,
                                      unsigned port, const QemuOptions& o = {}, unsigned gdb_port = 0);

// "HOST:PORT", with an IPv6 address in brackets ("[::1]:4000"), as QEMU and gdb take it.
std::string host_port(const std::string& host, unsigned port);

// The gdbstub of an emulator started by qemu_command(..., gdb_port) as a GDB server to load into.
GdbEndpoint qemu_gdb_endpoint(const board::Profile& p, unsigned gdb_port);

class QemuInstance {
 public:
  // Starts QEMU, waits for its serial connection and loads the ELF; throws base::ProcessError with
  // QEMU's own message when it does not start or exits early, FlashError when loading fails.
  QemuInstance(const board::Profile& p, const std::filesystem::path& elf, const QemuOptions& o = {});
  // Starts QEMU halted, waiting for a firmware (load()); o.load must be "gdb".
  QemuInstance(const board::Profile& p, const QemuOptions& o);
  ~QemuInstance();

  // Loads, verifies, resets and starts a firmware through the gdbstub; throws FlashError, naming
  // QEMU's exit status when the emulator is gone.
  const GdbLoadReport& load(const std::filesystem::path& elf);

  transport::Link& link() { return *link_; }  // not when served: the client connects
  int icount_shift() const { return shift_; }
  // The timing model's counts file when the emulator runs it (else empty): what the firmware reads.
  const std::filesystem::path& timing_counts() const { return options_.timing_counts; }
  unsigned port() const { return port_; }          // the serial port's TCP port
  unsigned gdb_port() const { return gdb_port_; }  // 0 when loaded with -kernel
  const board::Profile& profile() const { return profile_; }
  int loads() const { return loads_; }  // firmwares loaded through the gdbstub so far
  const GdbLoadReport& load_report() const { return load_report_; }
  const std::vector<std::string>& command() const { return command_; }
  pid_t pid() const { return process_->pid(); }
  bool running() { return process_->running(); }
  std::optional<int> exit_code() { return process_->exit_code(); }
  std::optional<int> wait_for(std::chrono::milliseconds t) { return process_->wait_for(t); }
  std::string log() const;  // what QEMU printed (errors)
  void stop();

 private:
  void start(const std::filesystem::path& elf);

  board::Profile profile_;
  QemuOptions options_;
  int log_fd_ = -1;  // QEMU's output; the file itself is unlinked at once, so nothing is left behind
  std::vector<std::string> command_;
  std::unique_ptr<base::ChildProcess> process_;
  std::unique_ptr<transport::TcpLink> link_;
  int shift_ = 0;
  unsigned port_ = 0, gdb_port_ = 0;
  int loads_ = 0;
  GdbLoadReport load_report_;
  bool own_counts_ = false;  // timing_counts made here, removed with the emulator
};

}  // namespace aotbench::flash
