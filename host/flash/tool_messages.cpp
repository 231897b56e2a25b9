// See tool_messages.hpp.
#include "host/flash/tool_messages.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <sstream>
#include <vector>

namespace aotbench::flash {
namespace {

bool says(const std::string& output, const char* what) { return output.find(what) != std::string::npos; }

// What the tools print when no probe is attached: pyOCD (on stdout, not as an error line),
// OpenOCD's ST-LINK driver.
constexpr const char* kNoProbe[] = {"No connected debug probes", "No available debug probes", "No probe selected",
                                    "open failed"};

bool says_no_probe(const std::string& output) {
  for (const char* s : kNoProbe)
    if (says(output, s)) return true;
  return false;
}

}  // namespace

std::string tool_message(const std::string& output) {
  std::istringstream in(output);
  std::vector<std::string> errors, last;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    // errors: "Error: ..." (OpenOCD), "0000272 E ..." (pyOCD's log), and the no-probe lines
    if (says(line, "rror") || says(line, " E ") || says_no_probe(line)) errors.push_back(line);
    last.push_back(line);
    if (last.size() > 3) last.erase(last.begin());
  }
  std::string msg = fmt::format("{}", fmt::join(errors.empty() ? last : errors, " | "));
  if (msg.size() > 400) msg = msg.substr(0, 400) + "...";
  return msg.empty() ? "(no output)" : msg;
}

std::string probe_description(const board::Profile& p) {
  if (p.probe.usb_ids.empty()) return p.probe.name;
  return fmt::format("{} (USB {})", p.probe.name, fmt::join(p.probe.usb_ids, " or "));
}

std::string probe_hint(const board::Profile& p, const std::string& output) {
  if (says_no_probe(output))
    return fmt::format("; no debug probe found: connect board {}'s {} by USB (a data cable, not a charging one) and "
                       "check that `lsusb` lists it, or load through a GDB server on the probe's host with "
                       "--gdb HOST:PORT; `aotbench doctor --board {}` checks the whole bench",
                       p.name, probe_description(p), p.name);
  if (says(output, "LIBUSB_ERROR_ACCESS") || says(output, "Permission denied") || says(output, "insufficient permissions"))
    return fmt::format("; the {} is attached but this user may not open it: install the udev rules "
                       "(/usr/lib/udev/rules.d/60-openocd.rules from Debian's openocd, then `udevadm control "
                       "--reload` and replug it) and be in the plugdev group",
                       p.probe.name);
  return "";
}

}  // namespace aotbench::flash
