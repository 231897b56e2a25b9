// See firmware_builder.hpp.
#include "build/firmware_builder.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <boost/uuid/detail/sha1.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "board/board_files.hpp"
#include "board/flags.hpp"

namespace aotbench::build {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw BuildError(fmt::format("cannot read {}", p.string()));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class Hasher {
 public:
  Hasher& add(const std::string& s) {
    std::uint64_t n = s.size();  // length-prefixed, so concatenations cannot collide
    h_.process_bytes(&n, sizeof n);
    h_.process_bytes(s.data(), s.size());
    return *this;
  }
  Hasher& add(const std::vector<std::string>& v) {
    for (auto& s : v) add(s);
    return add("|");
  }
  std::string hex() {
    unsigned int d[5];
    h_.get_digest(d);
    return fmt::format("{:08x}{:08x}{:08x}{:08x}{:08x}", d[0], d[1], d[2], d[3], d[4]);
  }

 private:
  boost::uuids::detail::sha1 h_;
};

// Headers a source may include: every .h/.inc under the include folders, by relative path.
void hash_headers(Hasher& h, const std::vector<fs::path>& dirs) {
  for (auto& dir : dirs) {
    std::vector<fs::path> files;
    for (auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && (e.path().extension() == ".h" || e.path().extension() == ".inc"))
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (auto& f : files) h.add(fs::relative(f, dir).string()).add(read_file(f));
  }
}

std::string object_name(std::size_t i, const fs::path& src) {
  return fmt::format("{:03}_{}.o", i, src.stem().string());
}

}  // namespace

FirmwareBuilder::FirmwareBuilder(fs::path runtime_dir, Toolchain tc)
    : runtime_dir_(std::move(runtime_dir)), tc_(std::move(tc)) {}

fs::path FirmwareBuilder::default_runtime_dir() {
  if (const char* env = std::getenv("AOTBENCH_FIRMWARE_DIR"); env && *env) return env;
  return AOTBENCH_FIRMWARE_DIR;
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
  std::vector<fs::path> includes = {fs::path(AOTBENCH_SOURCE_DIR) / "device" / "include"};
  includes.insert(includes.end(), v.include_dirs.begin(), v.include_dirs.end());

  BuildPlan plan;
  plan.elf = fs::absolute(out_dir) / (v.name + ".elf");
  Hasher h;
  h.add(tc_.version()).add(flags.compile).add(cflags).add(flags.cpu);
  h.add(read_file(gen / board::kLinkerScriptFile)).add(read_file(lib));
  hash_headers(h, includes);

  std::vector<std::string> objects;
  for (std::size_t i = 0; i < v.sources.size(); ++i) {
    fs::path src = fs::absolute(v.sources[i]);
    fs::path obj = fs::absolute(out_dir) / "obj" / object_name(i, src);
    std::vector<std::string> cmd = {tc_.cc()};
    cmd.insert(cmd.end(), flags.compile.begin(), flags.compile.end());
    cmd.insert(cmd.end(), cflags.begin(), cflags.end());
    for (const char* w : {"-Wall", "-Wextra"}) cmd.emplace_back(w);
    for (auto& inc : includes) cmd.push_back("-I" + fs::absolute(inc).string());
    // Debug info names sources relative to their folder, so the ELF does not depend on where it was built.
    cmd.push_back("-ffile-prefix-map=" + src.parent_path().string() + "/=");
    cmd.insert(cmd.end(), {"-c", src.string(), "-o", obj.string()});
    plan.compile.push_back(cmd);
    objects.push_back(obj.string());
    h.add(src.filename().string()).add(read_file(src));
  }
  plan.link = {tc_.cc()};
  plan.link.insert(plan.link.end(), flags.link.begin(), flags.link.end());
  plan.link.push_back("-Wl,-Map=" + (fs::absolute(out_dir) / (v.name + ".map")).string());
  plan.link.insert(plan.link.end(), objects.begin(), objects.end());
  plan.link.insert(plan.link.end(), {lib.string(), "-o", plan.elf.string()});
  std::vector<std::string> link_flags = flags.link;  // the script's path out, its content is hashed
  for (auto& f : link_flags)
    if (f.rfind("-T", 0) == 0) f = "-T" + std::string(board::kLinkerScriptFile);
  h.add(link_flags);
  plan.fingerprint = h.hex();
  return plan;
}

BuildResult FirmwareBuilder::build(const board::Profile& p, const VariantSpec& v, const fs::path& out_dir) const {
  BuildResult r{plan(p, v, out_dir), false};
  fs::path stamp = fs::path(r.plan.elf).replace_extension(".fingerprint");
  if (fs::exists(r.plan.elf) && fs::exists(stamp) && read_file(stamp) == r.plan.fingerprint) {
    r.cached = true;
    return r;
  }
  fs::create_directories(fs::absolute(out_dir) / "obj");
  fs::remove(stamp);
  for (auto& cmd : r.plan.compile) run_tool(cmd);
  run_tool(r.plan.link);
  std::ofstream(stamp, std::ios::binary) << r.plan.fingerprint;
  return r;
}

}  // namespace aotbench::build
