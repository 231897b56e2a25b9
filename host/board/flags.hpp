#pragma once
// Compiler and linker flags for a board's firmware. The one place that turns a profile's CPU,
// FPU and memory facts into flags: the CMake firmware build (through the generated board.cmake)
// and the run-time variant builder (host/build) both take them from here.
#include <filesystem>
#include <string>
#include <vector>

#include "host/board/profile.hpp"

namespace aotbench::board {

struct FirmwareFlags {
  std::vector<std::string> cpu;      // -mcpu, -mthumb, -mfpu, -mfloat-abi
  std::vector<std::string> compile;  // cpu + code generation flags (no -O: callers pick it)
  std::vector<std::string> link;     // cpu + linker script, C library specs, sections, build-id
};

FirmwareFlags firmware_flags(const Profile& p, const std::filesystem::path& linker_script);

}  // namespace aotbench::board
