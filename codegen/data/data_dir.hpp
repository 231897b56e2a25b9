#pragma once
// Where aotbench finds what it reads at run time (scenarios, kernel and runtime sources, device
// headers, prebuilt firmware). `cmake --install` puts them in <prefix>/share/aotbench beside
// <prefix>/bin/aotbench; a program run from a build tree uses the source and build trees instead.
#include <filesystem>
#include <optional>

namespace aotbench::codegen {

// <prefix>/share/aotbench when this program is <prefix>/bin/<name> of an installation.
std::optional<std::filesystem::path> installed_data_dir();

// `rel` under the installed data folder; `in_tree` (a path CMake compiled in) when not installed.
std::filesystem::path data_path(const std::filesystem::path& rel, const std::filesystem::path& in_tree);

// The same, unless the environment variable `env` names the folder (or file) itself.
std::filesystem::path data_path(const char* env, const std::filesystem::path& rel, const std::filesystem::path& in_tree);

}  // namespace aotbench::codegen
