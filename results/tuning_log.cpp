#include "results/tuning_log.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <tuple>

#include "results/files.hpp"
#include "results/record.hpp"
#include "results/tuning_entry.hpp"

namespace aotbench::results {
namespace {

const std::vector<std::string> kColumns{"board", "core", "compiler", "opt", "signature", "schedule", "counter",
                                        "counts", "spread", "repeats", "macs", "scratch_bytes", "run_id",
                                        "date_utc"};
const std::vector<std::string> kKey{"board", "core", "compiler", "opt", "signature", "schedule", "counter"};

const char* kColumnsSql =
    "board TEXT NOT NULL, core TEXT NOT NULL, compiler TEXT NOT NULL, opt TEXT NOT NULL, signature TEXT NOT NULL, "
    "schedule TEXT NOT NULL, counter TEXT NOT NULL, counts INTEGER, spread INTEGER, repeats INTEGER, macs INTEGER, "
    "scratch_bytes INTEGER, run_id TEXT, date_utc TEXT";

// A whole number column the tuner reads as a count: what is wrong with the stored value, or "".
std::string count_problem(const Stmt& s, int c, const char* name, bool may_be_null) {
  if (s.null(c)) return may_be_null ? "" : fmt::format("{} is NULL", name);
  if (!s.integer(c)) return fmt::format("{} is stored as {}, not a whole number", name, s.shown(c));
  if (s.i64(c) < 0) return fmt::format("{} is {}, negative", name, s.i64(c));
  return "";
}

}  // namespace

TuningLog::TuningLog(const std::filesystem::path& path) : db_(path, "history database") {
  const std::string create = fmt::format("CREATE TABLE IF NOT EXISTS tuning_log({}, PRIMARY KEY(board, core, compiler, "
                                         "opt, signature, schedule, counter))",
                                         kColumnsSql);
  Transaction t(db_);  // two sweeps opening one old database at once: one migrates it
  bool old_key = false;
  {
    Stmt info(db_, "PRAGMA table_info(tuning_log)");
    while (info.step())
      if (info.text(1) == "counter" && info.i64(5) == 0) old_key = true;  // counter not in the primary key
  }
  if (old_key) {  // a log from before the timing model: the counter joins the key
    db_.exec("ALTER TABLE tuning_log RENAME TO tuning_log_before_counter_key");
    db_.exec(create);
    db_.exec("INSERT INTO tuning_log SELECT board, core, compiler, opt, signature, schedule, "
             "CASE WHEN counter IS NULL OR counter = 'cycles' THEN 'cycles_dwt' ELSE counter END, counts, spread, "
             "repeats, macs, scratch_bytes, run_id, date_utc FROM tuning_log_before_counter_key");
    db_.exec("DROP TABLE tuning_log_before_counter_key");
  }
  db_.exec(create);
  // Entries found wrong: the stored values as they were (any type), why, and the run that found out.
  db_.exec(fmt::format("CREATE TABLE IF NOT EXISTS tuning_log_superseded({}, superseded_utc TEXT, why TEXT, "
                       "by_run_id TEXT)",
                       kColumnsSql));
  t.commit();
}

std::optional<TuningEntry> TuningLog::find(const TuningKey& k) const {
  Stmt s(db_, "SELECT counter, counts, spread, repeats, macs, scratch_bytes, run_id, date_utc FROM tuning_log "
              "WHERE board=? AND core=? AND compiler=? AND opt=? AND signature=? AND schedule=? AND counter=?");
  if (!s.bind({k.board, k.core, k.compiler, k.opt, k.signature, k.schedule, k.counter}).step()) return std::nullopt;
  TuningEntry e;
  e.key = k;
  for (const auto& [c, name, may_be_null] : {std::tuple{1, "counts", false}, std::tuple{2, "spread", true},
                                             std::tuple{3, "repeats", true}, std::tuple{4, "macs", true},
                                             std::tuple{5, "scratch_bytes", true}})
    if (e.damaged.empty()) e.damaged = count_problem(s, c, name, may_be_null);
  if (!e.damaged.empty()) return e;  // counts stay 0: nothing of it is usable
  e.counts = s.u64(1).value_or(0);
  e.spread = s.u64(2).value_or(0);
  e.repeats = static_cast<uint32_t>(std::min<uint64_t>(s.u64(3).value_or(1), UINT32_MAX));
  e.macs = s.u64(4).value_or(0);
  e.scratch_bytes = s.i64(5);
  e.run_id = s.text(6);
  e.date_utc = s.text(7);
  e.damaged = entry_problem(e);
  return e;
}

void TuningLog::record(const TuningEntry& e) {
  Stmt(db_, upsert_sql("tuning_log", kColumns, kKey))
      .bind({e.key.board, e.key.core, e.key.compiler, e.key.opt, e.key.signature, e.key.schedule, e.key.counter,
             static_cast<int64_t>(e.counts), static_cast<int64_t>(e.spread), int64_t{e.repeats},
             static_cast<int64_t>(e.macs), e.scratch_bytes, e.run_id, e.date_utc})
      .step();
}

void TuningLog::supersede(const TuningEntry& fresh, const std::string& why) {
  const TuningKey& k = fresh.key;
  Transaction t(db_);
  Stmt(db_, "INSERT INTO tuning_log_superseded SELECT *, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?, ? FROM tuning_log "
            "WHERE board=? AND core=? AND compiler=? AND opt=? AND signature=? AND schedule=? AND counter=?")
      .bind({why, fresh.run_id, k.board, k.core, k.compiler, k.opt, k.signature, k.schedule, k.counter})
      .step();
  record(fresh);
  t.commit();
}

std::size_t TuningLog::size() const {
  Stmt s(db_, "SELECT COUNT(*) FROM tuning_log");
  s.step();
  return static_cast<std::size_t>(s.i64(0));
}

std::size_t TuningLog::superseded() const {
  Stmt s(db_, "SELECT COUNT(*) FROM tuning_log_superseded");
  s.step();
  return static_cast<std::size_t>(s.i64(0));
}

std::size_t TuningLog::export_jsonl(const std::filesystem::path& file) const {
  std::string text;
  std::size_t n = 0;
  Stmt s(db_, "SELECT board, core, compiler, opt, signature, schedule, counter FROM tuning_log ORDER BY rowid");
  while (s.step()) {
    const auto e = find({s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6)});
    if (!e->damaged.empty()) continue;  // it would poison the log it goes to (and import refuses it)
    text += entry_to_json_line(*e) + "\n";
    ++n;
  }
  write_file(file, text);
  return n;
}

std::size_t TuningLog::import_jsonl(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw ResultsError(fmt::format("cannot read the tuning log {}", file.string()));
  std::vector<TuningEntry> entries;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      entries.push_back(entry_from_json_line(line));
    } catch (const ResultsError& e) {
      throw ResultsError(fmt::format("{} line {}: not a valid tuning log entry: {}; nothing was imported: fix or "
                                     "remove that line and import again",
                                     file.string(), n, e.what()));
    }
  }
  Transaction t(db_);
  for (const auto& e : entries) record(e);
  t.commit();
  return entries.size();
}

}  // namespace aotbench::results
