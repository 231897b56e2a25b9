#pragma once
// Flashers behind one interface: a flash tool's own command (flash_tool.hpp, flash/tools/: OpenOCD,
// pyOCD; QEMU, whose emulator loads the ELF as it boots), or gdb through a GDB server
// (gdb_flasher.cpp: the tool's, running anywhere or started here for the board's probe).
#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/board_access.hpp"

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
  std::string tool;                 // the flash tool's name, or gdb
  std::vector<std::string> argv;    // the exact command
  std::string note;                 // e.g. which pyOCD front end was found
  std::vector<std::string> server;  // the GDB server started first and stopped after argv, if any
};

// How hard to try; which way to the board (tool, probe, GDB server) is the BoardAccess.
struct FlashOptions {
  int attempts = 2;                                // a failed flash is tried again once
  std::chrono::milliseconds timeout{120000};       // per attempt
  std::chrono::milliseconds retry_delay{1000};
  std::chrono::milliseconds silence{5000};  // a GDB server's, at most (GdbLoadOptions::silence)
};

class Flasher {
 public:
  virtual ~Flasher() = default;
  virtual FlashPlan plan(const std::filesystem::path& elf) const = 0;
  // Programs the board; throws FlashError after the last failed attempt.
  virtual void flash(const std::filesystem::path& elf) const = 0;
};

// Throws FlashError unless `tool` (empty: the profile's) can load the board: a known tool, QEMU
// for emulated boards only, the profile's settings for it (flash_tool_for).
void check_flasher(const board::Profile& p, const std::string& tool);
// The board's flasher, or a.flasher's when given, with a.probe; through a GDB server when a.gdb
// says so; after the same checks.
std::unique_ptr<Flasher> make_flasher(const board::Profile& p, const BoardAccess& a, const FlashOptions& o = {});

}  // namespace aotbench::flash
