#include "host/infer/host_build.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>

#include "host/build/cache_ledger.hpp"
#include "host/build/object_cache.hpp"
#include "codegen/data/data_dir.hpp"

namespace fs = std::filesystem;

namespace aotbench::infer {
namespace {

// `rel` of the source tree, or of the installed data folder.
fs::path source_file(const std::string& rel) { return codegen::staged_path(rel); }

}  // namespace

HostBuild build_host_runner(const HostBuildSpec& spec) {
  // The host's gcc or clang, through the same helpers the cross builds use.
  const build::Toolchain toolchain = build::Toolchain::host(spec.build.cc);
  std::vector<fs::path> include_dirs = spec.generated_dirs, sources;
  for (const auto& dir : spec.generated_dirs)
    for (const auto& c : build::c_sources_in(dir)) sources.push_back(c);
  const auto add_once = [](std::vector<fs::path>& to, const std::vector<fs::path>& from) {
    for (const auto& f : from)
      if (std::find(to.begin(), to.end(), f) == to.end()) to.push_back(f);
  };
  for (const codegen::SupportFiles& s : spec.support) {
    add_once(sources, s.kernel_sources);
    add_once(sources, s.runtime_sources);
    add_once(include_dirs, s.include_dirs);
  }
  include_dirs.push_back(source_file("device/include"));
  sources.push_back(spec.main_source.empty() ? source_file("host/infer/host_main.c") : spec.main_source);

  std::vector<std::string> flags = {"-std=c11"};
  for (const auto& f : spec.build.code_flags()) flags.push_back(f);  // -O, and -falign-loops when aligned
  flags.insert(flags.end(), {"-g0", "-Wall", "-Wextra", spec.build.index_define()});
  if (spec.warnings_are_errors) flags.push_back("-Werror");
  std::vector<build::CompileJob> jobs;
  for (const auto& s : sources) jobs.push_back({s, flags, include_dirs});

  const build::ObjectCache cache(toolchain);
  int compiled = 0;
  const std::vector<fs::path> objects = cache.compile(jobs, spec.jobs, &compiled);

  build::Sha1Hex link_key;
  for (const auto& o : objects) link_key.add(o.filename().string());
  const fs::path dir = cache_dir() / "host" / link_key.hex();
  const fs::path runner = dir / "runner";
  if (!fs::exists(runner)) {
    fs::create_directories(dir);
    const fs::path tmp = dir / fmt::format("runner.{}.tmp", getpid());
    std::vector<std::string> cmd = {toolchain.linker()};
    for (const auto& o : objects) cmd.push_back(o.string());
    cmd.insert(cmd.end(), {"-o", tmp.string(), "-lm"});
    build::run_tool(cmd);
    fs::rename(tmp, runner);
    build::add_to_ledger(cache_dir(), build::bytes_in(runner));
  }
  return {runner, compiled, static_cast<int>(objects.size()) - compiled};
}

}  // namespace aotbench::infer
