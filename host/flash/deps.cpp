// See deps.hpp.
#include "host/flash/deps.hpp"

#include <unistd.h>

#include <cstdlib>

#include "base/process.hpp"

namespace aotbench::flash {

std::filesystem::path deps_dir() {
  if (const char* d = std::getenv("AOTBENCH_DEPS"); d && *d) return d;
  return AOTBENCH_DEPS_DIR;
}

std::string find_venv_program(const std::string& name) {
  const std::filesystem::path venv = deps_dir() / "venv" / "bin" / name;
  if (access(venv.c_str(), X_OK) == 0) return venv.string();
  return base::find_program(name);
}

}  // namespace aotbench::flash
