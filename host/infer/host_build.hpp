#pragma once
// Builds the host runner (host_main.c + a generated model + the kernels + the AOT runtime) with
// the host's gcc or clang (the `cc` knob), for `--board host`. Objects are cached by the SHA-1 of what determines
// them (compiler version, flags, the source and every header it may include), so the 16 variants
// of a model rebuild only what differs between them.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/build/object_cache.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/variant/build_config.hpp"

namespace aotbench::infer {

using build::cache_dir;

struct HostBuildError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HostBuildSpec {
  // Every .c file in these folders is compiled (several: several models in one program).
  std::vector<std::filesystem::path> generated_dirs;
  // What those models need besides (codegen::support_files of each); duplicates count once.
  std::vector<codegen::SupportFiles> support;
  // The program's main(); default: host_main.c, which runs the model behind ab_model().
  std::filesystem::path main_source;
  codegen::BuildConfig build;           // -O, -falign-loops, -DAB_INDEX_BITS, and gcc or clang compiles (gcc links)
  bool warnings_are_errors = true;      // generated code must be warning-free (-Wall -Wextra)
  int jobs = 0;                         // parallel compiles; 0: the core count
};

struct HostBuild {
  std::filesystem::path runner;  // the executable
  int compiled = 0;              // objects compiled now (the rest came from the cache)
  int cached = 0;
};

HostBuild build_host_runner(const HostBuildSpec& spec);

}  // namespace aotbench::infer
