// See qemu.hpp.
#include "host/flash/qemu.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <optional>
#include <thread>

#include "host/flash/flash_tool.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/gdb_server.hpp"
#include "host/flash/timing_model.hpp"

namespace aotbench::flash {

std::vector<std::string> qemu_command(const board::Profile& p, const std::filesystem::path& elf,
                                      unsigned port, const QemuOptions& o, unsigned gdb_port) {
  int shift = board::icount_shift(p);
  // nodelay: without it every small frame waits ~40 ms for Nagle.
  std::string serial = o.serve ? fmt::format("tcp:{},server=on,wait=off,nodelay=on", host_port(o.bind, port))
                               : fmt::format("tcp:127.0.0.1:{},nodelay=on", port);
  std::string gdb = "tcp:" + host_port(o.serve ? o.bind : "127.0.0.1", gdb_port);
  std::vector<std::string> chardevs;
  if (o.serve && o.bind.find(':') != std::string::npos) {
    // An IPv6 address: QEMU's tcp:HOST:PORT shorthand cannot resolve one, bracketed or not.
    const std::string host = o.bind.front() == '[' ? o.bind.substr(1, o.bind.size() - 2) : o.bind;
    chardevs = {"-chardev", fmt::format("socket,id=serial0,host={},port={},server=on,wait=off,nodelay=on", host, port),
                "-chardev", fmt::format("socket,id=gdb0,host={},port={},server=on,wait=off", host, gdb_port)};
    serial = "chardev:serial0";
    gdb = "chardev:gdb0";
  }
  std::vector<std::string> cmd = {o.program, "-M", p.qemu.machine, "-nodefaults", "-display", "none", "-monitor", "none"};
  cmd.insert(cmd.end(), chardevs.begin(), chardevs.end());
  cmd.insert(cmd.end(), {"-serial", serial,
      // Deterministic virtual time: SysTick then counts executed instructions (see counter.c).
      "-icount", fmt::format("shift={},align=off,sleep=off", shift)});
  if (p.qemu.semihosting) {
    cmd.push_back("-semihosting-config");
    cmd.push_back("enable=on,target=native");
  }
  if (o.timing_model) cmd.insert(cmd.end(), {"-plugin", timing_plugin_arg(p, o.timing_counts)});
  if (o.load == QemuLoad::gdb) {
    cmd.insert(cmd.end(), {"-S", "-gdb", gdb});
  } else {
    cmd.insert(cmd.end(), {"-kernel", std::filesystem::absolute(elf).string()});
  }
  cmd.insert(cmd.end(), o.extra_args.begin(), o.extra_args.end());
  return cmd;
}

GdbEndpoint qemu_gdb_endpoint(const board::Profile& p, unsigned gdb_port) {
  return gdb_endpoint(p, emulator_tool(), fmt::format("127.0.0.1:{}", gdb_port));
}

QemuInstance::QemuInstance(const board::Profile& p, const std::filesystem::path& elf, const QemuOptions& o)
    : profile_(p), options_(o) {
  if (!std::filesystem::is_regular_file(elf))
    throw base::ProcessError(fmt::format("firmware {} does not exist (build it first)", elf.string()));
  try {
    start(elf);
    if (gdb_port_) load(elf);
  } catch (...) {
    stop();  // the destructor does not run for a constructor that throws
    if (log_fd_ >= 0) close(log_fd_);
    throw;
  }
}

QemuInstance::QemuInstance(const board::Profile& p, const QemuOptions& o) : profile_(p), options_(o) {
  if (o.load != QemuLoad::gdb)
    throw base::ProcessError("an emulator that waits for its firmware loads it through its gdbstub (--qemu-load gdb)");
  try {
    start({});
  } catch (...) {
    if (log_fd_ >= 0) close(log_fd_);
    throw;
  }
}

std::string host_port(const std::string& host, unsigned port) {
  const bool ipv6 = host.find(':') != std::string::npos && host.front() != '[';
  return ipv6 ? fmt::format("[{}]:{}", host, port) : fmt::format("{}:{}", host, port);
}

void QemuInstance::start(const std::filesystem::path& elf) {
  const board::Profile& p = profile_;
  const QemuOptions& o = options_;
  if (!p.emulated) throw base::ProcessError(fmt::format("board {} is real hardware, not a QEMU machine", p.name));
  base::install_signal_cleanup();
  std::optional<transport::TcpListener> listener;
  if (!o.serve) listener.emplace();
  port_ = o.serve ? (o.serve_serial_port ? o.serve_serial_port : transport::TcpListener().port()) : listener->port();
  shift_ = board::icount_shift(p);
  // QEMU binds the free port next
  if (o.load == QemuLoad::gdb) gdb_port_ = o.gdb_port ? o.gdb_port : transport::TcpListener().port();
  // Served on ports the user chose: one already taken would be found listening below, by another
  // program, and the endpoints printed before QEMU fails to bind it.
  if (o.serve)
    for (const unsigned port : {port_, gdb_port_})
      if (port && listening_on(port))
        throw base::ProcessError(fmt::format("board {}: port {} is in use by another program; give another port, or leave the "
                                       "option out for a free one",
                                       p.name, port));
  if (o.timing_model && o.timing_counts.empty()) {
    options_.timing_counts = std::filesystem::temp_directory_path() / fmt::format("aotbench-timing-{}-{}.counts", getpid(), port_);
    own_counts_ = true;
  }
  command_ = qemu_command(p, elf, port_, o, gdb_port_);
  auto log_path = std::filesystem::temp_directory_path() / fmt::format("aotbench-qemu-{}-{}.log", getpid(), port_);
  process_ = std::make_unique<base::ChildProcess>(command_, log_path);
  log_fd_ = open(log_path.c_str(), O_RDONLY | O_CLOEXEC);
  std::filesystem::remove(log_path);
  const auto deadline = transport::Clock::now() + o.start_timeout;
  std::string why;
  if (listener) {
    try {
      link_ = listener->accept(deadline, [&] { return process_->running(); });
    } catch (const transport::TransportError& e) {
      why = fmt::format("QEMU did not connect its serial port within {} ms", o.start_timeout.count());
    }
  } else {
    // Served: up once both ports listen (asking by connecting would take the one serial client).
    while (process_->running() && !(listening_on(port_) && listening_on(gdb_port_)) && transport::Clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (!process_->running() || !listening_on(port_) || !listening_on(gdb_port_))
      why = fmt::format("QEMU did not listen on ports {} and {} within {} ms", port_, gdb_port_, o.start_timeout.count());
  }
  if (!why.empty()) {
    if (auto code = process_->wait_for(std::chrono::milliseconds(0)))
      why = fmt::format("QEMU exited with status {}: {}", *code, log());
    stop();
    throw base::ProcessError(fmt::format("board {}: {} (command: {})", p.name, why, base::shell_join(command_)));
  }
}

const GdbLoadReport& QemuInstance::load(const std::filesystem::path& elf) {
  if (!gdb_port_) throw FlashError(fmt::format("board {}: this emulator was started with -kernel", profile_.name));
  try {
    load_report_ = load_via_gdb(qemu_gdb_endpoint(profile_, gdb_port_), elf, options_.gdb);
    ++loads_;
  } catch (const FlashError& e) {
    const auto code = process_->exit_code();
    if (code) stop();
    throw FlashError(fmt::format("board {}: {}{}", profile_.name, e.what(),
                                 code ? fmt::format(" (QEMU exited with status {}: {})", *code, log()) : ""));
  }
  return load_report_;
}

void QemuInstance::stop() {
  link_.reset();
  if (process_) process_->terminate();
}

QemuInstance::~QemuInstance() {
  stop();
  if (own_counts_) {
    std::error_code ec;
    std::filesystem::remove(options_.timing_counts, ec);
  }
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
