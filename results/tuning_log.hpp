#pragma once
// The tuning log: what one layer cost under one kernel schedule, remembered across runs and
// models (AutoTVM's tuning logs, TopHub): a layer already measured on a board is not measured
// again. Kept in the history database (table tuning_log); `aotbench tune --export/--import`
// move it between machines as JSON lines.
//
// Key: board, core, compiler (its version line), build (`opt`: "O3,index=i32", with
// ",align=loops16" when loops are aligned), operator signature
// (codegen::op_signature: kind, shapes, window, quantization layout), schedule and counter (a
// layer's estimated cycles never stand in for its instructions, or for DWT cycles).
//
// An entry found wrong (the tuner measured the layer again and got another figure) is replaced,
// and the old one kept in tuning_log_superseded with why and by which run.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "results/sqlite_db.hpp"

namespace aotbench::results {

struct TuningKey {
  std::string board, core, compiler, opt, signature, schedule;
  std::string counter;  // results::CounterKind's word (instructions, cycles_model, cycles_dwt), and
                        // under the timing model "@" and its fingerprint
  bool operator==(const TuningKey&) const = default;
};

struct TuningEntry {
  TuningKey key;
  uint64_t counts = 0;          // median over the repeats
  uint64_t spread = 0;          // max - min over the repeats (0 under QEMU)
  uint32_t repeats = 1;
  uint64_t macs = 0;
  int64_t scratch_bytes = 0;    // working memory the schedule needs for this layer
  std::string run_id, date_utc; // where it was measured
  // Set by find() when the stored row is no usable figure (counts stored as 1e+30, -5 or text, or
  // out of range): what is wrong with it. Such an entry is never to be trusted.
  std::string damaged;
};

class TuningLog {
 public:
  explicit TuningLog(const std::filesystem::path& path);  // the history database file

  std::optional<TuningEntry> find(const TuningKey& key) const;
  void record(const TuningEntry& e);  // replaces an entry with the same key
  // Replaces the entry of fresh's key by `fresh`; what was there before is kept in
  // tuning_log_superseded with `why` and fresh's run id.
  void supersede(const TuningEntry& fresh, const std::string& why);
  std::size_t size() const;
  std::size_t superseded() const;

  // One JSON object per line. Import checks every line (results/tuning_entry.hpp) before it
  // writes anything: the first bad line rejects the file, named with its line number and field.
  // An entry replaces one with the same key; returns how many were read.
  std::size_t export_jsonl(const std::filesystem::path& file) const;
  std::size_t import_jsonl(const std::filesystem::path& file);

 private:
  Database db_;
};

}  // namespace aotbench::results
