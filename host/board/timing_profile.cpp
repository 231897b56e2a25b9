// See timing_profile.hpp.
#include "host/board/timing_profile.hpp"

#include <fmt/core.h>

namespace aotbench::board {

namespace {

Profile::Timing::Cache read_cache(const Reader& r, const std::string& key) {
  Profile::Timing::Cache c;
  if (!r.node(key)) return c;
  c.lines = r.u32(key + ".lines");
  c.line_bytes = r.u32(key + ".line_bytes");
  c.ways = r.u32(key + ".ways", false, c.lines);  // fully associative unless said
  if (c.lines == 0) return c;
  if (c.ways == 0 || c.lines % c.ways != 0)
    r.fail(fmt::format("`{}`: {} lines do not divide into sets of {} ways", key, c.lines, c.ways));
  if (c.line_bytes == 0 || (c.line_bytes & (c.line_bytes - 1)) != 0)
    r.fail(fmt::format("`{}.line_bytes` must be a power of two", key));
  return c;
}

}  // namespace

std::optional<Profile::Timing> read_timing(const Reader& r, const Profile& p) {
  if (!r.node("timing")) return std::nullopt;
  Profile::Timing t;
  t.model = r.str("timing.model");
  t.core = r.str("timing.core", false, p.cpu.core);
  if (t.core != "cortex-m3" && t.core != "cortex-m4" && t.core != "cortex-m7")
    r.fail(fmt::format("timing.core `{}`: the timing model knows cortex-m3, cortex-m4 and cortex-m7", t.core));
  t.flash = r.list<MemoryRegion>("timing.flash", [&](const toml::table& e, const std::string& where) {
    return MemoryRegion{r.field(e, "origin", where), r.field(e, "size", where)};
  });
  if (t.flash.size() > 4) r.fail("timing.flash: at most 4 regions");
  t.flash_wait_states = r.u32("timing.flash_wait_states", !t.flash.empty(), 0);
  t.flash_read_bytes = r.u32("timing.flash_read_bytes", false, 16);
  if (t.flash_read_bytes == 0) r.fail("timing.flash_read_bytes must be non-zero");
  t.prefetch = r.flag("timing.prefetch", false);
  t.icache = read_cache(r, "timing.icache");
  t.dcache = read_cache(r, "timing.dcache");
  if (!p.emulated) r.fail("[timing] is for emulated boards: a hardware board measures DWT cycles");
  return t;
}

std::vector<std::string> timing_plugin_args(const Profile::Timing& t) {
  std::vector<std::string> args = {"core=" + t.core};
  for (const MemoryRegion& f : t.flash) args.push_back(fmt::format("flash={:#x}:{:#x}", f.origin, f.size));
  args.push_back(fmt::format("flash_ws={}", t.flash_wait_states));
  args.push_back(fmt::format("flash_bus={}", t.flash_read_bytes));
  args.push_back(t.prefetch ? "prefetch=on" : "prefetch=off");
  const auto cache = [](const Profile::Timing::Cache& c) { return fmt::format("{}:{}:{}", c.lines, c.line_bytes, c.ways); };
  if (t.icache.lines) args.push_back("icache=" + cache(t.icache));
  if (t.dcache.lines) args.push_back("dcache=" + cache(t.dcache));
  return args;
}

}  // namespace aotbench::board
