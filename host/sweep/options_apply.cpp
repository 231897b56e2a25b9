#include "host/sweep/options_apply.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "base/usage_error.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/session.hpp"

namespace aotbench::sweep {
namespace {

[[noreturn]] void refuse(const std::string& option, const std::string& why) {
  throw UsageError(fmt::format("{}: {}", option, why));
}

void check_emulated(const SweepOptions& o, const board::Profile& b) {
  const flash::BoardAccess& a = o.access;
  // --gdb HOST:PORT: an emulator served elsewhere (`aotbench device serve`), used like a real board.
  const bool served = !a.gdb.empty() && a.gdb != "start";
  const std::string emulated = fmt::format("board {} is emulated: aotbench starts QEMU itself and loads every variant "
                                           "through its gdbstub",
                                           b.name);
  if (!a.flasher.empty()) refuse("--flasher " + a.flasher, emulated + "; --flasher chooses the tool for a real board");
  if (!a.probe.empty()) refuse("--probe " + a.probe, emulated + "; --probe chooses a real board's debug probe");
  if (a.gdb == "start")
    refuse("--gdb start", emulated + "; --gdb start starts a real board's GDB server (for an emulator served with "
                                     "`aotbench device serve`, give --gdb HOST:PORT and --serial tcp:HOST:PORT)");
  if (!served && !a.serial.empty())
    refuse("--serial " + a.serial, emulated + " and talks to it over its own serial link; --serial names a real "
                                                     "board's port, or with --gdb HOST:PORT the tcp:HOST:PORT of an "
                                                     "emulator served elsewhere");
  if (!served) return;
  try {
    flash::check_served_emulator(b, a.gdb, a.serial);
  } catch (const flash::FlashError& e) {
    throw UsageError(e.what());  // it names --gdb itself
  }
  for (const char* option : {"--emulators", "--qemu-load"})
    if (o.given.count(option))
      refuse(option, fmt::format("the emulator at --gdb {} is served elsewhere: aotbench neither starts nor loads it "
                                 "with QEMU's own options",
                                 a.gdb));
}

void check_hardware(const SweepOptions& o, const board::Profile& b) {
  const flash::BoardAccess& a = o.access;
  const std::string real = fmt::format("board {} is real hardware", b.name);
  if (o.given.count("--counter") || !o.counter.empty())
    refuse("--counter", real + ", which counts DWT cycles; --counter chooses what an emulated board counts");
  for (const char* option : {"--emulators", "--qemu-load"})
    if (o.given.count(option)) refuse(option, real + fmt::format("; {} applies to emulated boards", option));
  try {
    flash::check_flasher(b, a.flasher);
  } catch (const flash::FlashError& e) {
    refuse("--flasher " + a.flasher, e.what());
  }
  if (!a.serial.empty() && !flash::network_port(a.serial) && !std::filesystem::exists(a.serial))
    refuse("--serial " + a.serial, fmt::format("no such device: is board {} plugged in, and is that its port? "
                                                      "(`aotbench doctor --board {}` checks it)",
                                                      b.name, b.name));
}

}  // namespace

void check_options_apply(const SweepOptions& o, const board::Profile& board) {
  if (!o.remote_boards.empty()) return;  // a farm's places say where their servers and ports are
  if (board.emulated) check_emulated(o, board);
  else check_hardware(o, board);
}

}  // namespace aotbench::sweep
