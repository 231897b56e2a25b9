#include "infer/host_build.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include "build/object_cache.hpp"

namespace fs = std::filesystem;

namespace aotbench::infer {
namespace {

const fs::path kSource = AOTBENCH_SOURCE_DIR;

}  // namespace

HostBuild build_host_runner(const HostBuildSpec& spec) {
  // The host's gcc or clang, through the same helpers the cross builds use.
  const build::Toolchain toolchain = build::Toolchain::host(spec.cc);
  std::vector<fs::path> include_dirs = spec.generated_dirs;
  include_dirs.insert(include_dirs.end(), {kSource / "codegen/kernels/include", kSource / "codegen/kernels/reference",
                                           kSource / "device/aot", kSource / "device/include"});
  std::vector<fs::path> sources;
  for (const auto& dir : spec.generated_dirs)
    for (const auto& c : build::c_sources_in(dir)) sources.push_back(c);
  for (const auto& k : build::c_sources_in(kSource / "codegen/kernels/reference")) sources.push_back(k);
  sources.push_back(kSource / "device/aot/ab_aot_runtime.c");
  sources.push_back(spec.main_source.empty() ? kSource / "host/infer/host_main.c" : spec.main_source);

  std::vector<std::string> flags = {"-std=c11", "-" + spec.opt, "-g0", "-Wall", "-Wextra",
                                    fmt::format("-DAB_INDEX_BITS={}", spec.index_bits)};
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
  }
  return {runner, compiled, static_cast<int>(objects.size()) - compiled};
}

}  // namespace aotbench::infer
