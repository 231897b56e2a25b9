// pyOCD: the current `pyocd` CLI of the setup's venv or PATH (`pyocd flash -t TARGET`, `pyocd
// gdbserver`), else Debian's older pyocd-flashtool (profile: [pyocd] target, e.g. stm32f746nghx).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "base/process.hpp"
#include "host/flash/deps.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/tool_messages.hpp"
#include "host/flash/tools/tool_checks.hpp"

namespace aotbench::flash {
namespace {

using namespace std::chrono_literals;

std::string target(const board::Profile& p) { return p.tool_setting("pyocd.target"); }
std::string venv_pyocd() { return (deps_dir() / "venv" / "bin" / "pyocd").string(); }

bool says(const std::string& output, const char* what) { return output.find(what) != std::string::npos; }

FlashPlan flash_plan(const board::Profile& p, const std::string& elf, const std::string& probe) {
  // The probe's unique id: `-u` for the current CLI, `-b` (board id) for pyocd-flashtool.
  auto with_probe = [&](std::vector<std::string> argv, const char* option) {
    if (!probe.empty()) argv.insert(argv.end() - 1, {option, probe});
    return argv;
  };
  // -W: fail at once when no probe is attached, instead of waiting for one to appear.
  if (std::string cli = find_venv_program("pyocd"); !cli.empty())
    return {"pyocd", with_probe({cli, "flash", "-W", "-t", target(p), elf}, "-u"),
            fmt::format("found the pyocd CLI ({}): `pyocd flash -t TARGET`", cli), {}};
  if (std::string tool = base::find_program("pyocd-flashtool"); !tool.empty())
    return {"pyocd", with_probe({"pyocd-flashtool", "-t", target(p), elf}, "-b"),
            fmt::format("no `pyocd` CLI on PATH; using the older pyocd-flashtool ({})", tool), {}};
  throw FlashError(fmt::format("no pyOCD: neither {} nor `pyocd` or `pyocd-flashtool` on PATH; run scripts/setup, "
                               "which installs a current pyOCD there",
                               venv_pyocd()));
}

std::vector<std::string> gdb_server(const board::Profile& p, const std::string& port, const std::string& probe) {
  const std::string pyocd = find_venv_program("pyocd");
  if (pyocd.empty())
    throw FlashError(fmt::format("no pyOCD to start a GDB server with: {} is missing and no `pyocd` is on PATH; run "
                                 "scripts/setup",
                                 venv_pyocd()));
  // -W: fail at once with no probe attached instead of waiting for one.
  std::vector<std::string> argv = {pyocd, "gdbserver", "-W", "-t", target(p)};
  if (!probe.empty()) argv.insert(argv.end(), {"-u", probe});
  argv.insert(argv.end(), {"-p", port});
  return argv;
}

std::string server_by_hand(const board::Profile& p) {
  return fmt::format("`pyocd gdbserver -t {} --persist`: port 3333; add --allow-remote for other hosts", target(p));
}

std::string output_hint(const board::Profile& p, const std::string& output, const std::string& program) {
  if (program == "pyocd-flashtool" && says(output, "invalid choice"))
    return "; this older pyOCD lacks the target: install a current pyOCD, which has `pyocd flash`, and its CMSIS "
           "pack: `pyocd pack install TARGET`";
  if (says(output, "not recognized. Use 'pyocd list --targets'"))
    return fmt::format("; this pyOCD has no built-in target {}: install its CMSIS pack once (`pyocd pack install {}`) "
                       "or use --flasher openocd ({})",
                       target(p), target(p), p.tool_setting("openocd.config"));
  return "";
}

// `pyocd json ARG`'s answer, without what pyOCD logs before it; throws when it is none.
nlohmann::json pyocd_json(const base::CommandResult& r) {
  return nlohmann::json::parse(r.output.substr(std::min(r.output.find('{'), r.output.size())));
}

ToolCheck check_tool(const board::Profile& p) {
  const std::string pyocd = find_venv_program("pyocd");
  if (pyocd.empty())
    return {false, fmt::format("no pyOCD: {} is missing and no `pyocd` is on PATH", venv_pyocd()),
            "run scripts/setup: it installs the pinned pyOCD (scripts/python-requirements.txt) into .deps/venv"};
  const auto r = base::run_command({pyocd, "json", "--targets"}, 60s);
  bool known = false;
  std::string version;
  try {
    const auto j = pyocd_json(r);
    version = j.value("pyocd_version", "");
    for (const auto& t : j.at("targets")) known = known || t.value("name", "") == target(p);
  } catch (const std::exception&) {
    return {false, fmt::format("`{} json --targets` failed: {}", pyocd, tool_message(r.output)),
            "run scripts/setup again to reinstall pyOCD"};
  }
  if (!known)
    return {false, fmt::format("pyOCD {} ({}) has no built-in target {}", version, pyocd, target(p)),
            fmt::format("install its CMSIS pack once (`{} pack install {}`) or use --flasher openocd ({})", pyocd,
                        target(p), p.tool_setting("openocd.config"))};
  return {true, fmt::format("pyOCD {} ({}) knows target {}", version, pyocd, target(p)), ""};
}

ToolCheck check_probe(const board::Profile& p, const std::string& probe) {
  const std::string pyocd = find_venv_program("pyocd");
  const auto r = base::run_command({pyocd, "json", "--probes"}, 60s);
  std::vector<std::string> ids;
  try {
    for (const auto& found : pyocd_json(r).at("boards")) ids.push_back(found.value("unique_id", "?"));
  } catch (const std::exception&) {
    return {false, fmt::format("`{} json --probes` failed: {}", pyocd, tool_message(r.output)),
            "run scripts/setup again to reinstall pyOCD"};
  }
  if (ids.empty()) return missing_probe(p, "pyOCD lists no debug probe (`pyocd list`)");
  if (!probe.empty() && std::find(ids.begin(), ids.end(), probe) == ids.end())
    return {false, fmt::format("pyOCD lists probe(s) {}, not --probe {}", fmt::join(ids, ", "), probe),
            "give --probe one of the listed unique ids"};
  return {true, fmt::format("pyOCD lists probe(s) {}", fmt::join(ids, ", ")), ""};
}

}  // namespace

extern const FlashTool kPyOcd = {
    .name = "pyocd",
    .display_name = "pyOCD",
    .emulated = false,
    .setting = "pyocd.target",
    .setting_label = "pyOCD target",
    .flash_plan = flash_plan,
    .reset_command = "monitor reset halt",
    .run_command = "",  // its detach lets the core run
    .gdb_server = gdb_server,
    .server_by_hand = server_by_hand,
    .output_hint = output_hint,
    .check_tool = check_tool,
    .check_probe = check_probe,
};

}  // namespace aotbench::flash
