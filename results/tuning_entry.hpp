#pragma once
// What a tuning-log entry may hold, and its JSON line (`aotbench tune --export/--import`). A log
// travels between machines and can be edited by hand, so nothing read from one is taken on trust:
// every field's type and range is checked, and a bad one is named.
#include <cstdint>
#include <string>

namespace aotbench::results {

struct TuningEntry;

// The most a count, a spread, a MAC count or a byte count may be: what SQLite's INTEGER holds.
inline constexpr uint64_t kMaxLogValue = static_cast<uint64_t>(INT64_MAX);
inline constexpr uint32_t kMaxLogRepeats = 1000;       // repeats behind one figure
inline constexpr std::size_t kMaxSignatureBytes = 4096;  // a layer signature (shapes, options)
inline constexpr std::size_t kMaxFieldBytes = 1024;      // any other text field

// What is wrong with the entry's values, or empty: a key field empty, too long or holding control
// characters, counts 0 (a layer that ran counted something), repeats outside 1..kMaxLogRepeats.
std::string entry_problem(const TuningEntry& e);

// One JSON object with the entry's fields. Throws ResultsError naming the field and what was
// wrong with it ("counts: 1e+30 is not a whole number"), also for an unknown field.
TuningEntry entry_from_json_line(const std::string& line);
std::string entry_to_json_line(const TuningEntry& e);

}  // namespace aotbench::results
