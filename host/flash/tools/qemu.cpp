// QEMU: emulated boards. Nothing is programmed: the ELF is loaded when the emulator boots (with
// -kernel, or through its gdbstub by gdb: flash/qemu.hpp), and its gdbstub is the debug port.
#include <fmt/core.h>

#include "base/process.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/gdb_loader.hpp"
#include "host/flash/qemu.hpp"
#include "host/flash/tool_messages.hpp"

namespace aotbench::flash {
namespace {

using namespace std::chrono_literals;

// gdb's command; the note has the emulator's, started halted with its gdbstub.
FlashPlan flash_plan(const board::Profile& p, const std::string& elf, const std::string&) {
  auto qemu = qemu_command(p, elf, 0, {}, 0);
  for (auto& a : qemu) {
    if (a.rfind("tcp:127.0.0.1:0,", 0) == 0) a = "tcp:127.0.0.1:PORT,nodelay=on";
    if (a == "tcp:127.0.0.1:0") a = "tcp:127.0.0.1:GDBPORT";
  }
  GdbEndpoint stub = qemu_gdb_endpoint(p, 0);
  stub.address = "127.0.0.1:GDBPORT";
  return {"qemu", gdb_load_command(stub, elf),
          fmt::format("through QEMU's gdbstub, started halted: {} (PORT and GDBPORT are free loopback ports)",
                      base::shell_join(qemu)),
          {}};
}

// The machine must be one this QEMU emulates.
ToolCheck check_tool(const board::Profile& p) {
  const auto r = base::run_command({"qemu-system-arm", "-machine", "help"}, 20s);
  if (r.exit_code != 0 || r.output.find("\n" + p.qemu.machine + " ") == std::string::npos)
    return {false,
            fmt::format("qemu-system-arm does not emulate machine {} ({})", p.qemu.machine, tool_message(r.output)),
            "install Debian's qemu-system-arm 7.2 or later (scripts/setup)"};
  return {true, fmt::format("QEMU machine {}, loaded through its gdbstub by gdb-multiarch", p.qemu.machine), ""};
}

ToolCheck check_probe(const board::Profile&, const std::string&) {
  return {true, "none needed: QEMU's gdbstub is the debug port", ""};
}

}  // namespace

extern const FlashTool kQemu = {
    .name = "qemu",
    .display_name = "QEMU",
    .emulated = true,
    .setting = "",
    .setting_label = "",
    .flash_plan = flash_plan,
    .reset_command = "monitor system_reset",
    .run_command = "",
    .gdb_server = nullptr,  // the emulator starts its own gdbstub (flash/qemu.hpp)
    .server_by_hand = nullptr,
    .output_hint = nullptr,
    .check_tool = check_tool,
    .check_probe = check_probe,
};

}  // namespace aotbench::flash
