#pragma once
// The toolchains the run-time builders call: arm-none-eabi-gcc + binutils for firmware (with gcc
// or clang compiling C sources, gcc always linking), or the host's gcc or clang for host runners.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "host/board/profile.hpp"

namespace aotbench::build {

struct BuildError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The C compiler of a build: the `cc` variant knob.
enum class Compiler { gcc, clang };
Compiler parse_compiler(std::string_view name);  // "gcc" | "clang"; throws BuildError otherwise
std::string to_string(Compiler c);

struct Toolchain {
  std::string prefix = "arm-none-eabi-";  // of gcc and binutils; "" for the host's
  Compiler compiler = Compiler::gcc;      // compiles C sources

  // arm-none-eabi with the compiler named by the `cc` knob; the host's gcc or clang.
  static Toolchain cross(std::string_view compiler);
  static Toolchain host(std::string_view compiler);

  std::string cc() const;  // gcc: <prefix>gcc; clang: the one clang for every target (--target picks)
  // Links with gcc, whatever compiled: it knows newlib's specs, libgcc and the multilib folders.
  std::string linker() const { return prefix + "gcc"; }
  std::string objdump() const { return prefix + "objdump"; }
  // First line of `cc --version` (of `linker --version`): part of every object key and build
  // fingerprint, so objects of different compilers never mix. Throws BuildError if absent.
  const std::string& version() const;
  const std::string& linker_version() const;

  // Compile flags beyond the profile's CPU flags that make cc() target the board's core the way
  // the cross gcc does: none for gcc, whose prefix names the target; for clang the target triple,
  // the ABI choices gcc makes and newlib's headers (see clang_target.hpp). This is the one place
  // where compile flags depend on the compiler.
  std::vector<std::string> target_flags(const board::Profile& p) const;
};

// Runs a tool, returns its output; throws BuildError with the command and the output on failure.
std::string run_tool(const std::vector<std::string>& argv);

}  // namespace aotbench::build
