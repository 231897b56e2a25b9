#pragma once
// The cross toolchain (arm-none-eabi-gcc + binutils) as the run-time builder and the calibration
// helpers call it.
#include <stdexcept>
#include <string>
#include <vector>

namespace aotbench::build {

struct BuildError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Toolchain {
  std::string prefix = "arm-none-eabi-";
  std::string cc() const { return prefix + "gcc"; }
  std::string objdump() const { return prefix + "objdump"; }
  // First line of `gcc --version`, part of every build fingerprint. Throws BuildError if absent.
  const std::string& version() const;
};

// Runs a tool, returns its output; throws BuildError with the command and the output on failure.
std::string run_tool(const std::vector<std::string>& argv);

}  // namespace aotbench::build
