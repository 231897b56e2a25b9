#pragma once
// The size of aotbench's build cache (cache_dir(): generated sources, objects, host runners,
// firmware) and its pruning: whole entries (an object, a generated folder, a firmware folder),
// least recently used first, until the cache is under a bound. Entries used in the last hour are
// kept, so a sweep running beside the prune never loses what it is building with.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace aotbench::build {

// $AOTBENCH_CACHE_MAX (bytes, or with a K/M/G suffix: powers of 1024), else 4 GiB. Throws
// BuildError naming the variable when it is not a size.
uint64_t cache_limit();

struct CacheUsage {
  std::filesystem::path root;
  uint64_t bytes = 0;
  std::size_t entries = 0;
  std::map<std::string, std::pair<std::size_t, uint64_t>> kinds;  // objects, gen, host, firmware -> entries, bytes
};
CacheUsage cache_usage(const std::filesystem::path& root);

struct PruneResult {
  std::size_t removed = 0;
  uint64_t freed = 0, left = 0;
};
PruneResult prune_cache(const std::filesystem::path& root, uint64_t max_bytes,
                        std::chrono::seconds keep_recent = std::chrono::hours(1));

}  // namespace aotbench::build
