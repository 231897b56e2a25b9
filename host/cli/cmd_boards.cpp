// `aotbench boards`: the board profiles and aliases aotbench knows.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "host/board/registry.hpp"
#include "host/cli/commands.hpp"

namespace aotbench::cli {
namespace {

nlohmann::json uart_json(const board::Profile::Uart& u) {
  nlohmann::json pins = nlohmann::json::array(), clocks = nlohmann::json::array();
  for (const auto& pin : u.pins) pins.push_back({{"gpio", pin.gpio}, {"pin", pin.pin}, {"af", pin.af}});
  for (const auto& c : u.clock_enable) clocks.push_back({{"reg", c.reg}, {"bit", c.bit}});
  return {{"kind", board::to_string(u.kind)}, {"base", u.base}, {"baud", u.baud}, {"clock_hz", u.clock_hz},
          {"bus", u.bus}, {"pins", pins}, {"clock_enable", clocks}};
}

// The PLL set-up the firmware makes at start; null when the board runs on the clock it starts with.
nlohmann::json clock_json(const board::Profile& p) {
  if (!p.clock) return nullptr;
  const auto& c = *p.clock;
  return {{"source", c.source},       {"hse_hz", c.hse_hz},       {"hse_bypass", c.hse_bypass},
          {"hsi_hz", c.hsi_hz},       {"pll_m", c.pll_m},         {"pll_n", c.pll_n},
          {"pll_p", c.pll_p},         {"pll_q", c.pll_q},         {"ahb_div", c.ahb_div},
          {"apb1_div", c.apb1_div},   {"apb2_div", c.apb2_div},   {"flash_latency", c.flash_latency},
          {"overdrive", c.overdrive}, {"flash_acr_bits", c.flash_acr_bits}};
}

// The timing model's data ([timing]); null when the board has none (it counts instructions under QEMU).
nlohmann::json timing_json(const board::Profile& p) {
  if (!p.timing) return nullptr;
  const auto& t = *p.timing;
  const auto cache = [](const board::Profile::Timing::Cache& c) -> nlohmann::json {
    if (!c.lines) return nullptr;
    return {{"lines", c.lines}, {"line_bytes", c.line_bytes}, {"ways", c.ways}};
  };
  nlohmann::json flash = nlohmann::json::array();
  for (const auto& f : t.flash) flash.push_back({{"origin", f.origin}, {"size", f.size}});
  return {{"model", t.model},           {"core", t.core},       {"flash", flash},
          {"flash_wait_states", t.flash_wait_states}, {"flash_read_bytes", t.flash_read_bytes},
          {"prefetch", t.prefetch},     {"icache", cache(t.icache)}, {"dcache", cache(t.dcache)}};
}

// The flash tools' settings in the profile ("openocd.config" ...), by tool: whatever tools there
// are, none named here.
std::map<std::string, std::map<std::string, std::string>> tool_settings(const board::Profile& p) {
  std::map<std::string, std::map<std::string, std::string>> out;
  for (const auto& [key, value] : p.tool_settings) {
    const auto dot = key.find('.');
    out[key.substr(0, dot)][dot == std::string::npos ? "" : key.substr(dot + 1)] = value;
  }
  return out;
}

nlohmann::json to_json(const board::Profile& p) {
  return {{"name", p.name},
          {"description", p.description},
          {"target", p.emulated ? "emulated" : "hardware"},
          {"cpu", p.cpu.core},
          {"fpu", p.cpu.fpu},
          {"features", p.cpu.features},
          {"clock_hz", p.cpu.clock_hz},
          {"clock", clock_json(p)},
          {"timing", timing_json(p)},
          {"flash", {{"origin", p.memory.flash.origin}, {"size", p.memory.flash.size}}},
          {"ram", {{"origin", p.memory.ram.origin}, {"size", p.memory.ram.size}}},
          {"uart", uart_json(p.uart)},
          {"probe", {{"name", p.probe.name}, {"usb_ids", p.probe.usb_ids}}},
          {"flasher", p.flasher},
          {"qemu_machine", p.qemu.machine},
          {"tools", tool_settings(p)},
          {"serial_device", p.serial.device},
          {"profile", p.file.string()}};
}

void list_boards(bool json) {
  board::Registry reg;
  auto usb = board::attached_usb_ids();
  if (json) {
    nlohmann::json out = {{"boards", nlohmann::json::array()}, {"aliases", nlohmann::json::object()}};
    for (auto& name : reg.names()) out["boards"].push_back(to_json(reg.get(name, usb)));
    for (auto& [name, a] : reg.aliases())
      out["aliases"][name] = {{"emulated", a.emulated}, {"hardware", a.hardware}, {"resolves_to", reg.resolve(name, usb)}};
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("{:<19} {:<9} {:<10} {:<9} {:>8} {:>9} {:>8}  {:<14} {:<13} {}\n", "board", "target", "cpu", "features",
             "MHz", "flash KB", "RAM KB", "uart", "probe", "flasher");
  for (auto& name : reg.names()) {
    const auto& p = reg.get(name, usb);
    std::vector<std::string> tools;
    for (const auto& [tool, settings] : tool_settings(p)) {
      std::vector<std::string> values;
      for (const auto& [key, value] : settings) values.push_back(value);
      tools.push_back(fmt::format("{} {}", tool, fmt::join(values, " ")));
    }
    const std::string flasher = p.emulated     ? "qemu " + p.qemu.machine
                                : tools.empty() ? p.flasher
                                                : fmt::format("{} ({})", p.flasher, fmt::join(tools, ", "));
    const std::string features = p.cpu.features.empty() ? "-" : fmt::format("{}", fmt::join(p.cpu.features, ","));
    fmt::print("{:<19} {:<9} {:<10} {:<9} {:>8} {:>9} {:>8}  {:<14} {:<13} {}\n", p.name, p.emulated ? "emulated" : "hardware",
               p.cpu.core, features, p.cpu.clock_hz / 1000000, p.memory.flash.size / 1024, p.memory.ram.size / 1024,
               board::to_string(p.uart.kind), p.probe.name, flasher);
  }
  for (auto& [name, a] : reg.aliases())
    fmt::print("alias {} -> {} (emulated: {}, with a probe attached: {})\n", name, reg.resolve(name, usb),
               a.emulated, a.hardware.empty() ? "-" : a.hardware);
}

}  // namespace

void add_boards(CLI::App& app) {
  auto* cmd = app.add_subcommand("boards", "list the board profiles (scenarios/boards) and aliases");
  static bool json = false;
  cmd->add_flag("--json", json, "print JSON on stdout");
  cmd->callback([] { list_boards(json); });
}

}  // namespace aotbench::cli
