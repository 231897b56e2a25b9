// See toolchain.hpp.
#include "host/build/toolchain.hpp"

#include <fmt/core.h>

#include <map>
#include <mutex>

#include "base/process.hpp"
#include "host/board/cores.hpp"
#include "host/board/flags.hpp"
#include "host/build/clang_target.hpp"

namespace aotbench::build {
namespace {

// First line of `<program> --version`, asked once per program.
const std::string& version_of(const std::string& program) {
  static std::mutex m;
  static std::map<std::string, std::string> cache;
  std::lock_guard lock(m);
  auto it = cache.find(program);
  if (it != cache.end()) return it->second;
  std::string out = run_tool({program, "--version"});
  return cache[program] = out.substr(0, out.find('\n'));
}

}  // namespace

Compiler parse_compiler(std::string_view name) {
  if (name == "gcc") return Compiler::gcc;
  if (name == "clang") return Compiler::clang;
  throw BuildError(fmt::format("unknown compiler `{}`: use gcc or clang", name));
}

std::string to_string(Compiler c) { return c == Compiler::clang ? "clang" : "gcc"; }

Toolchain Toolchain::cross(std::string_view compiler) { return {"arm-none-eabi-", parse_compiler(compiler)}; }
Toolchain Toolchain::host(std::string_view compiler) { return {"", parse_compiler(compiler)}; }

std::string Toolchain::cc() const { return compiler == Compiler::clang ? "clang" : prefix + "gcc"; }

const std::string& Toolchain::version() const { return version_of(cc()); }
const std::string& Toolchain::linker_version() const { return version_of(linker()); }

std::vector<std::string> Toolchain::target_flags(const board::Profile& p) const {
  if (compiler == Compiler::gcc || prefix.empty()) return {};
  const board::CoreInfo* core = board::find_core(p.cpu.core);
  if (!core) throw BuildError(fmt::format("board {}: no architecture known for core {}", p.name, p.cpu.core));
  return clang_flags_like_gcc(linker(), core->architecture, board::firmware_flags(p, {}).cpu);
}

std::string run_tool(const std::vector<std::string>& argv) {
  base::CommandResult r;
  try {
    r = base::run_command(argv, std::chrono::minutes(5));
  } catch (const base::ProcessError& e) {
    throw BuildError(e.what());
  }
  if (r.exit_code != 0)
    throw BuildError(fmt::format("`{}` failed ({}):\n{}", base::shell_join(argv),
                                 r.timed_out ? "timed out" : fmt::format("exit code {}", r.exit_code), r.output));
  return r.output;
}

}  // namespace aotbench::build
