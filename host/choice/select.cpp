#include "host/choice/select.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "results/pareto.hpp"

namespace aotbench::choice {
namespace {

std::optional<double> metric(const results::VariantResult& v, Objective m) {
  switch (m) {
    case Objective::cycles: return v.counts ? std::optional<double>(v.counts->median) : std::nullopt;
    case Objective::flash: return v.flash ? std::optional<double>(v.flash->total()) : std::nullopt;
    case Objective::ram: {
      const auto r = ram_needed(v);
      return r ? std::optional<double>(*r) : std::nullopt;
    }
    case Objective::stack: return v.stack_bytes ? std::optional<double>(*v.stack_bytes) : std::nullopt;
    case Objective::balanced: break;
  }
  return std::nullopt;
}

bool candidate(const results::VariantResult& v) {
  return v.status == results::Status::ok && v.outputs_match == true && v.fits == true && v.counts && v.flash &&
         v.stack_bytes;
}

std::string counted(const results::Run& run) { return results::unit(run.info.counter); }

std::string why_excluded(const results::Run& run) {
  std::map<std::string, int> n;
  for (const auto& v : run.variants) {
    if (candidate(v)) continue;
    if (v.status != results::Status::ok) ++n[results::to_string(v.status)];
    else if (v.outputs_match != true) ++n["mismatch"];
    else ++n["over the limits"];
  }
  std::string out;
  for (const auto& [what, count] : n) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", count, what);
  return out;
}

uint64_t over(uint64_t value, uint64_t limit) { return value > limit ? value - limit : 0; }

std::string limits_text(const Limits& limits) {
  return fmt::format("flash <= {} B, RAM <= {} B{}", limits.flash, limits.ram,
                     limits.stack ? fmt::format(", stack <= {} B", *limits.stack) : "");
}

// Why no variant won, beyond the counts: the variant that ran, matched the reference and comes
// closest to the limits (the fewest bytes over them in all), and how far it misses each one; or,
// when none ran and matched, the first failure.
std::string closest_miss(const results::Run& run, const Limits& limits) {
  const results::VariantResult* best = nullptr;
  uint64_t best_miss = 0;
  for (const auto& v : run.variants) {
    if (v.status != results::Status::ok || v.outputs_match != true || !v.flash || !ram_needed(v)) continue;
    const uint64_t miss = over(v.flash->total(), limits.flash) + over(*ram_needed(v), limits.ram) +
                          (limits.stack ? over(*v.stack_bytes, *limits.stack) : 0);
    if (!best || miss < best_miss) best = &v, best_miss = miss;
  }
  if (!best) {
    for (const auto& v : run.variants)
      if (!v.message.empty()) return fmt::format("none ran and matched the reference; e.g. {}: {}", v.key, v.message);
    return "none ran and matched the reference";
  }
  auto part = [](const std::string& what, uint64_t value, uint64_t limit) {
    return over(value, limit) ? fmt::format("{} is {} B over the {} B limit", what, over(value, limit), limit)
                              : fmt::format("{} is within the {} B limit", what, limit);
  };
  std::string out = fmt::format(
      "the closest, {}, misses by {} B in all: {}; {}", best->key, best_miss,
      part(fmt::format("flash {} B", best->flash->total()), best->flash->total(), limits.flash),
      part(fmt::format("RAM {} B (static {} + stack {})", *ram_needed(*best), best->ram->total(), *best->stack_bytes),
           *ram_needed(*best), limits.ram));
  if (limits.stack) out += "; " + part(fmt::format("stack {} B", *best->stack_bytes), *best->stack_bytes, *limits.stack);
  return out;
}

}  // namespace

Limits board_limits(const board::Profile& p, std::optional<uint64_t> max_flash, std::optional<uint64_t> max_ram,
                    std::optional<uint64_t> max_stack) {
  return {max_flash.value_or(p.memory.flash.size), max_ram.value_or(p.memory.ram.size), max_stack};
}

const char* to_string(Objective o) {
  switch (o) {
    case Objective::cycles: return "cycles";
    case Objective::flash: return "flash";
    case Objective::ram: return "ram";
    case Objective::stack: return "stack";
    case Objective::balanced: return "balanced";
  }
  return "?";
}

constexpr Objective kObjectives[] = {Objective::cycles, Objective::flash, Objective::ram, Objective::stack,
                                     Objective::balanced};

const std::vector<std::string>& objectives() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (Objective o : kObjectives) v.push_back(to_string(o));
    return v;
  }();
  return names;
}

Objective parse_objective(const std::string& name) {
  for (Objective o : kObjectives)
    if (name == to_string(o)) return o;
  throw std::invalid_argument(fmt::format("unknown objective '{}'; choose cycles, flash, ram, stack or balanced", name));
}

std::optional<uint64_t> ram_needed(const results::VariantResult& v) {
  if (!v.ram || !v.stack_bytes) return std::nullopt;
  return v.ram->total() + *v.stack_bytes;
}

std::optional<std::size_t> select_winner(results::Run& run, const Limits& limits, Objective objective) {
  for (auto& v : run.variants) {
    v.selected = false;
    if (!v.flash) continue;
    const auto ram = ram_needed(v);
    v.fits = v.flash->total() <= limits.flash && (!ram || *ram <= limits.ram) &&
             (!limits.stack || !v.stack_bytes || *v.stack_bytes <= *limits.stack);
  }
  results::mark_pareto(run);

  // balanced: the geometric mean of cycles, flash and RAM, each relative to the best candidate.
  constexpr Objective kBalanced[] = {Objective::cycles, Objective::flash, Objective::ram};
  std::map<Objective, double> best;
  for (const auto& v : run.variants)
    if (candidate(v))
      for (Objective m : kBalanced) best[m] = best.count(m) ? std::min(best[m], *metric(v, m)) : *metric(v, m);
  auto score = [&](const results::VariantResult& v) {
    if (objective != Objective::balanced) return *metric(v, objective);
    double product = 1;
    for (Objective m : kBalanced) product *= *metric(v, m) / std::max(best[m], 1.0);
    return std::cbrt(product);
  };
  std::vector<std::size_t> ranked;
  for (std::size_t i = 0; i < run.variants.size(); ++i)
    if (candidate(run.variants[i])) ranked.push_back(i);
  std::stable_sort(ranked.begin(), ranked.end(), [&](std::size_t a, std::size_t b) {
    const double sa = score(run.variants[a]), sb = score(run.variants[b]);
    // Ties (exact under QEMU) go to fewer counts, then less flash: a deterministic winner.
    if (sa != sb) return sa < sb;
    return std::make_pair(*metric(run.variants[a], Objective::cycles), *metric(run.variants[a], Objective::flash)) <
           std::make_pair(*metric(run.variants[b], Objective::cycles), *metric(run.variants[b], Objective::flash));
  });

  const std::string excluded = why_excluded(run);
  if (ranked.empty()) {
    run.selection_reason = fmt::format("no variant qualifies: each must run, match the reference and fit ({}); {}; {}",
                                       limits_text(limits), excluded, closest_miss(run, limits));
    return std::nullopt;
  }
  results::VariantResult& w = run.variants[ranked[0]];
  w.selected = true;
  const std::string what = objective == Objective::cycles     ? "median " + counted(run)
                           : objective == Objective::balanced ? "balance of " + counted(run) + ", flash and RAM"
                                                              : to_string(objective);
  std::string reason = fmt::format("best {} among the {} variants that run, match the reference and fit "
                                   "(flash <= {} B, RAM <= {} B): {} {}, flash {} B, RAM {} B (static {} + stack {})",
                                   what, ranked.size(), limits.flash, limits.ram, w.counts->median, counted(run),
                                   w.flash->total(), *ram_needed(w), w.ram->total(), *w.stack_bytes);
  if (ranked.size() > 1) {
    const auto& second = run.variants[ranked[1]];
    const double s1 = score(w), s2 = score(second);
    reason += fmt::format("; runner-up {} is {:.1f}% worse", second.key, s1 > 0 ? (s2 / s1 - 1) * 100 : 0.0);
  }
  if (!excluded.empty()) reason += fmt::format("; excluded: {}", excluded);
  run.selection_reason = reason;
  return ranked[0];
}

}  // namespace aotbench::choice
