// The toolchain check (cross compiler, newlib-nano for the board's core, gdb-multiarch, QEMU for
// emulated boards) and the flasher check (the tool and whether it knows the board: the tool's own,
// flash/tools/).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <filesystem>

#include "base/process.hpp"
#include "host/board/flags.hpp"
#include "host/doctor/doctor.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/tools/tool_checks.hpp"

namespace aotbench::doctor {
namespace {

using namespace std::chrono_literals;

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

Check check_toolchain(Bench& b) {
  const board::Profile& p = b.board;
  std::vector<std::string> found, missing;
  if (const std::string gcc = flash::version_of({"arm-none-eabi-gcc", "--version"}); gcc.empty()) {
    missing.push_back("arm-none-eabi-gcc");
  } else {
    found.push_back(gcc);
    // newlib-nano of this core's multilib: gcc prints the bare name when it has no such file.
    std::vector<std::string> argv = {"arm-none-eabi-gcc"};
    for (const auto& f : board::firmware_flags(p, "link.ld").cpu) argv.push_back(f);
    argv.push_back("-print-file-name=libc_nano.a");
    const auto r = base::run_command(argv, 20s);
    const std::string libc = first_line(r.output);
    if (r.exit_code != 0 || libc.find('/') == std::string::npos)
      missing.push_back(fmt::format("newlib-nano for {} ({})", p.cpu.core, fmt::join(argv, " ")));
    else
      found.push_back(fmt::format("newlib-nano {}", std::filesystem::path(libc).lexically_normal().string()));
  }
  if (const std::string gdb = flash::version_of({"gdb-multiarch", "--version"}); gdb.empty())
    missing.push_back("gdb-multiarch");
  else
    found.push_back(fmt::format("gdb-multiarch: {}", gdb));
  if (p.emulated) {
    if (const std::string qemu = flash::version_of({"qemu-system-arm", "--version"}); qemu.empty())
      missing.push_back("qemu-system-arm");
    else
      found.push_back(fmt::format("qemu-system-arm: {}", qemu));
  }
  if (!missing.empty())
    return {"toolchain", Status::fail, fmt::format("missing: {}", fmt::join(missing, "; ")), flash::kSetupPackages, 0};
  return {"toolchain", Status::pass, fmt::format("{}", fmt::join(found, "; ")), "", 0};
}

// The board's tool (QEMU for emulated boards): installed, and knowing the board.
Check check_flasher(Bench& b) {
  const board::Profile& p = b.board;
  const std::string name = p.emulated || b.options.access.flasher.empty() ? p.flasher : b.options.access.flasher;
  const flash::FlashTool* tool = flash::find_flash_tool(name);
  if (!tool)
    return {"flasher", Status::fail, fmt::format("unknown flasher `{}`", name),
            fmt::format("use {}", flash::flash_tool_choices(false)), 0};
  const flash::ToolCheck c = tool->check_tool(p);
  return {"flasher", c.ok ? Status::pass : Status::fail, c.detail, c.fix, 0};
}

}  // namespace aotbench::doctor
