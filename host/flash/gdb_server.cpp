// See gdb_server.hpp.
#include "host/flash/gdb_server.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "host/flash/flashers.hpp"
#include "host/flash/tool_messages.hpp"

namespace aotbench::flash {

GdbEndpoint gdb_endpoint(const board::Profile& p, const FlashTool& tool, const std::string& address) {
  return {address, tool.reset_command, p.memory.flash.origin, tool.run_command};
}

void check_gdb_address(const std::string& address) {
  const auto colon = address.rfind(':');
  const std::string host = colon == std::string::npos ? "" : address.substr(0, colon);
  const std::string port = colon == std::string::npos ? "" : address.substr(colon + 1);
  bool ok = !host.empty() && !port.empty() && port.size() <= 5 && port.find_first_not_of("0123456789") == std::string::npos;
  if (ok) ok = std::stoul(port) >= 1 && std::stoul(port) <= 65535;
  if (!ok)
    throw FlashError(fmt::format("GDB server address `{}` is not HOST:PORT (e.g. 127.0.0.1:3333 for OpenOCD's, "
                                 "labhost:3333 for a probe on another host), nor `start`",
                                 address));
}

bool listening_on(unsigned port) {
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string slot, local, remote, state;
      fields >> slot >> local >> remote >> state;
      const auto colon = local.rfind(':');
      if (state == "0A" && colon != std::string::npos && std::stoul(local.substr(colon + 1), nullptr, 16) == port)
        return true;  // 0A: TCP_LISTEN
    }
  }
  return false;
}

GdbServer::GdbServer(const FlashTool& tool, const board::Profile& p, const std::vector<std::string>& argv,
                     unsigned port, std::chrono::milliseconds timeout) {
  base::install_signal_cleanup();
  // The log is unlinked at once and read through its descriptor, so nothing is left behind.
  const auto log_path = std::filesystem::temp_directory_path() / fmt::format("aotbench-gdbserver-{}-{}.log", getpid(), port);
  process_ = std::make_unique<base::ChildProcess>(argv, log_path);
  log_fd_ = open(log_path.c_str(), O_RDONLY | O_CLOEXEC);
  std::filesystem::remove(log_path);
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (!listening_on(port)) {
    if (!process_->running() || std::chrono::steady_clock::now() > until) {
      const std::string output = log();
      const auto code = process_->exit_code();
      process_->terminate();
      throw FlashError(fmt::format("{} did not start a GDB server for board {} ({}): {}{} (command: {})",
                                   argv[0], p.name,
                                   code ? fmt::format("exit code {}", *code)
                                        : fmt::format("not listening on port {} after {} ms", port, timeout.count()),
                                   tool_message(output), tool_hint(tool, p, output, argv[0]), base::shell_join(argv)));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

GdbServer::~GdbServer() {
  process_->terminate(std::chrono::milliseconds(2000));  // pyOCD resumes the core as it closes its session
  if (log_fd_ >= 0) close(log_fd_);
}

std::string GdbServer::log() const {
  std::string text;
  char buf[4096];
  ssize_t n;
  for (off_t at = 0; log_fd_ >= 0 && (n = pread(log_fd_, buf, sizeof buf, at)) > 0; at += n) text.append(buf, n);
  return text;
}

}  // namespace aotbench::flash
