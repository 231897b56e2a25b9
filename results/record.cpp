#include "results/record.hpp"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/core.h>

namespace aotbench::results {
namespace {

template <typename E, std::size_t N>
E parse_enum(const std::string& s, const std::array<E, N>& all, const char* what) {
  std::string words;
  for (E e : all) {
    if (s == to_string(e)) return e;
    words += words.empty() ? "" : ", ";
    words += to_string(e);
  }
  throw ResultsError(fmt::format("unknown {} '{}' (expected one of: {})", what, s, words));
}

constexpr std::array kTargets{Target::emulated, Target::hardware};
// The counters a sweep records (run_counter); a device's other ones (none, SysTick) are refused.
constexpr std::array kCounters{CounterKind::cycles_dwt, CounterKind::instructions, CounterKind::cycles_model};
constexpr std::array kStatuses{Status::ok,        Status::build_failed, Status::flash_failed,
                               Status::run_failed, Status::mismatch,     Status::does_not_fit,
                               Status::skipped};

}  // namespace

const char* to_string(Target t) { return t == Target::emulated ? "emulated" : "hardware"; }
std::string counter_label(CounterKind c, const std::string& timing_model) {
  if (c != CounterKind::cycles_model) return unit(c);
  return timing_model.empty() ? "cycles (estimated)" : fmt::format("cycles (estimated: {})", timing_model);
}

const char* to_string(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::build_failed: return "build_failed";
    case Status::flash_failed: return "flash_failed";
    case Status::run_failed: return "run_failed";
    case Status::mismatch: return "mismatch";
    case Status::does_not_fit: return "does_not_fit";
    case Status::skipped: return "skipped";
  }
  return "?";
}

Target parse_target(const std::string& s) { return parse_enum(s, kTargets, "target"); }
CounterKind parse_counter(const std::string& s) {
  if (s == "cycles") return CounterKind::cycles_dwt;  // results from before the timing model
  return parse_enum(s, kCounters, "counter kind");
}
Status parse_status(const std::string& s) { return parse_enum(s, kStatuses, "variant status"); }

Counts summarize(std::vector<uint64_t> repeats) {
  if (repeats.empty()) throw ResultsError("cannot summarize counts: no repeats were measured");
  std::vector<uint64_t> sorted = repeats;
  std::sort(sorted.begin(), sorted.end());
  return Counts{sorted.front(), sorted[(sorted.size() - 1) / 2], sorted.back(), std::move(repeats)};
}

std::optional<double> OpProfile::counts_per_mac() const {
  if (macs == 0) return std::nullopt;
  return static_cast<double>(counts) / static_cast<double>(macs);
}

std::string VariantResult::knob(const std::string& name) const {
  for (const auto& [k, v] : knobs)
    if (k == name) return v;
  return {};
}

const VariantResult* Run::find(const std::string& key) const {
  for (const auto& v : variants)
    if (v.key == key) return &v;
  return nullptr;
}

VariantResult* Run::find(const std::string& key) {
  return const_cast<VariantResult*>(static_cast<const Run*>(this)->find(key));
}

const VariantResult* Run::winner() const {
  for (const auto& v : variants)
    if (v.selected) return &v;
  return nullptr;
}

std::vector<std::string> Run::knob_names() const {
  std::vector<std::string> names;
  for (const auto& v : variants)
    for (const auto& kv : v.knobs)
      if (std::find(names.begin(), names.end(), kv.first) == names.end()) names.push_back(kv.first);
  return names;
}

std::optional<double> time_us(const RunInfo& info, const VariantResult& v) {
  if (!v.counts || info.clock_hz == 0) return std::nullopt;
  return static_cast<double>(v.counts->median) * 1e6 / static_cast<double>(info.clock_hz);
}

std::string key_of(const Knobs& knobs) {
  std::string key;
  for (const auto& [k, v] : knobs) key += fmt::format("{}{}={}", key.empty() ? "" : ",", k, v);
  return key;
}

std::string make_run_id(const RunInfo& info) {
  std::string id = fmt::format("{}_{}_{}_{}", info.date_utc, info.board, info.model,
                               info.model_sha256.substr(0, 12));
  for (char& c : id) {
    bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '-' || c == '_';
    if (!safe) c = '-';
  }
  return id;
}

void validate(const Run& run) {
  std::set<std::string> keys;
  int winners = 0;
  for (const auto& v : run.variants) {
    if (v.key.empty()) throw ResultsError("a variant has an empty key: every variant needs its canonical key");
    if (!keys.insert(v.key).second)
      throw ResultsError(fmt::format("variant '{}' appears twice in one run: keys must be unique", v.key));
    winners += v.selected ? 1 : 0;
  }
  if (winners > 1)
    throw ResultsError(fmt::format("{} variants are marked as the winner: at most one may be selected", winners));
}

std::optional<double> TunedLayer::counts_per_mac() const {
  if (macs == 0) return std::nullopt;
  return static_cast<double>(counts) / static_cast<double>(macs);
}

std::optional<double> TunedLayer::gain() const {
  if (!reference || counts == 0) return std::nullopt;
  return static_cast<double>(*reference) / static_cast<double>(counts);
}

}  // namespace aotbench::results
