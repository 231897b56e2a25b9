#pragma once
// What scripts/setup installed beside the source tree: the Python virtual environment with the
// pinned tools of scripts/python-requirements.txt (a current pyOCD). aotbench prefers them to
// what is on PATH (Debian's pyOCD is too old for our STM32 targets) and never installs anything.
#include <filesystem>
#include <string>

namespace aotbench::flash {

// $AOTBENCH_DEPS (as scripts/setup reads it), else the .deps folder the build was configured with.
std::filesystem::path deps_dir();

// NAME from the setup's venv (.deps/venv/bin/NAME) when it is there, else NAME's path on PATH,
// else "".
std::string find_venv_program(const std::string& name);

}  // namespace aotbench::flash
