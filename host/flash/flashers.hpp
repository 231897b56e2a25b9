#pragma once
// Flashers behind one interface: openocd (program + verify + reset with the board's config),
// pyocd (the current `pyocd flash -t TARGET` CLI of the setup's venv or PATH, else Debian's older
// pyocd-flashtool), qemu (nothing to program: the ELF is loaded when the emulator boots, see
// qemu.hpp), and gdb (gdb_flasher.cpp: through a GDB server, OpenOCD's or pyOCD's, running
// anywhere or started here for the board's probe).
#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/profile.hpp"

namespace aotbench::flash {

// The message names the tool, the board and its config/target, and quotes the tool's own error.
struct FlashError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Nothing could be loaded at all: the GDB server did not answer (gone, or never there), as
// against a load or verify that went wrong on a server that did.
struct FlashServerUnreachable : FlashError {
  using FlashError::FlashError;
};

struct FlashPlan {
  std::string tool;               // openocd | pyocd | qemu
  std::vector<std::string> argv;    // the exact command
  std::string note;                 // e.g. which pyOCD front end was found
  std::vector<std::string> server;  // the GDB server started first and stopped after argv, if any
};

struct FlashOptions {
  std::string probe;  // serial number of the debug probe to use when several are attached
  // Load through a GDB server with gdb (gdb_loader.hpp): "HOST:PORT" of one already running
  // (OpenOCD's, `pyocd gdbserver`'s, QEMU's gdbstub), "start" to start the tool's own for the
  // board's probe; empty: the tool's own flash command.
  std::string gdb;
  int attempts = 2;                                // a failed flash is tried again once
  std::chrono::milliseconds timeout{120000};       // per attempt
  std::chrono::milliseconds retry_delay{1000};
};

class Flasher {
 public:
  virtual ~Flasher() = default;
  virtual FlashPlan plan(const std::filesystem::path& elf) const = 0;
  // Programs the board; throws FlashError after the last failed attempt.
  virtual void flash(const std::filesystem::path& elf) const = 0;
};

// The board's flasher, or `tool` (openocd | pyocd | qemu) when given; through a GDB server when
// o.gdb says so. Throws FlashError when the profile lacks that tool's settings.
// Throws FlashError unless `tool` (empty: the profile's) can load the board: a known tool, QEMU
// for emulated boards only, the profile's settings for it. The checks make_flasher makes first.
void check_flasher(const board::Profile& p, const std::string& tool);
std::unique_ptr<Flasher> make_flasher(const board::Profile& p, const std::string& tool = "",
                                      const FlashOptions& o = {});

}  // namespace aotbench::flash
