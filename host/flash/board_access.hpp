#pragma once
// How to reach a board: which flash tool loads it, through which GDB server and probe, which
// serial port its firmware answers on, how an emulator loads it, and what faults the link gets.
// One value, parsed and checked once from the command line (cli/board_access_options.hpp) and
// passed unchanged to the sweep, the device commands, the doctor and the session.
#include <string>

#include "host/board/profile.hpp"
#include "transport/link/fault_link.hpp"

namespace aotbench::flash {

// How an emulator gets the firmware: through its gdbstub with gdb, verified, as real boards are;
// or with QEMU's -kernel.
enum class QemuLoad { gdb, kernel };

struct BoardAccess {
  std::string flasher;  // a flash tool's name instead of the profile's (hardware); "": the profile's
  // Instead of the profile's serial.device: a device path, tcp:HOST:PORT for a port served raw over
  // TCP (ser2net's raw mode, a served emulator), or rfc2217:HOST:PORT for one served over Telnet with
  // RFC 2217 (ser2net's telnet(rfc2217) mode: what a labgrid exporter offers).
  std::string serial;
  std::string probe;  // the debug probe's serial number, when several are attached
  // Load with gdb through a GDB server: "HOST:PORT" of one already running (OpenOCD's, `pyocd
  // gdbserver`'s, an emulator's gdbstub served elsewhere), "start" the tool's own for the board's
  // probe; "": the tool's own flash command.
  std::string gdb;
  QemuLoad qemu_load = QemuLoad::gdb;  // emulated boards started here
  transport::LinkFaults link_faults;   // injected on the host's side of the link (--link-faults)

  // --gdb HOST:PORT on an emulated board: an emulator served elsewhere, used as a real board is.
  bool served_emulator(const board::Profile& p) const { return p.emulated && !gdb.empty() && gdb != "start"; }
};

// tcp:HOST:PORT or rfc2217:HOST:PORT: a serial port served over the network, not a device path.
inline bool network_port(const std::string& device) {
  return device.rfind("tcp:", 0) == 0 || device.rfind("rfc2217:", 0) == 0;
}

}  // namespace aotbench::flash
