#include "host/build/cache_prune.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "host/build/cache_ledger.hpp"
#include "host/build/toolchain.hpp"

namespace fs = std::filesystem;

namespace aotbench::build {
namespace {

struct Entry {
  fs::path path;
  std::string kind;
  uint64_t bytes = 0;
  fs::file_time_type used;  // the newest modification inside it (objects are touched on a hit)
};

void measure(Entry& e) {
  std::error_code ec;
  e.used = fs::last_write_time(e.path, ec);
  if (!fs::is_directory(e.path, ec)) {
    e.bytes = fs::file_size(e.path, ec);
    return;
  }
  for (auto it = fs::recursive_directory_iterator(e.path, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    e.bytes += it->file_size(ec);
    e.used = std::max(e.used, it->last_write_time(ec));
  }
}

// An entry is what one build made: objects/<file>, gen/<dir>, host/<dir>, firmware/<board>/<dir>.
// include/ (dlpack.h for the host) is tiny and always needed.
std::vector<Entry> entries(const fs::path& root) {
  std::vector<Entry> out;
  std::error_code ec;
  auto add_children = [&](const fs::path& dir, const std::string& kind) {
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      Entry e{it->path(), kind, 0, {}};
      measure(e);
      out.push_back(std::move(e));
    }
  };
  for (const char* kind : {"objects", "gen", "host"}) add_children(root / kind, kind);
  for (auto it = fs::directory_iterator(root / "firmware", ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->is_directory()) add_children(it->path(), "firmware");
  return out;
}

}  // namespace

uint64_t cache_limit() {
  const char* v = std::getenv("AOTBENCH_CACHE_MAX");
  if (!v || !*v) return 4ull << 30;
  char* end = nullptr;
  const double n = std::strtod(v, &end);
  const std::string unit = end ? end : "";
  const int shift = unit.empty() ? 0 : unit == "K" ? 10 : unit == "M" ? 20 : unit == "G" ? 30 : -1;
  if (end == v || n < 0 || shift < 0)
    throw BuildError(fmt::format("AOTBENCH_CACHE_MAX={} is not a size: give bytes, or a number with K, M or G "
                                 "(e.g. 2G)",
                                 v));
  return static_cast<uint64_t>(n * static_cast<double>(1ull << shift));
}

CacheUsage cache_usage(const fs::path& root) {
  CacheUsage u;
  u.root = root;
  for (const Entry& e : entries(root)) {
    u.bytes += e.bytes;
    ++u.entries;
    auto& [n, b] = u.kinds[e.kind];
    ++n;
    b += e.bytes;
  }
  return u;
}

PruneResult prune_cache(const fs::path& root, uint64_t max_bytes, std::chrono::seconds keep_recent) {
  std::vector<Entry> all = entries(root);
  std::sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  PruneResult r;
  r.walked = true;
  for (const Entry& e : all) r.left += e.bytes;
  const auto recent = fs::file_time_type::clock::now() - keep_recent;
  for (const Entry& e : all) {
    if (r.left <= max_bytes || e.used >= recent) break;
    std::error_code ec;
    fs::remove_all(e.path, ec);
    if (ec) continue;  // another process's: left to it
    ++r.removed;
    r.freed += e.bytes;
    r.left -= e.bytes;
  }
  reset_ledger(root, r.left);
  return r;
}

PruneResult prune_cache_when_due(const fs::path& root, uint64_t max_bytes, std::chrono::seconds walk_every,
                                 std::chrono::seconds keep_recent) {
  const std::optional<Ledger> l = read_ledger(root);
  const auto since_walk = std::chrono::system_clock::now() - (l ? l->walked_at : std::chrono::system_clock::time_point());
  // A walk "in the future" (the clock was set back) is not trusted either.
  if (l && l->bytes <= max_bytes && since_walk >= std::chrono::seconds(0) && since_walk < walk_every)
    return PruneResult{0, 0, l->bytes, false};
  return prune_cache(root, max_bytes, keep_recent);
}

}  // namespace aotbench::build
