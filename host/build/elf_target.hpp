#pragma once
// Whether a firmware ELF can run on a board, decided from the file before anything boots: an Arm
// ELF (not a random file, not a host program) whose architecture the board's core implements,
// that uses no FPU the board lacks, and whose loaded bytes all lie in the board's flash and RAM
// (firmware linked for another board's memory map locks the core up).
#include <filesystem>
#include <optional>
#include <string>

#include "host/board/profile.hpp"
#include "host/build/elf_info.hpp"

namespace aotbench::build {

// The build attributes of an Arm ELF (.ARM.attributes, "aeabi" file scope).
struct ArmAttributes {
  std::optional<unsigned> cpu_arch;  // Tag_CPU_arch: 10 v7, 11 v6-M, 13 v7E-M, 17 v8-M.main, ...
  std::optional<unsigned> fp_arch;   // Tag_FP_arch: 0 none, 6 VFPv4-D16, 8 FPv5-D16, ...
  bool vfp_args = false;             // Tag_ABI_VFP_args = 1: floats passed in FPU registers
  std::string cpu_name;              // Tag_CPU_name, e.g. "cortex-m4"
};

// Parses the contents of a .ARM.attributes section; unknown vendors and scopes are skipped.
ArmAttributes parse_arm_attributes(const unsigned char* data, std::size_t size);

// Throws ElfError naming the file, what it was built for and the board it cannot run on.
void check_elf_runs_on(const std::filesystem::path& elf, const board::Profile& board);

}  // namespace aotbench::build
