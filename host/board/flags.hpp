#pragma once
// Compiler and linker flags for a board's firmware. The one place that turns a profile's CPU,
// FPU and memory facts into flags: the CMake firmware build (through the generated board.cmake)
// and the run-time variant builder (host/build) both take them from here.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "host/board/profile.hpp"

namespace aotbench::board {

struct FirmwareFlags {
  std::vector<std::string> cpu;      // -mcpu, -mthumb, -mfpu, -mfloat-abi
  std::vector<std::string> compile;  // cpu + the core's macro + code generation flags (no -O: callers pick it)
  std::vector<std::string> link;     // cpu + linker script, C library specs, sections, build-id
};

// The macro the firmware build defines for a core: cortex-m7 -> AB_CPU_CORTEX_M7.
std::string core_macro(std::string_view core);

FirmwareFlags firmware_flags(const Profile& p, const std::filesystem::path& linker_script);

}  // namespace aotbench::board
