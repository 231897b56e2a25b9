#pragma once
// The SQLite history: every run with its metadata and its variants, one database across runs.
// Writes are idempotent per (run id, variant key): recording a variant again replaces its row,
// so a resumed sweep never duplicates rows. Tables:
//   runs(run_id PK, date_utc, aotbench_commit, toolchain, qemu, board, target, counter, clock_hz,
//        model, model_sha256, objective, command_line, selection_reason)
//   variants(run_id, key, status, message, <one column per metric of metrics()>, fits,
//            outputs_match, pareto, selected, repeats (JSON array); PK (run_id, key))
//   knobs(run_id, key, position, name, value; PK (run_id, key, name))
//   ops(run_id, key, op_index, op_type, counts, macs; PK (run_id, key, op_index))
//   layers(run_id, key, op_index, op_type, schedule; PK (run_id, key, op_index)): every layer's
//        kernel schedule (a variant's key names a per-layer assignment by a digest only)
// Booleans are 0/1 (NULL when unknown); missing metrics are NULL.
#include <filesystem>
#include <string>
#include <vector>

#include "results/record.hpp"
#include "results/sqlite_db.hpp"

namespace aotbench::results {

class History {
 public:
  // Opens or creates the database (and its folder); adds metric columns that newer aotbench
  // versions introduced. Throws ResultsError when the file is not a usable SQLite database: not
  // SQLite, damaged (quick_check), or tables of aotbench's names with another schema.
  explicit History(const std::filesystem::path& path);
  ~History();
  History(const History&) = delete;
  History& operator=(const History&) = delete;

  // Records the run's metadata and all its variants in one transaction.
  void append(const Run& run);
  // Records the run's metadata (replacing it) and one variant: what a sweep calls after each
  // measurement, so an interrupted sweep keeps what it measured.
  void record(const Run& run, const VariantResult& variant);

  // Run ids in the order they were first recorded.
  std::vector<std::string> run_ids() const;
  // Reads one run back; throws ResultsError for an unknown id.
  Run load_run(const std::string& run_id) const;

 private:
  void open_schema();  // creates, upgrades and checks it; throws ResultsError
  void exec(const std::string& sql) const;
  void put_run(const Run& run);
  void put_variant(const RunInfo& info, const VariantResult& v);

  Database db_;
  std::string path_;
};

}  // namespace aotbench::results
