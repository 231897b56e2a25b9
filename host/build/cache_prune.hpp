#pragma once
// The size of aotbench's build cache (cache_dir(): generated sources, objects, host runners,
// firmware) and its pruning: whole entries (an object, a generated folder, a firmware folder),
// least recently used first, until the cache is under a bound. Entries used in the last hour are
// kept, so a sweep running beside the prune never loses what it is building with. A full prune
// walks every entry (one stat per file: ~180 K on a large cache); a sweep's prune asks the size
// ledger first (cache_ledger.hpp) and walks only when it says the bound is passed, or the last
// walk is older than `walk_every`.
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
  bool walked = false;  // the cache was walked (else `left` is the ledger's count)
};
// Walks the cache and removes entries until it is under max_bytes; the ledger starts again from
// what is left.
PruneResult prune_cache(const std::filesystem::path& root, uint64_t max_bytes,
                        std::chrono::seconds keep_recent = std::chrono::hours(1));
// prune_cache when the ledger is missing, over max_bytes, or older than walk_every; else nothing.
PruneResult prune_cache_when_due(const std::filesystem::path& root, uint64_t max_bytes,
                                 std::chrono::seconds walk_every = std::chrono::minutes(10),
                                 std::chrono::seconds keep_recent = std::chrono::hours(1));

}  // namespace aotbench::build
