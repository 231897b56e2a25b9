// The probe check: the board's debug probe is on USB (its ids in /sys) and the flasher sees it
// (its tool's own check, flash/tools/). A GDB server elsewhere
// (--gdb HOST:PORT) has the probe on its own host: the firmware check loads through it.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/board/registry.hpp"
#include "host/doctor/doctor.hpp"
#include "host/flash/flash_tool.hpp"

namespace aotbench::doctor {

Check check_probe(Bench& b) {
  const board::Profile& p = b.board;
  if (p.emulated) {
    const flash::ToolCheck c = flash::emulator_tool().check_probe(p, b.options.access.probe);
    return {"probe", c.ok ? Status::pass : Status::fail, c.detail, c.fix, 0};
  }
  const std::string& gdb = b.options.access.gdb;
  if (!gdb.empty() && gdb != "start")
    return {"probe", Status::skip,
            fmt::format("on the host of the GDB server {}: the firmware check loads through it", gdb), "", 0};
  const auto usb = board::attached_usb_ids();
  const bool on_usb = std::any_of(p.probe.usb_ids.begin(), p.probe.usb_ids.end(), [&](const std::string& id) {
    return std::find(usb.begin(), usb.end(), id) != usb.end();
  });
  const flash::FlashTool& tool = flash::flash_tool_for(p, b.options.access.flasher);
  const flash::ToolCheck c = tool.check_probe(p, b.options.access.probe);
  Check check{"probe", c.ok ? Status::pass : Status::fail, c.detail, c.fix, 0};
  if (!c.ok && !on_usb) check.detail += fmt::format("; USB lists none of {}", fmt::join(p.probe.usb_ids, ", "));
  return check;
}

}  // namespace aotbench::doctor
