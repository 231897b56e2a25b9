// Parsing and validation of board profiles (toml++).
#include "host/board/profile.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/board/clock_profile.hpp"
#include "host/board/timing_profile.hpp"
#include "host/board/cores.hpp"
#include "host/board/toml_reader.hpp"

namespace aotbench::board {
namespace {

UartKind parse_uart_kind(const Reader& r, const std::string& s) {
  if (s == "stm32f4_usart") return UartKind::stm32f4_usart;
  if (s == "stm32f7_usart") return UartKind::stm32f7_usart;
  if (s == "cmsdk") return UartKind::cmsdk;
  r.fail(fmt::format("uart.kind `{}` is not one of stm32f4_usart, stm32f7_usart, cmsdk", s));
}

void read_cpu_memory(const Reader& r, Profile& p) {
  p.cpu.core = r.str("cpu.core");
  p.cpu.fpu = r.str("cpu.fpu", false);
  p.cpu.float_abi = r.str("cpu.float_abi", false, p.cpu.fpu.empty() ? "soft" : "hard");
  p.cpu.clock_hz = r.u32("cpu.clock_hz");
  p.cpu.irqs = r.u32("cpu.irqs");
  p.cpu.caches = r.flag("cpu.caches", false);
  p.cpu.features = r.strings("cpu.features", true);
  p.memory.flash = r.region("memory.flash");
  p.memory.ram = r.region("memory.ram");
  p.memory.stack_min = r.u32("memory.stack_min", false, 0x2000);
}

void read_uart_counter(const Reader& r, Profile& p) {
  p.uart.kind = parse_uart_kind(r, r.str("uart.kind"));
  p.uart.base = r.u32("uart.base");
  p.uart.baud = r.u32("uart.baud", false, 115200);
  p.uart.clock_hz = r.u32("uart.clock_hz");
  p.uart.irq = r.u32("uart.irq");
  p.uart.bus = r.str("uart.bus", false);
  p.uart.clock_enable = r.list<ClockEnable>("uart.clock_enable", [&](const toml::table& t, const std::string& w) {
    return ClockEnable{r.field(t, "reg", w), r.field(t, "bit", w)};
  });
  p.uart.pins = r.list<UartPin>("uart.pins", [&](const toml::table& t, const std::string& w) {
    return UartPin{r.field(t, "gpio", w), r.field(t, "pin", w), r.field(t, "af", w)};
  });
  p.counter.dwt_unlock = r.flag("counter.dwt_unlock", false);
  p.counter.systick_hz = r.u32("counter.systick_hz", false, p.cpu.clock_hz);
}

void read_flashers(const Reader& r, Profile& p) {
  p.probe.name = r.str("probe.name", !p.emulated);
  p.probe.usb_ids = r.strings("probe.usb_ids", false);
  p.flasher = r.str("flasher.tool");
  p.qemu.machine = r.str("qemu.machine", false);
  p.qemu.semihosting = r.flag("qemu.semihosting", false);
  p.qemu.icount_shift = static_cast<int>(r.num("qemu.icount_shift", false, 0xFFFF));
  if (p.qemu.icount_shift == 0xFFFF) p.qemu.icount_shift = -1;
  p.tool_settings = r.tool_settings();
  p.serial.device = r.str("serial.device", false);
  p.serial.baud = r.u32("serial.baud", false, 115200);
}

// The core must be in the table of cores, and each feature known and possible on that core.
void validate_cpu(const Reader& r, const Profile::Cpu& cpu) {
  const CoreInfo* core = find_core(cpu.core);
  if (!core) {
    std::vector<std::string_view> names;
    for (const CoreInfo& c : known_cores()) names.push_back(c.name);
    r.fail(fmt::format("cpu.core `{}` is not a core aotbench knows ({}); add it to host/board/cores.cpp",
                       cpu.core, fmt::join(names, ", ")));
  }
  for (std::size_t i = 0; i < cpu.features.size(); ++i) {
    const std::string& f = cpu.features[i];
    const auto& known = known_features();
    if (std::find(known.begin(), known.end(), f) == known.end())
      r.fail(fmt::format("cpu.features: unknown feature `{}`; known features: {}", f, fmt::join(known, ", ")));
    if (std::find(core->features.begin(), core->features.end(), f) == core->features.end())
      r.fail(fmt::format("cpu.features: a {} has no `{}` (features it may have: {}); remove it from the list",
                         cpu.core, f, core->features.empty() ? "none" : fmt::format("{}", fmt::join(core->features, ", "))));
    if (std::find(cpu.features.begin(), cpu.features.begin() + static_cast<std::ptrdiff_t>(i), f) !=
        cpu.features.begin() + static_cast<std::ptrdiff_t>(i))
      r.fail(fmt::format("cpu.features: `{}` is listed twice", f));
  }
}

void validate(const Reader& r, const Profile& p) {
  validate_cpu(r, p.cpu);
  if (p.emulated && p.qemu.machine.empty()) r.fail("an emulated board needs qemu.machine");
  // QEMU is the emulator itself ([qemu] above), so it is the one tool the board knows by name.
  if (p.emulated != (p.flasher == "qemu")) r.fail("target = \"emulated\" goes with flasher.tool = \"qemu\"");
  // Which tools exist and what each needs is theirs to say (flash::check_flasher); a hardware
  // board's own tool needs its table at least.
  const bool has_table = std::any_of(p.tool_settings.begin(), p.tool_settings.end(),
                                     [&](const auto& kv) { return kv.first.rfind(p.flasher + ".", 0) == 0; });
  if (!p.emulated && !has_table)
    r.fail(fmt::format("flasher.tool `{}` has no [{}] table with its settings (e.g. [openocd] config, [pyocd] target)",
                       p.flasher, p.flasher));
  if (!p.emulated && p.serial.device.empty()) r.fail("a hardware board needs serial.device");
  if (!p.emulated && p.probe.usb_ids.empty())
    r.fail("a hardware board needs probe.usb_ids, the USB ids its debug probe enumerates as (e.g. \"0483:374b\")");
  for (const auto& id : p.probe.usb_ids)
    if (id.size() != 9 || id[4] != ':' || id.find_first_not_of("0123456789abcdef:") != std::string::npos)
      r.fail(fmt::format("probe.usb_ids: `{}` is not a USB id like \"0483:374b\" (lower-case hex)", id));
  if (p.memory.flash.size == 0 || p.memory.ram.size == 0) r.fail("memory.flash and memory.ram need a size");
  if (p.memory.stack_min >= p.memory.ram.size) r.fail("memory.stack_min must be smaller than the RAM");
  if (p.cpu.clock_hz == 0 || p.uart.clock_hz == 0 || p.uart.baud == 0)
    r.fail("cpu.clock_hz, uart.clock_hz and uart.baud must be non-zero");
  if (p.qemu.icount_shift > 10) r.fail("qemu.icount_shift must be 0..10");
  if (p.uart.irq >= p.cpu.irqs) r.fail("uart.irq must be below cpu.irqs");
}

}  // namespace

Profile load_profile(const std::filesystem::path& file) {
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    throw BoardError(fmt::format("board profile {}: not valid TOML: {} (line {})", file.string(),
                                 e.description(), e.source().begin.line));
  }
  Reader r(root, file);
  Profile p;
  p.file = file;
  p.name = r.str("name");
  if (p.name != file.stem().string())
    r.fail(fmt::format("name `{}` must match the file name `{}`", p.name, file.stem().string()));
  p.description = r.str("description", false);
  std::string target = r.str("target");
  if (target != "emulated" && target != "hardware")
    r.fail(fmt::format("target `{}` is not one of emulated, hardware", target));
  p.emulated = target == "emulated";
  read_cpu_memory(r, p);
  read_uart_counter(r, p);
  read_flashers(r, p);
  p.clock = read_clock(r);
  p.timing = read_timing(r, p);
  validate(r, p);
  validate_clock(r, p);
  return p;
}

std::string Profile::tool_setting(const std::string& key) const {
  const auto it = tool_settings.find(key);
  return it == tool_settings.end() ? "" : it->second;
}

bool Profile::Cpu::has_feature(std::string_view feature) const {
  return std::find(features.begin(), features.end(), feature) != features.end();
}

std::string to_string(UartKind kind) {
  switch (kind) {
    case UartKind::stm32f4_usart: return "stm32f4_usart";
    case UartKind::stm32f7_usart: return "stm32f7_usart";
    case UartKind::cmsdk: return "cmsdk";
  }
  return "?";
}

int icount_shift(const Profile& p) {
  if (p.qemu.icount_shift >= 0) return p.qemu.icount_shift;
  for (int s = 0; s <= 10; ++s)
    if (static_cast<double>(p.counter.systick_hz) * (1u << s) >= 2e9) return s;
  return 10;
}

}  // namespace aotbench::board
