// OpenOCD (Debian's): programs, verifies and resets with the board's config (profile: [openocd]
// config, a script of OpenOCD's search path such as board/stm32f746g-disco.cfg), and serves GDB.
#include <fmt/core.h>

#include <filesystem>

#include "base/process.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/tool_messages.hpp"
#include "host/flash/tools/tool_checks.hpp"

namespace aotbench::flash {
namespace {

using namespace std::chrono_literals;

std::string config(const board::Profile& p) { return p.tool_setting("openocd.config"); }

// openocd -f CONFIG [-c "adapter serial PROBE"]: the board's probe, the given one when several are attached.
std::vector<std::string> attach(const board::Profile& p, const std::string& probe) {
  std::vector<std::string> argv = {"openocd", "-f", config(p)};
  if (!probe.empty()) argv.insert(argv.end(), {"-c", "adapter serial " + probe});
  return argv;
}

FlashPlan flash_plan(const board::Profile& p, const std::string& elf, const std::string& probe) {
  std::vector<std::string> argv = attach(p, probe);
  argv.insert(argv.end(), {"-c", fmt::format("program {{{}}} verify reset exit", elf)});
  return {"openocd", argv, fmt::format("OpenOCD board config {}", config(p)), {}};
}

std::vector<std::string> gdb_server(const board::Profile& p, const std::string& port, const std::string& probe) {
  std::vector<std::string> argv = attach(p, probe);
  // Only the GDB port: no telnet or Tcl port to collide with another board's server.
  argv.insert(argv.end(), {"-c", "gdb_port " + port, "-c", "telnet_port disabled", "-c", "tcl_port disabled"});
  return argv;
}

std::string server_by_hand(const board::Profile& p) {
  return fmt::format("`openocd -f {}`: port 3333; add `-c 'bindto 0.0.0.0'` for other hosts", config(p));
}

ToolCheck check_tool(const board::Profile& p) {
  const std::string version = version_of({"openocd", "--version"});
  if (version.empty()) return {false, "openocd is not installed", kSetupPackages};
  // OpenOCD's own search path for board/*.cfg: Debian installs its scripts here.
  const std::filesystem::path cfg = std::filesystem::path("/usr/share/openocd/scripts") / config(p);
  if (!std::filesystem::exists(cfg))
    return {false, fmt::format("{} has no {}", version, config(p)),
            fmt::format("use OpenOCD 0.12 or later (Debian's), or --flasher pyocd (target {})",
                        p.tool_setting("pyocd.target"))};
  return {true, fmt::format("{} with {}", version, cfg.string()), ""};
}

// OpenOCD sees the probe when it initialises the board's config (and ends at once).
ToolCheck check_probe(const board::Profile& p, const std::string& probe) {
  std::vector<std::string> argv = attach(p, probe);
  argv.insert(argv.end(), {"-c", "gdb_port disabled", "-c", "telnet_port disabled", "-c", "tcl_port disabled", "-c",
                           "init", "-c", "shutdown"});
  const auto r = base::run_command(argv, 30s);
  if (r.exit_code == 0) return {true, fmt::format("OpenOCD attached with {}", config(p)), ""};
  const std::string hint = probe_hint(p, r.output);
  if (hint.find("no debug probe found") != std::string::npos)
    return missing_probe(p, fmt::format("OpenOCD finds none ({})", tool_message(r.output)));
  return {false, fmt::format("OpenOCD could not attach with {}: {}", config(p), tool_message(r.output)),
          hint.empty() ? "check the probe's cable and that the board is powered" : hint.substr(2)};
}

}  // namespace

extern const FlashTool kOpenOcd = {
    .name = "openocd",
    .display_name = "OpenOCD",
    .emulated = false,
    .setting = "openocd.config",
    .setting_label = "board config",
    .flash_plan = flash_plan,
    .reset_command = "monitor reset halt",
    .run_command = "monitor resume",  // its detach leaves the core halted
    .gdb_server = gdb_server,
    .server_by_hand = server_by_hand,
    .output_hint = nullptr,
    .check_tool = check_tool,
    .check_probe = check_probe,
};

}  // namespace aotbench::flash
