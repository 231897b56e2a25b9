// See tool_checks.hpp.
#include "host/flash/tools/tool_checks.hpp"

#include <fmt/core.h>

#include <filesystem>

#include "base/process.hpp"
#include "host/flash/tool_messages.hpp"

namespace aotbench::flash {

std::string version_of(const std::vector<std::string>& argv) {
  if (base::find_program(argv[0]).empty() && !std::filesystem::exists(argv[0])) return "";
  const auto r = base::run_command(argv, std::chrono::seconds(20));
  return r.exit_code == 0 ? r.output.substr(0, r.output.find('\n')) : "";
}

const char* const kSetupPackages =
    "run scripts/setup (Debian: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi gdb-multiarch "
    "qemu-system-arm openocd)";

ToolCheck missing_probe(const board::Profile& p, const std::string& what) {
  return {false, fmt::format("no {} for board {}: {}", probe_description(p), p.name, what),
          "connect the board's ST-LINK USB port with a data cable and check that `lsusb` lists it; for a probe on "
          "another host, run OpenOCD or `pyocd gdbserver` there and give --gdb HOST:PORT"};
}

}  // namespace aotbench::flash
