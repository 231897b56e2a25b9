#pragma once
// The GDB servers of the flash tools, as gdb_loader.hpp loads through them (OpenOCD's, port 3333
// by default; `pyocd gdbserver`; QEMU's gdbstub), each already running somewhere (--gdb
// HOST:PORT, local or remote) or started here for the board's probe on a free loopback port.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "base/process.hpp"
#include "host/board/profile.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/gdb_loader.hpp"

namespace aotbench::flash {

// The server of `tool` at `address` as a load target: the tool's reset and run commands
// (flash_tool.hpp) and the board's vector table.
GdbEndpoint gdb_endpoint(const board::Profile& p, const FlashTool& tool, const std::string& address);

// "HOST:PORT" with a port 1..65535 ("[::1]:3333" for IPv6); throws FlashError saying what is wrong.
void check_gdb_address(const std::string& address);

// A GDB server started by us, up until it listens; stopped by the destructor.
class GdbServer {
 public:
  // Throws FlashError with the tool's own message (and what to do) when it exits before
  // listening, e.g. with no probe attached, or does not listen within `timeout`.
  GdbServer(const FlashTool& tool, const board::Profile& p, const std::vector<std::string>& argv, unsigned port,
            std::chrono::milliseconds timeout);
  ~GdbServer();
  GdbServer(const GdbServer&) = delete;
  GdbServer& operator=(const GdbServer&) = delete;
  std::string log() const;  // what the server printed

 private:
  int log_fd_ = -1;
  std::unique_ptr<base::ChildProcess> process_;
};

// Whether something on this machine listens on TCP `port` (from /proc/net/tcp{,6}; asking by
// connecting would count as a GDB client, and pyOCD ends when its last client goes).
bool listening_on(unsigned port);

}  // namespace aotbench::flash
