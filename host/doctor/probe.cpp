// The probe check: the board's debug probe is on USB (its ids in /sys) and the flasher sees it
// (`pyocd json --probes`, or OpenOCD initialising the board's config). A GDB server elsewhere
// (--gdb HOST:PORT) has the probe on its own host: the firmware check loads through it.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "board/registry.hpp"
#include "doctor/doctor.hpp"
#include "flash/deps.hpp"
#include "flash/process.hpp"
#include "flash/tool_messages.hpp"

namespace aotbench::doctor {
namespace {

using namespace std::chrono_literals;

Check missing_probe(const board::Profile& p, const std::string& what) {
  return {"probe", Status::fail,
          fmt::format("no {} for board {}: {}", flash::probe_description(p), p.name, what),
          fmt::format("connect the board's ST-LINK USB port with a data cable and check that `lsusb` lists it; "
                      "for a probe on another host, run OpenOCD or `pyocd gdbserver` there and give --gdb HOST:PORT"),
          0};
}

Check pyocd_sees_probe(const board::Profile& p, const std::string& serial) {
  const std::string pyocd = flash::find_venv_program("pyocd");
  const auto r = flash::run_command({pyocd, "json", "--probes"}, 60s);
  std::vector<std::string> ids;
  try {
    const auto j = nlohmann::json::parse(r.output.substr(std::min(r.output.find('{'), r.output.size())));
    for (const auto& probe : j.at("boards")) ids.push_back(probe.value("unique_id", "?"));
  } catch (const std::exception&) {
    return {"probe", Status::fail, fmt::format("`{} json --probes` failed: {}", pyocd, flash::tool_message(r.output)),
            "run scripts/setup again to reinstall pyOCD", 0};
  }
  if (ids.empty()) return missing_probe(p, "pyOCD lists no debug probe (`pyocd list`)");
  if (!serial.empty() && std::find(ids.begin(), ids.end(), serial) == ids.end())
    return {"probe", Status::fail, fmt::format("pyOCD lists probe(s) {}, not --probe {}", fmt::join(ids, ", "), serial),
            "give --probe one of the listed unique ids", 0};
  return {"probe", Status::pass, fmt::format("pyOCD lists probe(s) {}", fmt::join(ids, ", ")), "", 0};
}

Check openocd_sees_probe(const board::Profile& p, const std::string& serial) {
  std::vector<std::string> argv = {"openocd", "-f", p.openocd.config};
  if (!serial.empty()) argv.insert(argv.end(), {"-c", "adapter serial " + serial});
  argv.insert(argv.end(), {"-c", "gdb_port disabled", "-c", "telnet_port disabled", "-c", "tcl_port disabled", "-c",
                           "init", "-c", "shutdown"});
  const auto r = flash::run_command(argv, 30s);
  if (r.exit_code == 0) return {"probe", Status::pass, fmt::format("OpenOCD attached with {}", p.openocd.config), "", 0};
  const std::string hint = flash::probe_hint(p, r.output);
  if (hint.find("no debug probe found") != std::string::npos)
    return missing_probe(p, fmt::format("OpenOCD finds none ({})", flash::tool_message(r.output)));
  return {"probe", Status::fail,
          fmt::format("OpenOCD could not attach with {}: {}", p.openocd.config, flash::tool_message(r.output)),
          hint.empty() ? "check the probe's cable and that the board is powered" : hint.substr(2), 0};
}

}  // namespace

Check check_probe(Bench& b) {
  const board::Profile& p = b.board;
  if (p.emulated) return {"probe", Status::pass, "none needed: QEMU's gdbstub is the debug port", "", 0};
  if (!b.options.gdb.empty() && b.options.gdb != "start")
    return {"probe", Status::skip,
            fmt::format("on the host of the GDB server {}: the firmware check loads through it", b.options.gdb), "", 0};
  const auto usb = board::attached_usb_ids();
  const bool on_usb = std::any_of(p.probe.usb_ids.begin(), p.probe.usb_ids.end(), [&](const std::string& id) {
    return std::find(usb.begin(), usb.end(), id) != usb.end();
  });
  const std::string tool = b.options.flasher.empty() ? p.flasher : b.options.flasher;
  Check c = tool == "pyocd" ? pyocd_sees_probe(p, b.options.probe) : openocd_sees_probe(p, b.options.probe);
  if (c.status == Status::fail && !on_usb)
    c.detail += fmt::format("; USB lists none of {}", fmt::join(p.probe.usb_ids, ", "));
  return c;
}

}  // namespace aotbench::doctor
