// See firmware_builder.hpp.
#include "host/build/firmware_builder.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "base/files.hpp"
#include "host/board/board_files.hpp"
#include "host/board/flags.hpp"
#include "host/build/object_cache.hpp"
#include "codegen/data/data_dir.hpp"

namespace aotbench::build {
namespace {

namespace fs = std::filesystem;

// How one source is compiled: the profile's CPU and code flags, what the compiler needs besides
// them to target the core, the variant's flags, warnings.
CompileJob compile_job(const board::FirmwareFlags& flags, const std::vector<std::string>& target_flags,
                       const std::vector<std::string>& cflags, const std::vector<fs::path>& includes,
                       const fs::path& src) {
  CompileJob job{src, flags.compile, {}};
  job.flags.insert(job.flags.end(), target_flags.begin(), target_flags.end());
  job.flags.insert(job.flags.end(), cflags.begin(), cflags.end());
  for (const char* w : {"-Wall", "-Wextra"}) job.flags.emplace_back(w);
  // Debug info names sources relative to their folder, so objects do not depend on where they were built.
  job.flags.push_back("-ffile-prefix-map=" + src.parent_path().string() + "/=");
  for (const auto& inc : includes) job.include_dirs.push_back(fs::absolute(inc));
  return job;
}

}  // namespace

FirmwareBuilder::FirmwareBuilder(fs::path runtime_dir, Toolchain tc)
    : runtime_dir_(std::move(runtime_dir)), tc_(std::move(tc)) {}

fs::path FirmwareBuilder::default_runtime_dir() {
  return codegen::data_path("AOTBENCH_FIRMWARE_DIR", "firmware", AOTBENCH_FIRMWARE_DIR);
}

fs::path FirmwareBuilder::selftest_elf(const board::Profile& p) const { return runtime_dir_ / p.name / "selftest.elf"; }
fs::path FirmwareBuilder::hang_elf(const board::Profile& p) const { return runtime_dir_ / p.name / "hang.elf"; }
fs::path FirmwareBuilder::calibration_stack_usage(const board::Profile& p) const {
  return runtime_dir_ / p.name / "calibration.su";
}

void FirmwareBuilder::check_runtime(const board::Profile& p) const {
  fs::path lib = runtime_dir_ / p.name / "libabdevice.a", gen = runtime_dir_ / "gen" / p.name;
  if (!fs::exists(lib))
    throw BuildError(fmt::format("no device runtime for board {} in {}: build aotbench first (cmake --build)",
                                 p.name, runtime_dir_.string()));
  board::BoardFiles want = board::generate_board_files(p, gen);
  auto same = [&](const char* file, const std::string& text) {
    std::ifstream in(gen / file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return in && s.str() == text;
  };
  if (!same(board::kBoardConfigFile, want.board_config_h) || !same(board::kLinkerScriptFile, want.linker_script) ||
      !same(board::kStartupFile, want.startup_c))
    throw BuildError(fmt::format("the device runtime for board {} was built from another version of {}: "
                                 "rebuild aotbench (cmake --build) so they match",
                                 p.name, p.file.string()));
}

BuildPlan FirmwareBuilder::plan(const board::Profile& p, const VariantSpec& v, const fs::path& out_dir) const {
  check_runtime(p);
  if (v.sources.empty()) throw BuildError("a firmware variant needs at least one source (the model adapter)");
  fs::path gen = runtime_dir_ / "gen" / p.name, lib = runtime_dir_ / p.name / "libabdevice.a";
  board::FirmwareFlags flags = board::firmware_flags(p, gen / board::kLinkerScriptFile);
  std::vector<std::string> cflags = v.cflags.empty() ? std::vector<std::string>{"-Os"} : v.cflags;
  std::vector<fs::path> includes = {codegen::staged_path("device/include")};
  includes.insert(includes.end(), v.include_dirs.begin(), v.include_dirs.end());

  BuildPlan plan;
  plan.elf = fs::absolute(out_dir) / (v.name + ".elf");
  // What determines the ELF: the objects (their cache keys cover toolchain, flags, sources and
  // every header they include), the device library, the linker script and the link flags.
  Sha1Hex h;
  h.add(tc_.linker_version()).add(base::read_text(gen / board::kLinkerScriptFile)).add(base::read_text(lib));

  const ObjectCache cache(tc_);
  const std::vector<std::string> target_flags = tc_.target_flags(p);
  std::vector<std::string> objects;
  for (const fs::path& source : v.sources) {
    const CompileJob job = compile_job(flags, target_flags, cflags, includes, fs::absolute(source));
    const fs::path obj = cache.object_path(job);
    plan.compile.push_back(cache.command(job, obj));
    plan.jobs.push_back(job);
    objects.push_back(obj.string());
    h.add(obj.filename().string());
  }
  plan.link = {tc_.linker()};
  plan.link.insert(plan.link.end(), flags.link.begin(), flags.link.end());
  plan.link.push_back("-Wl,-Map=" + (fs::absolute(out_dir) / (v.name + ".map")).string());
  plan.link.insert(plan.link.end(), objects.begin(), objects.end());
  plan.link.insert(plan.link.end(), {lib.string(), "-o", plan.elf.string()});
  for (const auto& f : flags.link)  // the script's path out: its content is hashed above
    h.add(f.rfind("-T", 0) == 0 ? "-T" + std::string(board::kLinkerScriptFile) : f);
  plan.fingerprint = h.hex();
  return plan;
}

BuildResult FirmwareBuilder::build(const board::Profile& p, const VariantSpec& v, const fs::path& out_dir) const {
  BuildResult r{plan(p, v, out_dir), false};
  fs::path stamp = fs::path(r.plan.elf).replace_extension(".fingerprint");
  if (fs::exists(r.plan.elf) && fs::exists(stamp) && base::read_text(stamp) == r.plan.fingerprint) {
    r.cached = true;
    return r;
  }
  fs::create_directories(fs::absolute(out_dir));
  fs::remove(stamp);
  ObjectCache(tc_).compile(r.plan.jobs, v.jobs);
  run_tool(r.plan.link);
  std::ofstream(stamp, std::ios::binary) << r.plan.fingerprint;
  return r;
}

}  // namespace aotbench::build
