// See board_access_options.hpp.
#include "host/cli/board_access_options.hpp"

#include <fmt/core.h>

#include "host/cli/option_checks.hpp"
#include "host/flash/flash_tool.hpp"

namespace aotbench::cli {

void BoardAccessOptions::add_to(CLI::App* cmd, const BoardAccessHelp& help) {
  auto* flasher = cmd->add_option("--flasher", access_.flasher,
                                  fmt::format("hardware: {} instead of the profile's", flash::flash_tool_choices(false)));
  if (help.check_flasher) flasher->check(CLI::IsMember(flash::flash_tool_names(false)));
  auto* serial = cmd->add_option(help.serial_option, access_.serial, help.serial);
  if (help.check_serial) serial->check(serial_port());
  cmd->add_option("--probe", access_.probe, help.probe);
  if (help.link_faults) cmd->add_option("--link-faults", link_faults_, kLinkFaultsHelp)->check(link_faults_spec());
  cmd->add_option("--gdb", access_.gdb, help.gdb)->check(gdb_server());
}

flash::BoardAccess BoardAccessOptions::value() const {
  flash::BoardAccess a = access_;
  if (!link_faults_.empty()) a.link_faults = transport::LinkFaults::parse(link_faults_);
  return a;
}

}  // namespace aotbench::cli
