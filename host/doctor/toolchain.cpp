// The toolchain check (cross compiler, newlib-nano for the board's core, gdb-multiarch, QEMU and
// its machine for emulated boards) and the flasher check (the tool and whether it knows the board).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "board/flags.hpp"
#include "doctor/doctor.hpp"
#include "flash/deps.hpp"
#include "flash/process.hpp"
#include "flash/tool_messages.hpp"

namespace aotbench::doctor {
namespace {

using namespace std::chrono_literals;

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// A program's first output line, or "" when it is missing or fails.
std::string version_of(const std::vector<std::string>& argv) {
  if (flash::find_program(argv[0]).empty() && !std::filesystem::exists(argv[0])) return "";
  const auto r = flash::run_command(argv, 20s);
  return r.exit_code == 0 ? first_line(r.output) : "";
}

const char* kDebianPackages =
    "run scripts/setup (Debian: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi gdb-multiarch "
    "qemu-system-arm openocd)";

}  // namespace

Check check_toolchain(Bench& b) {
  const board::Profile& p = b.board;
  std::vector<std::string> found, missing;
  if (const std::string gcc = version_of({"arm-none-eabi-gcc", "--version"}); gcc.empty()) {
    missing.push_back("arm-none-eabi-gcc");
  } else {
    found.push_back(gcc);
    // newlib-nano of this core's multilib: gcc prints the bare name when it has no such file.
    std::vector<std::string> argv = {"arm-none-eabi-gcc"};
    for (const auto& f : board::firmware_flags(p, "link.ld").cpu) argv.push_back(f);
    argv.push_back("-print-file-name=libc_nano.a");
    const auto r = flash::run_command(argv, 20s);
    const std::string libc = first_line(r.output);
    if (r.exit_code != 0 || libc.find('/') == std::string::npos)
      missing.push_back(fmt::format("newlib-nano for {} ({})", p.cpu.core, fmt::join(argv, " ")));
    else
      found.push_back(fmt::format("newlib-nano {}", std::filesystem::path(libc).lexically_normal().string()));
  }
  if (const std::string gdb = version_of({"gdb-multiarch", "--version"}); gdb.empty())
    missing.push_back("gdb-multiarch");
  else
    found.push_back(fmt::format("gdb-multiarch: {}", gdb));
  if (p.emulated) {
    if (const std::string qemu = version_of({"qemu-system-arm", "--version"}); qemu.empty())
      missing.push_back("qemu-system-arm");
    else
      found.push_back(fmt::format("qemu-system-arm: {}", qemu));
  }
  if (!missing.empty())
    return {"toolchain", Status::fail, fmt::format("missing: {}", fmt::join(missing, "; ")), kDebianPackages, 0};
  return {"toolchain", Status::pass, fmt::format("{}", fmt::join(found, "; ")), "", 0};
}

Check check_flasher(Bench& b) {
  const board::Profile& p = b.board;
  if (p.emulated) {
    // The "flasher" is QEMU's gdbstub: the machine must be one this QEMU emulates.
    const auto r = flash::run_command({"qemu-system-arm", "-machine", "help"}, 20s);
    if (r.exit_code != 0 || r.output.find("\n" + p.qemu.machine + " ") == std::string::npos)
      return {"flasher", Status::fail,
              fmt::format("qemu-system-arm does not emulate machine {} ({})", p.qemu.machine, flash::tool_message(r.output)),
              "install Debian's qemu-system-arm 7.2 or later (scripts/setup)", 0};
    return {"flasher", Status::pass,
            fmt::format("QEMU machine {}, loaded through its gdbstub by gdb-multiarch", p.qemu.machine), "", 0};
  }
  const std::string tool = b.options.flasher.empty() ? p.flasher : b.options.flasher;
  if (tool == "openocd") {
    const std::string version = version_of({"openocd", "--version"});
    if (version.empty()) return {"flasher", Status::fail, "openocd is not installed", kDebianPackages, 0};
    // OpenOCD's own search path for board/*.cfg: Debian installs its scripts here.
    const std::filesystem::path cfg = std::filesystem::path("/usr/share/openocd/scripts") / p.openocd.config;
    if (!std::filesystem::exists(cfg))
      return {"flasher", Status::fail, fmt::format("{} has no {}", version, p.openocd.config),
              fmt::format("use OpenOCD 0.12 or later (Debian's), or --flasher pyocd (target {})", p.pyocd.target), 0};
    return {"flasher", Status::pass, fmt::format("{} with {}", version, cfg.string()), "", 0};
  }
  if (tool != "pyocd") return {"flasher", Status::fail, fmt::format("unknown flasher `{}`", tool), "use openocd or pyocd", 0};
  const std::string pyocd = flash::find_venv_program("pyocd");
  if (pyocd.empty())
    return {"flasher", Status::fail,
            fmt::format("no pyOCD: {} is missing and no `pyocd` is on PATH",
                        (flash::deps_dir() / "venv" / "bin" / "pyocd").string()),
            "run scripts/setup: it installs the pinned pyOCD (scripts/python-requirements.txt) into .deps/venv", 0};
  const auto r = flash::run_command({pyocd, "json", "--targets"}, 60s);
  bool known = false;
  std::string version;
  try {
    const auto j = nlohmann::json::parse(r.output.substr(std::min(r.output.find('{'), r.output.size())));
    version = j.value("pyocd_version", "");
    for (const auto& t : j.at("targets")) known = known || t.value("name", "") == p.pyocd.target;
  } catch (const std::exception&) {
    return {"flasher", Status::fail, fmt::format("`{} json --targets` failed: {}", pyocd, flash::tool_message(r.output)),
            "run scripts/setup again to reinstall pyOCD", 0};
  }
  if (!known)
    return {"flasher", Status::fail,
            fmt::format("pyOCD {} ({}) has no built-in target {}", version, pyocd, p.pyocd.target),
            fmt::format("install its CMSIS pack once (`{} pack install {}`) or use --flasher openocd ({})", pyocd,
                        p.pyocd.target, p.openocd.config),
            0};
  return {"flasher", Status::pass, fmt::format("pyOCD {} ({}) knows target {}", version, pyocd, p.pyocd.target), "", 0};
}

}  // namespace aotbench::doctor
