#pragma once
// Loading a firmware through the GDB remote serial protocol, the one path for every board: QEMU's
// gdbstub for emulated boards, the GDB server of OpenOCD or pyOCD for probes, local or remote (TCP).
//
// It drives Debian's gdb-multiarch in batch mode rather than a client of our own: `load` already
// knows the servers' memory maps and writes flash through the vFlash packets with their per-target
// flash drivers, which a probe's server needs and QEMU's does not. One gdb run (about 0.15 s):
// load every loadable section, read each back (compare-sections: every one must say "matched"),
// reset with the server's own monitor command, set SP and PC from the vector table (QEMU keeps
// gdb's entry point and SP 0 after a reset), and detach, which lets the target run.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace aotbench::flash {

struct GdbEndpoint {
  std::string address;        // host:port of the GDB server
  std::string reset_command;  // e.g. "monitor system_reset" (QEMU), "monitor reset halt" (OpenOCD)
  uint64_t vector_table = 0;  // address of the initial SP and reset vector (the flash origin)
  std::string run_command;    // before detaching, for a server whose detach leaves the core halted
};

struct GdbLoadOptions {
  int attempts = 3;                             // a load that fails or does not verify is retried
  std::chrono::milliseconds backoff{200};       // before the second attempt; doubled after each
  std::chrono::milliseconds timeout{60000};     // per attempt
  // How long the server may keep silent: before the first attempt it must answer one question in
  // that time (one that accepts and never answers kept gdb waiting over a minute per attempt),
  // and gdb waits that long for each of its packets (remotetimeout, whole seconds).
  std::chrono::milliseconds silence{5000};
  std::vector<std::string> after_load;          // gdb commands between load and verify (fault tests)
  std::string gdb = "gdb-multiarch";
};

struct GdbLoadReport {
  int attempts = 0;                   // how many it took
  std::vector<std::string> verified;  // the sections that read back as loaded
};

// The gdb command line of one attempt.
std::vector<std::string> gdb_load_command(const GdbEndpoint& target, const std::filesystem::path& elf,
                                          const GdbLoadOptions& o = {});

// The sections compare-sections reported as matching; throws FlashError naming every section that
// did not, or saying that nothing was verified.
std::vector<std::string> verified_sections(std::string_view gdb_output);

// Loads, verifies, resets and starts `elf`; throws FlashError after the last failed attempt with
// the endpoint, the number of attempts and gdb's own message.
GdbLoadReport load_via_gdb(const GdbEndpoint& target, const std::filesystem::path& elf, const GdbLoadOptions& o = {});

}  // namespace aotbench::flash
