#pragma once
// The GDB servers of the debug-probe tools, as gdb_loader.hpp loads through them: OpenOCD (its
// GDB port, 3333 by default) and `pyocd gdbserver`, each already running somewhere (--gdb
// HOST:PORT, local or remote) or started here for the board's probe on a free loopback port.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "board/profile.hpp"
#include "flash/gdb_loader.hpp"
#include "flash/process.hpp"

namespace aotbench::flash {

// The server of `tool` (openocd | pyocd | qemu) at `address` as a load target: the reset each
// one understands (`monitor reset halt` on OpenOCD and pyOCD, `monitor system_reset` on QEMU),
// the board's vector table, and OpenOCD's `monitor resume` (its detach leaves the core halted;
// pyOCD's and QEMU's let it run).
GdbEndpoint gdb_endpoint(const board::Profile& p, const std::string& tool, const std::string& address);

// "HOST:PORT" with a port 1..65535 ("[::1]:3333" for IPv6); throws FlashError saying what is wrong.
void check_gdb_address(const std::string& address);

// The command that starts `tool` (openocd | pyocd) as a GDB server for the board's probe on
// 127.0.0.1:port (`probe`: the probe's serial number, when several are attached). `pyocd` is the
// program to run as pyOCD (see deps.hpp).
std::vector<std::string> gdb_server_command(const board::Profile& p, const std::string& tool, const std::string& pyocd,
                                            unsigned port, const std::string& probe);

// A GDB server started by us, up until it listens; stopped by the destructor.
class GdbServer {
 public:
  // Throws FlashError with the tool's own message (and what to do) when it exits before
  // listening, e.g. with no probe attached, or does not listen within `timeout`.
  GdbServer(const board::Profile& p, const std::vector<std::string>& argv, unsigned port,
            std::chrono::milliseconds timeout);
  ~GdbServer();
  GdbServer(const GdbServer&) = delete;
  GdbServer& operator=(const GdbServer&) = delete;
  std::string log() const;  // what the server printed

 private:
  int log_fd_ = -1;
  std::unique_ptr<ChildProcess> process_;
};

// Whether something on this machine listens on TCP `port` (from /proc/net/tcp{,6}; asking by
// connecting would count as a GDB client, and pyOCD ends when its last client goes).
bool listening_on(unsigned port);

}  // namespace aotbench::flash
