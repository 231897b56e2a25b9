#pragma once
// An emulated board: qemu-system-arm running a firmware ELF, its serial port connected to a TCP
// listener of ours on a free loopback port. The emulator is torn down by the destructor, on
// Ctrl-C (install_signal_cleanup) and if aotbench dies (PR_SET_PDEATHSIG).
//
// The ELF is loaded the way a real board's is (gdb_loader.hpp): QEMU starts halted with its
// gdbstub on another loopback port, gdb loads and verifies every section, resets, sets SP and PC
// from the vector table and lets it run. The old way, -kernel (QEMU loads the segments itself
// and starts from the vector table), stays as an option, to compare the two.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "board/profile.hpp"
#include "flash/gdb_loader.hpp"
#include "flash/process.hpp"
#include "link/asio_links.hpp"

namespace aotbench::flash {

struct QemuOptions {
  std::chrono::milliseconds start_timeout{5000};  // until QEMU has connected its serial port
  std::string program = "qemu-system-arm";
  std::string load = "gdb";  // gdb: through the gdbstub, verified; kernel: QEMU's -kernel
  GdbLoadOptions gdb;
  unsigned gdb_port = 0;     // the gdbstub's loopback port; 0: a free one
  std::vector<std::string> extra_args;  // appended to the command, e.g. {"-d", "unimp"}: log() shows them
};

// The command line for a board and ELF, with the serial port on 127.0.0.1:port; with o.load ==
// "gdb" the emulator starts halted with its gdbstub on 127.0.0.1:gdb_port and loads nothing.
std::vector<std::string> qemu_command(const board::Profile& p, const std::filesystem::path& elf,
                                      unsigned port, const QemuOptions& o = {}, unsigned gdb_port = 0);

// The gdbstub of an emulator started by qemu_command(..., gdb_port) as a GDB server to load into.
GdbEndpoint qemu_gdb_endpoint(const board::Profile& p, unsigned gdb_port);

class QemuInstance {
 public:
  // Starts QEMU, waits for its serial connection and loads the ELF; throws ProcessError with
  // QEMU's own message when it does not start or exits early, FlashError when loading fails.
  QemuInstance(const board::Profile& p, const std::filesystem::path& elf, const QemuOptions& o = {});
  ~QemuInstance();

  transport::Link& link() { return *link_; }
  int icount_shift() const { return shift_; }
  unsigned port() const { return port_; }
  unsigned gdb_port() const { return gdb_port_; }  // 0 when loaded with -kernel
  const GdbLoadReport& load_report() const { return load_report_; }
  const std::vector<std::string>& command() const { return command_; }
  pid_t pid() const { return process_->pid(); }
  bool running() { return process_->running(); }
  std::optional<int> exit_code() { return process_->exit_code(); }
  std::optional<int> wait_for(std::chrono::milliseconds t) { return process_->wait_for(t); }
  std::string log() const;  // what QEMU printed (errors)
  void stop();

 private:
  int log_fd_ = -1;  // QEMU's output; the file itself is unlinked at once, so nothing is left behind
  std::vector<std::string> command_;
  std::unique_ptr<ChildProcess> process_;
  std::unique_ptr<transport::TcpLink> link_;
  int shift_ = 0;
  unsigned port_ = 0, gdb_port_ = 0;
  GdbLoadReport load_report_;
};

}  // namespace aotbench::flash
