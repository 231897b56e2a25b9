#pragma once
// Where aotbench finds what it reads at run time (scenarios, kernel and runtime sources, device
// headers, prebuilt firmware). `cmake --install` puts them in <prefix>/share/aotbench beside
// <prefix>/bin/aotbench; a program run from a build tree uses the build's staged copy of the
// sources it compiles (cmake/StageData.cmake) and the source and build trees for the rest.
#include <filesystem>
#include <optional>

namespace aotbench::codegen {

// <prefix>/share/aotbench when this program is <prefix>/bin/<name> of an installation.
std::optional<std::filesystem::path> installed_data_dir();

// `rel` under the installed data folder; `in_tree` (a path CMake compiled in) when not installed.
std::filesystem::path data_path(const std::filesystem::path& rel, const std::filesystem::path& in_tree);

// The same, unless the environment variable `env` names the folder (or file) itself.
std::filesystem::path data_path(const char* env, const std::filesystem::path& rel, const std::filesystem::path& in_tree);

// The sources compiled into every variant (the kernels, the AOT runtime, device/include, the host
// runner) as they were at the last build: $AOTBENCH_STAGE_DIR if set, else the installed data
// folder, else the build's staged copy (cmake/StageData.cmake).
std::filesystem::path staged_path(const std::filesystem::path& rel);

// The staged copy's stamp, rewritten by every build that changed the copy; none when installed.
std::optional<std::filesystem::path> stage_stamp();

}  // namespace aotbench::codegen
