#include "results/decision.hpp"

#include <cmath>
#include <map>

#include <fmt/core.h>

namespace aotbench::results {
namespace {

bool usable(const VariantResult& v) { return v.status == Status::ok && v.fits != false && v.counts && v.flash; }

std::optional<Headroom> flash_headroom(const RunInfo& i, const VariantResult& v) {
  if (!i.flash_capacity || !v.flash) return std::nullopt;
  return Headroom{i.flash_capacity, v.flash->total()};
}

std::optional<Headroom> ram_headroom(const RunInfo& i, const VariantResult& v) {
  if (!i.ram_capacity || !v.ram) return std::nullopt;
  return Headroom{i.ram_capacity, v.ram->total() + v.stack_bytes.value_or(0)};
}

bool keeps_reserve(const RunInfo& i, const VariantResult& v, double reserve) {
  const auto f = flash_headroom(i, v), r = ram_headroom(i, v);
  return (!f || f->left_percent() >= reserve) && (!r || r->left_percent() >= reserve);
}

const VariantResult* fastest(const Run& run, const VariantResult* except, auto&& also) {
  const VariantResult* best = nullptr;
  for (const auto& v : run.variants)
    if (&v != except && usable(v) && also(v) && (!best || v.counts->median < best->counts->median)) best = &v;
  return best;
}

std::string tradeoff_text(const VariantResult& w, const VariantResult& r) {
  const double wc = static_cast<double>(w.counts->median), rc = static_cast<double>(r.counts->median);
  const double flash = static_cast<double>(w.flash->total()) - static_cast<double>(r.flash->total());
  const std::string flash_part = flash == 0 ? "the same flash"
                                            : fmt::format("{} {} flash", bytes_text(std::fabs(flash)), flash > 0 ? "more" : "less");
  if (wc <= rc) return fmt::format("{:.1f}% faster for {}", 100.0 * (rc - wc) / rc, flash_part);
  return fmt::format("{:.1f}% slower, with {}", 100.0 * (wc - rc) / rc, flash_part);
}

}  // namespace

std::string bytes_text(double bytes) {
  if (bytes >= 1024.0 * 1024.0) return fmt::format("{:.1f} MiB", bytes / (1024.0 * 1024.0));
  if (bytes >= 1024.0) return fmt::format("{:.0f} KiB", bytes / 1024.0);
  return fmt::format("{:.0f} B", bytes);
}

Decision decide(const Run& run, double reserve_percent) {
  Decision d;
  d.reserve_percent = reserve_percent;
  d.winner = run.winner();
  if (!d.winner) return d;
  const VariantResult& w = *d.winner;
  d.flash = flash_headroom(run.info, w);
  d.ram = ram_headroom(run.info, w);
  d.below_reserve = !keeps_reserve(run.info, w, reserve_percent);
  if (d.below_reserve)
    d.within_reserve = fastest(run, &w, [&](const VariantResult& v) { return keeps_reserve(run.info, v, reserve_percent); });
  if (usable(w)) {
    d.runner_up = fastest(run, &w, [&](const VariantResult& v) { return v.flash->total() < w.flash->total(); });
    if (!d.runner_up) d.runner_up = fastest(run, &w, [](const VariantResult&) { return true; });
    if (d.runner_up) d.tradeoff = tradeoff_text(w, *d.runner_up);
  }
  return d;
}

std::string knob_summary(const std::string& knob, const std::string& value) {
  if (knob != "layers") return value;
  std::map<std::string, int> families;  // "dsp_1x1_w16" counts as dsp
  int layers = 0;
  for (std::size_t at = 0; at < value.size();) {
    std::size_t end = value.find('/', at);
    if (end == std::string::npos) end = value.size();
    const std::string entry = value.substr(at, end - at);
    const std::size_t colon = entry.find(':');
    const std::string schedule = colon == std::string::npos ? entry : entry.substr(colon + 1);
    ++families[schedule.substr(0, schedule.find('_'))];
    ++layers;
    at = end + 1;
  }
  if (layers <= 2) return value;
  std::string parts;
  for (const auto& [family, n] : families) parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", n, family);
  return fmt::format("tuned: {} layers ({})", layers, parts);
}

}  // namespace aotbench::results
