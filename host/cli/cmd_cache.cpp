// `aotbench cache [--info] [--prune [--max-size SIZE]] [--json]`: where the build cache is, what
// it holds, and pruning it to a size (a sweep prunes it to $AOTBENCH_CACHE_MAX when it ends).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "host/build/cache_prune.hpp"
#include "host/build/object_cache.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"

namespace aotbench::cli {

void add_cache(CLI::App& app) {
  static bool info = false, prune = false, json = false;
  static uint64_t max_size = 0;
  auto* cmd = app.add_subcommand(
      "cache", "the build cache (generated sources, objects, host runners, firmware): where it is, its size, pruning");
  cmd->add_flag("--info", info, "say where the cache is and what it holds (the default, and after --prune)");
  cmd->add_flag("--prune", prune, "remove the least recently used entries until the cache is under --max-size");
  auto* max = cmd->add_option("--max-size", max_size,
                              "the size to prune to (default: $AOTBENCH_CACHE_MAX, else 4 GiB; 0 empties it but "
                              "for what was used in the last hour)")
                  ->transform(byte_size());
  cmd->add_flag("--json", json, "print JSON");
  cmd->footer(
      "The cache is $AOTBENCH_CACHE_DIR, else $XDG_CACHE_HOME/aotbench, else ~/.cache/aotbench. Everything in it\n"
      "can be rebuilt; a sweep prunes it to $AOTBENCH_CACHE_MAX (default 4G) when it ends, walking it only when\n"
      "its size ledger (size.ledger: the last walk plus what was added since) says it passed that, or the last\n"
      "walk is over ten minutes old; --prune always walks.");
  max->needs("--prune");
  cmd->callback([max] {
    const auto root = build::cache_dir();
    nlohmann::ordered_json j{{"cache_dir", root.string()}};
    if (prune) {
      const uint64_t limit = max->count() ? max_size : build::cache_limit();
      const build::PruneResult r = build::prune_cache(root, limit);
      j["pruned"] = {{"limit_bytes", limit}, {"removed", r.removed}, {"freed_bytes", r.freed}, {"left_bytes", r.left}};
      if (!json)
        fmt::print("pruned {} to {:.1f} MiB: removed {} entries, {:.1f} MiB freed, {:.1f} MiB left\n", root.string(),
                   static_cast<double>(limit) / (1 << 20), r.removed, static_cast<double>(r.freed) / (1 << 20),
                   static_cast<double>(r.left) / (1 << 20));
    }
    const build::CacheUsage u = build::cache_usage(root);
    j["bytes"] = u.bytes;
    j["entries"] = u.entries;
    j["limit_bytes"] = build::cache_limit();
    nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
    for (const auto& [kind, nb] : u.kinds) kinds[kind] = {{"entries", nb.first}, {"bytes", nb.second}};
    j["kinds"] = kinds;
    if (json) {
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("cache {}: {:.1f} MiB in {} entries (pruned to {:.1f} MiB after every sweep)\n", root.string(),
               static_cast<double>(u.bytes) / (1 << 20), u.entries, static_cast<double>(build::cache_limit()) / (1 << 20));
    for (const auto& [kind, nb] : u.kinds)
      fmt::print("  {:<9} {:>6} entries {:>10.1f} MiB\n", kind, nb.first, static_cast<double>(nb.second) / (1 << 20));
  });
}

}  // namespace aotbench::cli
