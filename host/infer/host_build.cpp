#include "infer/host_build.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "build/toolchain.hpp"

namespace fs = std::filesystem;

namespace aotbench::infer {
namespace {

const fs::path kSource = AOTBENCH_SOURCE_DIR;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw HostBuildError("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Sha1 {
 public:
  Sha1& add(const std::string& s) {
    const uint64_t n = s.size();  // length first: "ab"+"c" never hashes like "a"+"bc"
    h_.process_bytes(&n, sizeof n);
    h_.process_bytes(s.data(), s.size());
    return *this;
  }
  std::string hex() {
    boost::uuids::detail::sha1::digest_type d;
    h_.get_digest(d);
    std::string out;
    for (unsigned w : d) out += fmt::format("{:08x}", w);
    return out;
  }

 private:
  boost::uuids::detail::sha1 h_;
};

std::vector<fs::path> files_with(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The host's gcc, through the same helper the cross builds use.
const build::Toolchain kHostToolchain{""};

// Runs fn(0..n-1) on up to `jobs` threads; rethrows the first exception.
template <typename F>
void parallel_for(std::size_t n, int jobs, F fn) {
  std::atomic<std::size_t> next{0};
  std::mutex m;
  std::exception_ptr error;
  auto worker = [&] {
    for (std::size_t i; (i = next++) < n;) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard lock(m);
        if (!error) error = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

// Writes to a temporary name, then renames: concurrent builds never see half a file.
void publish(const fs::path& tmp, const fs::path& final_path) { fs::rename(tmp, final_path); }

}  // namespace

fs::path cache_dir() {
  if (const char* d = std::getenv("AOTBENCH_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d) / "aotbench";
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / ".cache" / "aotbench";
  return fs::temp_directory_path() / "aotbench-cache";
}

HostBuild build_host_runner(const HostBuildSpec& spec) {
  std::vector<fs::path> include_dirs = spec.generated_dirs;
  include_dirs.insert(include_dirs.end(), {kSource / "codegen/kernels/include", kSource / "codegen/kernels/reference",
                                           kSource / "device/aot", kSource / "device/include"});
  std::vector<fs::path> sources;
  for (const auto& dir : spec.generated_dirs)
    for (const auto& c : files_with(dir, ".c")) sources.push_back(c);
  for (const auto& k : files_with(kSource / "codegen/kernels/reference", ".c")) sources.push_back(k);
  sources.push_back(kSource / "device/aot/ab_aot_runtime.c");
  sources.push_back(spec.main_source.empty() ? kSource / "host/infer/host_main.c" : spec.main_source);

  // Flags that shape the object; include paths do not (the headers' contents do, below).
  std::vector<std::string> flags = {"-std=c11", "-" + spec.opt, "-g0", "-Wall", "-Wextra",
                                    fmt::format("-DAB_INDEX_BITS={}", spec.index_bits)};
  if (spec.warnings_are_errors) flags.push_back("-Werror");
  // Every header an object may include is part of its key (there are few and they are small).
  Sha1 common;
  common.add(kHostToolchain.version());
  for (const auto& f : flags) common.add(f);
  for (const auto& d : include_dirs)
    for (const auto& h : files_with(d, ".h")) common.add(h.filename().string()).add(read_file(h));
  const std::string common_key = common.hex();
  for (const auto& d : include_dirs) flags.push_back("-I" + d.string());

  const fs::path objects = cache_dir() / "objects";
  fs::create_directories(objects);
  std::vector<fs::path> object_files(sources.size());
  std::atomic<int> compiled{0};
  const int jobs = spec.jobs > 0 ? spec.jobs : std::max(1u, std::thread::hardware_concurrency());
  parallel_for(sources.size(), jobs, [&](std::size_t i) {
    Sha1 key;
    key.add(common_key).add(sources[i].filename().string()).add(read_file(sources[i]));
    const fs::path obj = objects / (key.hex() + ".o");
    object_files[i] = obj;
    if (fs::exists(obj)) return;
    const fs::path tmp = obj.string() + fmt::format(".{}.tmp", std::hash<std::thread::id>{}(std::this_thread::get_id()));
    std::vector<std::string> cmd = {kHostToolchain.cc()};
    cmd.insert(cmd.end(), flags.begin(), flags.end());
    cmd.insert(cmd.end(), {"-c", sources[i].string(), "-o", tmp.string()});
    build::run_tool(cmd);  // with -Werror a warning fails here, with the compiler's message
    publish(tmp, obj);
    ++compiled;
  });

  Sha1 link_key;
  for (const auto& o : object_files) link_key.add(o.filename().string());
  const fs::path dir = cache_dir() / "host" / link_key.hex();
  const fs::path runner = dir / "runner";
  if (!fs::exists(runner)) {
    fs::create_directories(dir);
    const fs::path tmp = dir / "runner.tmp";
    std::vector<std::string> cmd = {kHostToolchain.cc()};
    for (const auto& o : object_files) cmd.push_back(o.string());
    cmd.insert(cmd.end(), {"-o", tmp.string(), "-lm"});
    build::run_tool(cmd);
    publish(tmp, runner);
  }
  const int n = compiled.load();
  return {runner, n, static_cast<int>(sources.size()) - n};
}

}  // namespace aotbench::infer
