#pragma once
// The options that say how to reach a board (--flasher, the serial port, --probe, --gdb,
// --link-faults), the same for every command that takes them, parsed into one flash::BoardAccess.
#include <CLI/CLI.hpp>

#include <string>

#include "host/flash/board_access.hpp"

namespace aotbench::cli {

// What differs between commands: the serial option's name (--serial or --port) and the help texts.
struct BoardAccessHelp {
  const char* serial_option;  // "--serial" | "--port"
  std::string serial, probe, gdb;
  bool link_faults = true;     // the command injects faults (--link-faults)
  bool check_flasher = true;   // --flasher is one of the tools for real boards, checked by CLI11
  bool check_serial = true;    // the serial option is checked by CLI11 (serial_port())
};

class BoardAccessOptions {
 public:
  void add_to(CLI::App* cmd, const BoardAccessHelp& help);
  // The value, once CLI11 has parsed the command line (the link faults' spec parsed).
  flash::BoardAccess value() const;
  bool link_faults_given() const { return !link_faults_.empty(); }

 private:
  flash::BoardAccess access_;
  std::string link_faults_;
};

}  // namespace aotbench::cli
