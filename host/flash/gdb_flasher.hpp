#pragma once
// The gdb flasher: loads a firmware with gdb (gdb_loader.hpp) through a GDB server, one given as
// HOST:PORT (OpenOCD's, `pyocd gdbserver`'s or QEMU's gdbstub, on this host or another) or, with
// "start", the flash tool's own started here as the server for the board's probe and stopped after.
#include <memory>
#include <string>

#include "host/board/profile.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/flashers.hpp"

namespace aotbench::flash {

// `tool` is the kind of server, which decides the reset and run commands, and the server started.
// a.gdb: the server's HOST:PORT or "start"; a.probe: the probe a started server attaches.
std::unique_ptr<Flasher> make_gdb_flasher(const board::Profile& p, const FlashTool& tool, const BoardAccess& a,
                                          const FlashOptions& o);

}  // namespace aotbench::flash
