#include "results/tuning_entry.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <tuple>

#include "results/record.hpp"
#include "results/tuning_log.hpp"

namespace aotbench::results {
namespace {

using Json = nlohmann::json;

constexpr std::array<const char*, 14> kFields{"board", "core",   "compiler", "opt",   "signature",
                                               "schedule", "counter", "counts", "spread", "repeats",
                                               "macs",  "scratch_bytes", "run_id", "date_utc"};

[[noreturn]] void bad(const std::string& field, const std::string& what) {
  throw ResultsError(fmt::format("{}: {}", field, what));
}

std::string shown(const Json& v) {
  std::string s = v.dump();
  return s.size() > 40 ? s.substr(0, 40) + "..." : s;
}

std::string text(const Json& j, const char* field, bool required) {
  if (!j.contains(field)) {
    if (required) bad(field, "missing");
    return "";
  }
  const Json& v = j.at(field);
  if (!v.is_string()) bad(field, fmt::format("{} is not a string", shown(v)));
  return v.get<std::string>();
}

// A JSON whole number within [min, max]: 1e30, 1.5, -5 and 2^64-1 are refused, never wrapped.
uint64_t whole(const Json& j, const char* field, uint64_t min, uint64_t max, std::optional<uint64_t> absent,
               const char* why_min = "") {
  if (!j.contains(field)) {
    if (!absent) bad(field, "missing");
    return *absent;
  }
  const Json& v = j.at(field);
  if (v.is_number_float()) bad(field, fmt::format("{} is not a whole number", shown(v)));
  if (v.is_number_integer() && !v.is_number_unsigned()) {
    if (v.get<int64_t>() < 0) bad(field, fmt::format("{} is negative; give {} to {}", shown(v), min, max));
  }
  if (!v.is_number_unsigned() && !v.is_number_integer()) bad(field, fmt::format("{} is not a whole number", shown(v)));
  const uint64_t n = v.get<uint64_t>();
  if (n < min) bad(field, fmt::format("{} is below {}{}", n, min, why_min));
  if (n > max) bad(field, fmt::format("{} is above {}, the most the log holds", n, max));
  return n;
}

std::string key_problem(const char* field, const std::string& value, std::size_t most) {
  if (value.empty()) return fmt::format("{}: empty", field);
  if (value.size() > most) return fmt::format("{}: {} bytes, more than the {} a key field may have", field, value.size(), most);
  if (std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    return fmt::format("{}: holds control characters", field);
  return "";
}

}  // namespace

std::string entry_problem(const TuningEntry& e) {
  const TuningKey& k = e.key;
  for (const auto& [field, value, most] : {std::tuple{"board", &k.board, kMaxFieldBytes},
                                           std::tuple{"core", &k.core, kMaxFieldBytes},
                                           std::tuple{"compiler", &k.compiler, kMaxFieldBytes},
                                           std::tuple{"opt", &k.opt, kMaxFieldBytes},
                                           std::tuple{"signature", &k.signature, kMaxSignatureBytes},
                                           std::tuple{"schedule", &k.schedule, kMaxFieldBytes},
                                           std::tuple{"counter", &k.counter, kMaxFieldBytes}})
    if (auto p = key_problem(field, *value, most); !p.empty()) return p;
  if (e.counts == 0) return "counts: 0; a layer that ran counted something";
  for (const auto& [field, value] : {std::pair{"counts", e.counts}, std::pair{"spread", e.spread},
                                     std::pair{"macs", e.macs}})
    if (value > kMaxLogValue) return fmt::format("{}: {} is above {}, the most the log holds", field, value, kMaxLogValue);
  if (e.scratch_bytes < 0) return fmt::format("scratch_bytes: {} is negative", e.scratch_bytes);
  if (e.repeats < 1 || e.repeats > kMaxLogRepeats)
    return fmt::format("repeats: {} is not from 1 to {}", e.repeats, kMaxLogRepeats);
  for (const auto& [field, value] : {std::pair{"run_id", &e.run_id}, std::pair{"date_utc", &e.date_utc}})
    if (value->size() > kMaxFieldBytes) return fmt::format("{}: {} bytes, more than {}", field, value->size(), kMaxFieldBytes);
  return "";
}

TuningEntry entry_from_json_line(const std::string& line) {
  Json j;
  try {
    j = Json::parse(line);
  } catch (const Json::exception& e) {
    throw ResultsError(fmt::format("not JSON: {}", e.what()));
  }
  if (!j.is_object()) throw ResultsError("not a JSON object");
  for (const auto& item : j.items())
    if (std::find_if(kFields.begin(), kFields.end(), [&](const char* f) { return item.key() == f; }) == kFields.end())
      bad(item.key().substr(0, 40), fmt::format("unknown field; an entry has {}", fmt::join(kFields, ", ")));
  TuningEntry e;
  e.key.board = text(j, "board", true);
  e.key.core = text(j, "core", true);
  e.key.compiler = text(j, "compiler", true);
  e.key.opt = text(j, "opt", true);
  e.key.signature = text(j, "signature", true);
  e.key.schedule = text(j, "schedule", true);
  // The counter's word, and under the timing model "@" and the model's fingerprint (hex digits).
  const std::string counter = text(j, "counter", true);
  const std::size_t at = counter.find('@');
  try {
    e.key.counter = to_string(parse_counter(counter.substr(0, at)));
  } catch (const ResultsError& err) {
    bad("counter", err.what());
  }
  if (at != std::string::npos) {
    const std::string version = counter.substr(at + 1);
    if (version.empty() || version.size() > 64 ||
        version.find_first_not_of("0123456789abcdef") != std::string::npos)
      bad("counter", fmt::format("{}: the timing model's fingerprint after '@' is 1-64 hex digits", shown(counter)));
    e.key.counter += "@" + version;
  }
  e.counts = whole(j, "counts", 1, kMaxLogValue, std::nullopt, " (a layer that ran counted something)");
  e.spread = whole(j, "spread", 0, kMaxLogValue, 0);
  e.repeats = static_cast<uint32_t>(whole(j, "repeats", 1, kMaxLogRepeats, 1));
  e.macs = whole(j, "macs", 0, kMaxLogValue, 0);
  e.scratch_bytes = static_cast<int64_t>(whole(j, "scratch_bytes", 0, kMaxLogValue, 0));
  e.run_id = text(j, "run_id", false);
  e.date_utc = text(j, "date_utc", false);
  if (auto p = entry_problem(e); !p.empty()) throw ResultsError(p);
  return e;
}

std::string entry_to_json_line(const TuningEntry& e) {
  const nlohmann::ordered_json j{{"board", e.key.board},         {"core", e.key.core},
                                 {"compiler", e.key.compiler},   {"opt", e.key.opt},
                                 {"signature", e.key.signature}, {"schedule", e.key.schedule},
                                 {"counter", e.key.counter},     {"counts", e.counts},
                                 {"spread", e.spread},           {"repeats", e.repeats},
                                 {"macs", e.macs},               {"scratch_bytes", e.scratch_bytes},
                                 {"run_id", e.run_id},           {"date_utc", e.date_utc}};
  return j.dump();
}

}  // namespace aotbench::results
