// See qemu.hpp.
#include "flash/qemu.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include "flash/flashers.hpp"
#include "flash/gdb_server.hpp"

namespace aotbench::flash {

std::vector<std::string> qemu_command(const board::Profile& p, const std::filesystem::path& elf,
                                      unsigned port, const QemuOptions& o, unsigned gdb_port) {
  int shift = board::icount_shift(p);
  std::vector<std::string> cmd = {
      o.program, "-M", p.qemu.machine, "-nodefaults", "-display", "none", "-monitor", "none",
      // nodelay: without it every small frame waits ~40 ms for Nagle.
      "-serial", fmt::format("tcp:127.0.0.1:{},nodelay=on", port),
      // Deterministic virtual time: SysTick then counts executed instructions (see counter.c).
      "-icount", fmt::format("shift={},align=off,sleep=off", shift)};
  if (p.qemu.semihosting) {
    cmd.push_back("-semihosting-config");
    cmd.push_back("enable=on,target=native");
  }
  if (o.load == "gdb") {
    cmd.insert(cmd.end(), {"-S", "-gdb", fmt::format("tcp:127.0.0.1:{}", gdb_port)});
  } else {
    cmd.insert(cmd.end(), {"-kernel", std::filesystem::absolute(elf).string()});
  }
  cmd.insert(cmd.end(), o.extra_args.begin(), o.extra_args.end());
  return cmd;
}

GdbEndpoint qemu_gdb_endpoint(const board::Profile& p, unsigned gdb_port) {
  return gdb_endpoint(p, "qemu", fmt::format("127.0.0.1:{}", gdb_port));
}

QemuInstance::QemuInstance(const board::Profile& p, const std::filesystem::path& elf, const QemuOptions& o) {
  if (!p.emulated) throw ProcessError(fmt::format("board {} is real hardware, not a QEMU machine", p.name));
  if (!std::filesystem::is_regular_file(elf))
    throw ProcessError(fmt::format("firmware {} does not exist (build it first)", elf.string()));
  install_signal_cleanup();
  transport::TcpListener listener;
  port_ = listener.port();
  shift_ = board::icount_shift(p);
  if (o.load != "gdb" && o.load != "kernel")
    throw ProcessError(fmt::format("unknown QEMU load method '{}': gdb or kernel", o.load));
  if (o.load == "gdb") gdb_port_ = o.gdb_port ? o.gdb_port : transport::TcpListener().port();  // QEMU binds it next
  command_ = qemu_command(p, elf, port_, o, gdb_port_);
  auto log_path = std::filesystem::temp_directory_path() / fmt::format("aotbench-qemu-{}-{}.log", getpid(), port_);
  process_ = std::make_unique<ChildProcess>(command_, log_path);
  log_fd_ = open(log_path.c_str(), O_RDONLY | O_CLOEXEC);
  std::filesystem::remove(log_path);
  try {
    link_ = listener.accept(transport::Clock::now() + o.start_timeout, [&] { return process_->running(); });
  } catch (const transport::TransportError& e) {
    auto code = process_->exit_code();
    std::string why = code ? fmt::format("QEMU exited with status {}: {}", *code, log())
                           : fmt::format("QEMU did not connect its serial port within {} ms", o.start_timeout.count());
    stop();
    throw ProcessError(fmt::format("board {}: {} (command: {})", p.name, why, shell_join(command_)));
  }
  if (gdb_port_) {
    try {
      load_report_ = load_via_gdb(qemu_gdb_endpoint(p, gdb_port_), elf, o.gdb);
    } catch (const FlashError& e) {
      const auto code = process_->exit_code();
      stop();
      throw FlashError(fmt::format("board {}: {}{}", p.name, e.what(),
                                   code ? fmt::format(" (QEMU exited with status {}: {})", *code, log()) : ""));
    }
  }
}

void QemuInstance::stop() {
  link_.reset();
  if (process_) process_->terminate();
}

QemuInstance::~QemuInstance() {
  stop();
  if (log_fd_ >= 0) close(log_fd_);
}

std::string QemuInstance::log() const {
  std::string text;
  char buf[4096];
  ssize_t n;
  for (off_t at = 0; log_fd_ >= 0 && (n = pread(log_fd_, buf, sizeof buf, at)) > 0; at += n) text.append(buf, n);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? "(no output)" : text;
}

}  // namespace aotbench::flash
