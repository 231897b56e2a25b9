#pragma once
// The gdb flasher: loads a firmware with gdb (gdb_loader.hpp) through a GDB server, one given as
// HOST:PORT (OpenOCD's, `pyocd gdbserver`'s or QEMU's gdbstub, on this host or another) or, with
// "start", OpenOCD or pyOCD started here as the server for the board's probe and stopped after.
#include <memory>
#include <string>

#include "board/profile.hpp"
#include "flash/flashers.hpp"

namespace aotbench::flash {

// `tool` (openocd | pyocd | qemu) is the kind of server, which decides the reset and run commands.
std::unique_ptr<Flasher> make_gdb_flasher(const board::Profile& p, const std::string& tool, const FlashOptions& o);

}  // namespace aotbench::flash
