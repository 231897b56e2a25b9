#pragma once
// Builds a firmware variant at run time: the board's prebuilt device runtime (RPC server,
// counter, framing, nanopb, startup; built by CMake for every profile) linked with extra C
// sources, typically a generated model, its kernels and its ab_model() adapter. The flags come
// from the board profile through board::firmware_flags, exactly as in the CMake build; the
// toolchain says which compiler compiles the extra sources (gcc, or clang told to target the core
// as gcc does) and adds what that compiler needs; gcc links. The plan
// lists the exact commands, and its fingerprint lets a caller cache builds. Objects come from the
// shared object cache (object_cache.hpp): a variant recompiles only the sources that changed.
#include <filesystem>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/build/object_cache.hpp"
#include "host/build/toolchain.hpp"

namespace aotbench::build {

struct VariantSpec {
  std::vector<std::filesystem::path> sources;       // C files to add (model, kernels, adapter)
  std::vector<std::filesystem::path> include_dirs;  // besides device/include (model_iface.h)
  std::vector<std::string> cflags;                  // for those sources; default {"-Os"}
  std::string name = "firmware";                    // <out_dir>/<name>.elf
  int jobs = 0;                                     // parallel compiles (0: the core count)
};

struct BuildPlan {
  std::filesystem::path elf;
  std::vector<std::vector<std::string>> compile;  // one command per source (objects in the cache)
  std::vector<CompileJob> jobs;                   // the same, for the object cache
  std::vector<std::string> link;
  // SHA-1 (hex) of what determines the ELF: compiler and linker versions, flags, the content of every
  // source, of every header in the include folders, of the runtime library and linker script.
  // Paths do not enter it, so equal inputs in different folders give equal fingerprints.
  std::string fingerprint;
};

struct BuildResult {
  BuildPlan plan;
  bool cached = false;  // the ELF in out_dir already had this fingerprint; nothing ran
};

class FirmwareBuilder {
 public:
  // runtime_dir: where CMake put <board>/libabdevice.a and gen/<board>/ (default below).
  explicit FirmwareBuilder(std::filesystem::path runtime_dir = default_runtime_dir(), Toolchain tc = {});
  // $AOTBENCH_FIRMWARE_DIR, else the installation's share/aotbench/firmware, else the firmware folder
  // of the build tree this aotbench came from.
  static std::filesystem::path default_runtime_dir();

  // Throws BuildError when the board's runtime is missing or was built from another profile.
  BuildPlan plan(const board::Profile& p, const VariantSpec& v, const std::filesystem::path& out_dir) const;
  // Runs the plan unless out_dir holds an ELF with the same fingerprint; throws BuildError with
  // the failing command and the compiler's output.
  BuildResult build(const board::Profile& p, const VariantSpec& v, const std::filesystem::path& out_dir) const;

  // The CMake-built self-test firmware of a board, and the -fstack-usage of its calibration code.
  std::filesystem::path selftest_elf(const board::Profile& p) const;
  std::filesystem::path hang_elf(const board::Profile& p) const;
  std::filesystem::path calibration_stack_usage(const board::Profile& p) const;
  const std::filesystem::path& runtime_dir() const { return runtime_dir_; }
  const Toolchain& toolchain() const { return tc_; }

 private:
  void check_runtime(const board::Profile& p) const;
  std::filesystem::path runtime_dir_;
  Toolchain tc_;
};

}  // namespace aotbench::build
