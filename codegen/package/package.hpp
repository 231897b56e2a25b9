#pragma once
// `aotbench codegen`'s output folder: a variant's generated C made self-contained, so it drops into
// any firmware project. The runtime and kernel sources the variant needs are copied in (found by
// following their #include lines), dlpack.h only where the variant uses TVM's packed convention,
// a CMakeLists.txt (a static library with the right defines), a Makefile fragment (model.mk) and
// a README.md (API, memory, example). aotbench's own firmware glue (the model_iface.h adapter)
// goes into aotbench/, outside every source list.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "codegen/emit/emitter.hpp"

namespace aotbench::codegen {

class PackageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a sweep measured for this variant (best.toml's [measured]), for the README.
struct MeasuredFigures {
  std::string board;
  std::string counter;  // instructions, cycles_model, cycles_dwt
  uint64_t counts_median = 0;
  uint64_t flash_bytes = 0, ram_bytes = 0, stack_bytes = 0;
};

struct PackageOptions {
  std::string command;          // the command that generated it, quoted in the README
  std::string generator;        // e.g. "aotbench 0.1.0"
  std::optional<MeasuredFigures> measured;
  Variant variant;              // the variant generated (its opt and cc knobs are build advice)
  std::string core_define;      // the board's AB_CPU_<CORE>, which kernels ordered for one core test; "" if no board
};

// What the folder holds, paths relative to it.
struct Package {
  std::string library;                        // the CMake target (and Makefile variable stem)
  std::vector<std::string> model_sources;     // the generated C
  std::vector<std::string> support_sources;   // runtime and kernels
  std::vector<std::string> public_include_dirs, private_include_dirs;
  std::vector<std::string> defines;           // AB_INDEX_BITS=N, AB_AOT_NO_DLPACK, AB_CPU_<CORE>
  std::string opt_flag;                       // the optimization level it was measured at, e.g. -O3
  std::vector<std::string> code_flags;        // the flags shaping its code as measured: -O3 -falign-loops=16
  std::vector<std::string> files;             // every file written, sorted
};

// Writes the folder (created; must be empty or absent, or hold an earlier package of aotbench's).
// Throws PackageError when a file the sources include cannot be found.
Package write_package(const EmitResult& r, const PackageOptions& o, const std::filesystem::path& dir);

nlohmann::json package_json(const Package& p);

// The texts of the build files and the README (package_files.cpp, package_readme.cpp).
std::string package_cmake(const EmitSummary& s, const Package& p, const PackageOptions& o);
std::string package_makefile(const EmitSummary& s, const Package& p, const PackageOptions& o);
std::string package_readme(const EmitSummary& s, const Package& p, const PackageOptions& o);

}  // namespace aotbench::codegen
