#pragma once
// An emulated board: qemu-system-arm running a firmware ELF, its serial port connected to a TCP
// listener of ours on a free loopback port. The emulator is torn down by the destructor, on
// Ctrl-C (install_signal_cleanup) and if aotbench dies (PR_SET_PDEATHSIG).
//
// The ELF is loaded with -kernel: QEMU loads its segments at their load addresses (flash on the
// STM32) and starts from the vector table, with no extra process or protocol in between. (The
// gdbstub path would share code with real boards' GDB servers, but flashing those needs the
// vFlash packets and their per-target flash drivers, which OpenOCD/pyOCD already provide.)
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "board/profile.hpp"
#include "flash/process.hpp"
#include "link/asio_links.hpp"

namespace aotbench::flash {

struct QemuOptions {
  std::chrono::milliseconds start_timeout{5000};  // until QEMU has connected its serial port
  std::string program = "qemu-system-arm";
};

// The command line for a board and ELF, with the serial port on 127.0.0.1:port.
std::vector<std::string> qemu_command(const board::Profile& p, const std::filesystem::path& elf,
                                      unsigned port, const QemuOptions& o = {});

class QemuInstance {
 public:
  // Starts QEMU and waits for its serial connection; throws ProcessError with QEMU's own message
  // when it does not start or exits early.
  QemuInstance(const board::Profile& p, const std::filesystem::path& elf, const QemuOptions& o = {});
  ~QemuInstance();

  transport::Link& link() { return *link_; }
  int icount_shift() const { return shift_; }
  unsigned port() const { return port_; }
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
  unsigned port_ = 0;
};

}  // namespace aotbench::flash
