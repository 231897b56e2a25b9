#pragma once
// A flash tool as data (Zephyr's west runners are the model): its name, whether it loads emulated
// boards, the profile setting it needs, its flash command, its GDB server and that server's monitor
// commands, what its complaints mean, and the doctor's checks of it. One file per tool in
// flash/tools/, one entry in the list of flash_tool.cpp; the CLI's choices, the checks, the
// doctor, the farm and the session all read that list.
#include <string>
#include <string_view>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/flashers.hpp"

namespace aotbench::flash {

// A doctor check's finding about a tool (doctor/ turns it into its Check).
struct ToolCheck {
  bool ok = false;
  std::string detail;  // what was found
  std::string fix;     // what to do, when not ok
};

struct FlashTool {
  const char* name;          // flasher.tool in a profile, --flasher, a farm place's flasher tag
  const char* display_name;  // in messages: "OpenOCD"
  bool emulated;             // loads emulated boards (an emulator), not real ones through a probe
  // The profile key it needs ("openocd.config": table [openocd], key config); "" for none.
  const char* setting;
  const char* setting_label;  // how messages name that setting: "board config"
  // Its own command that programs `elf` (an absolute path); `probe`: the probe's serial number or "".
  // An emulated tool's plan is how the emulator loads it; nothing is run then.
  FlashPlan (*flash_plan)(const board::Profile& p, const std::string& elf, const std::string& probe);
  // The monitor commands of its GDB server: the reset before a load, and what runs the core after
  // it, for a server whose detach leaves the core halted ("": none needed).
  const char* reset_command;
  const char* run_command;
  // Its GDB server for the board's probe on 127.0.0.1:`port` (null: none to start here); throws
  // FlashError when the tool is missing.
  std::vector<std::string> (*gdb_server)(const board::Profile& p, const std::string& port, const std::string& probe);
  // How to run that server by hand on the probe's host, for the hint when none answers ("": none).
  std::string (*server_by_hand)(const board::Profile& p);
  // What to do, from what `program` (its argv[0]) printed, beyond the no-probe and permission hints
  // every tool shares (probe_hint): "; ..." or "".
  std::string (*output_hint)(const board::Profile& p, const std::string& output, const std::string& program);
  // The doctor's checks: the tool is installed and knows the board; it sees the board's probe.
  ToolCheck (*check_tool)(const board::Profile& p);
  ToolCheck (*check_probe)(const board::Profile& p, const std::string& probe);
};

// Every tool, in the order messages list them.
const std::vector<const FlashTool*>& flash_tools();
const FlashTool* find_flash_tool(std::string_view name);  // null: no such tool
// The names of the tools for real boards (--flasher's choices) or for emulated ones.
std::vector<std::string> flash_tool_names(bool emulated);
// "openocd or pyocd": the names as a sentence says them.
std::string flash_tool_choices(bool emulated);
// The emulator's tool (QEMU): the one that loads emulated boards.
const FlashTool& emulator_tool();

// The tool `tool` names (empty: the profile's), checked against the board: a known tool, an
// emulator's for emulated boards only, the profile's setting for it. Throws FlashError.
const FlashTool& flash_tool_for(const board::Profile& p, const std::string& tool);

// What to do, from a tool's output: the hint every tool shares, else the tool's own.
std::string tool_hint(const FlashTool& tool, const board::Profile& p, const std::string& output,
                      const std::string& program);

}  // namespace aotbench::flash
