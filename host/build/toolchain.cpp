// See toolchain.hpp.
#include "build/toolchain.hpp"

#include <fmt/core.h>

#include <map>
#include <mutex>

#include "flash/process.hpp"

namespace aotbench::build {

const std::string& Toolchain::version() const {
  static std::mutex m;
  static std::map<std::string, std::string> cache;
  std::lock_guard lock(m);
  auto it = cache.find(prefix);
  if (it != cache.end()) return it->second;
  std::string out = run_tool({cc(), "--version"});
  return cache[prefix] = out.substr(0, out.find('\n'));
}

std::string run_tool(const std::vector<std::string>& argv) {
  flash::CommandResult r;
  try {
    r = flash::run_command(argv, std::chrono::minutes(5));
  } catch (const flash::ProcessError& e) {
    throw BuildError(e.what());
  }
  if (r.exit_code != 0)
    throw BuildError(fmt::format("`{}` failed ({}):\n{}", flash::shell_join(argv),
                                 r.timed_out ? "timed out" : fmt::format("exit code {}", r.exit_code), r.output));
  return r.output;
}

}  // namespace aotbench::build
