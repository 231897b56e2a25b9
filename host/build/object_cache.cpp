#include "host/build/object_cache.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "base/files.hpp"
#include "host/build/cache_ledger.hpp"

namespace fs = std::filesystem;

namespace aotbench::build {

struct Sha1Hex::State {
  boost::uuids::detail::sha1 h;
};

Sha1Hex::Sha1Hex() : state_(new State) {}
Sha1Hex::~Sha1Hex() { delete state_; }

Sha1Hex& Sha1Hex::add(const std::string& s) {
  const uint64_t n = s.size();
  state_->h.process_bytes(&n, sizeof n);
  state_->h.process_bytes(s.data(), s.size());
  return *this;
}

std::string Sha1Hex::hex() {
  boost::uuids::detail::sha1::digest_type d;
  state_->h.get_digest(d);
  std::string out;
  for (unsigned w : d) out += fmt::format("{:08x}", w);
  return out;
}

void parallel_for(std::size_t n, int parallel, const std::function<void(std::size_t)>& fn) {
  if (parallel <= 0) parallel = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
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
  for (int t = 1; t < parallel && static_cast<std::size_t>(t) < n; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

namespace {

// Headers reachable from `file` through #include "...", in a stable order.
void include_closure(const fs::path& file, const std::string& text, const std::vector<fs::path>& dirs,
                     std::set<fs::path>& seen, std::vector<fs::path>& out) {
  static const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, include_line)) continue;
    std::vector<fs::path> candidates = {file.parent_path() / m[1].str()};
    for (const auto& d : dirs) candidates.push_back(d / m[1].str());
    for (const auto& c : candidates) {
      if (!fs::is_regular_file(c)) continue;
      const fs::path header = fs::canonical(c);
      if (seen.insert(header).second) {
        out.push_back(header);
        include_closure(header, base::read_text(header), dirs, seen, out);
      }
      break;
    }
  }
}

}  // namespace

fs::path cache_dir() {
  if (const char* d = std::getenv("AOTBENCH_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d) / "aotbench";
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / ".cache" / "aotbench";
  return fs::temp_directory_path() / "aotbench-cache";
}

std::vector<fs::path> c_sources_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".c") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

ObjectCache::ObjectCache(fs::path dir, Toolchain tc) : dir_(std::move(dir)), tc_(std::move(tc)) {}
ObjectCache::ObjectCache(Toolchain tc) : ObjectCache(cache_dir() / "objects", std::move(tc)) {}

fs::path ObjectCache::object_path(const CompileJob& job) const {
  return dir_ / (key(job) + "_" + job.source.stem().string() + ".o");
}

std::vector<std::string> ObjectCache::command(const CompileJob& job, const fs::path& object) const {
  std::vector<std::string> cmd = {tc_.cc()};
  cmd.insert(cmd.end(), job.flags.begin(), job.flags.end());
  for (const auto& d : job.include_dirs) cmd.push_back("-I" + d.string());
  cmd.insert(cmd.end(), {"-c", job.source.string(), "-o", object.string()});
  return cmd;
}

std::string ObjectCache::key(const CompileJob& job) const {
  Sha1Hex h;
  h.add(tc_.cc()).add(tc_.version());
  // -ffile-prefix-map names the source's folder only to erase it from the object: leave it out,
  // so the same sources in another folder share their objects.
  for (const auto& f : job.flags)
    if (f.rfind("-ffile-prefix-map=", 0) != 0) h.add(f);
  const std::string text = base::read_text(job.source);
  h.add(job.source.filename().string()).add(text);
  std::set<fs::path> seen;
  std::vector<fs::path> headers;
  include_closure(job.source, text, job.include_dirs, seen, headers);
  for (const auto& header : headers) h.add(header.filename().string()).add(base::read_text(header));
  return h.hex();
}

std::vector<fs::path> ObjectCache::compile(const std::vector<CompileJob>& jobs, int parallel, int* compiled) const {
  fs::create_directories(dir_);
  std::vector<fs::path> objects(jobs.size());
  std::atomic<int> fresh{0};
  parallel_for(jobs.size(), parallel, [&](std::size_t i) {
    const fs::path obj = object_path(jobs[i]);
    objects[i] = obj;
    if (fs::exists(obj)) {  // a hit: marked used, so pruning (cache_prune.hpp) keeps it longest
      std::error_code ec;
      fs::last_write_time(obj, fs::file_time_type::clock::now(), ec);
      return;
    }
    // Compile to a private name, then rename: concurrent builds never see half an object.
    const fs::path tmp = obj.string() + fmt::format(".{}.{}.tmp", getpid(), std::hash<std::thread::id>{}(std::this_thread::get_id()));
    run_tool(command(jobs[i], tmp));
    fs::rename(tmp, obj);
    add_to_ledger(dir_.parent_path(), bytes_in(obj));
    ++fresh;
  });
  if (compiled) *compiled = fresh.load();
  return objects;
}

}  // namespace aotbench::build
