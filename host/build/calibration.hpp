#pragma once
// What the self-test compares measurements with: instruction counts predicted from the
// disassembly of the calibration functions (objdump), and the stack use GCC reports for the
// function of known depth (-fstack-usage).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "host/build/toolchain.hpp"

namespace aotbench::build {

// A function as straight code around one loop: `before` instructions, then `body` instructions
// repeated once per iteration (from the backward branch's target to the branch), then `after`.
// A function without a backward branch has body == 0 and everything in `before`.
struct LoopShape {
  unsigned before = 0, body = 0, after = 0;
  std::string disassembly;  // what objdump printed, for messages
};

// Throws BuildError when objdump fails or the function is not in the ELF.
LoopShape loop_shape(const std::filesystem::path& elf, const std::string& function, const Toolchain& tc = {});

// Instructions executed by a call of the function whose loop runs `iterations` times.
inline std::uint64_t predicted_instructions(const LoopShape& s, std::uint64_t iterations) {
  return s.before + static_cast<std::uint64_t>(s.body) * iterations + s.after;
}

// The static stack use of `function` in a GCC .su file, if listed.
std::optional<std::uint32_t> stack_usage(const std::filesystem::path& su_file, const std::string& function);

}  // namespace aotbench::build
