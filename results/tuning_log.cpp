#include "results/tuning_log.hpp"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "results/files.hpp"
#include "results/record.hpp"

namespace aotbench::results {
namespace {

const std::vector<std::string> kColumns{"board", "core", "compiler", "opt", "signature", "schedule", "counter",
                                        "counts", "spread", "repeats", "macs", "scratch_bytes", "run_id",
                                        "date_utc"};
const std::vector<std::string> kKey{"board", "core", "compiler", "opt", "signature", "schedule", "counter"};

// "cycles", what logs from before the timing model say, is DWT cycles: cycles_dwt.
std::string counter_word(const std::string& s) { return to_string(parse_counter(s)); }

nlohmann::ordered_json to_json(const TuningEntry& e) {
  return {{"board", e.key.board},       {"core", e.key.core},         {"compiler", e.key.compiler},
          {"opt", e.key.opt},           {"signature", e.key.signature}, {"schedule", e.key.schedule},
          {"counter", e.key.counter},   {"counts", e.counts},         {"spread", e.spread},
          {"repeats", e.repeats},       {"macs", e.macs},             {"scratch_bytes", e.scratch_bytes},
          {"run_id", e.run_id},         {"date_utc", e.date_utc}};
}

TuningEntry from_json(const nlohmann::json& j) {
  TuningEntry e;
  e.key = {j.at("board").get<std::string>(), j.at("core").get<std::string>(), j.at("compiler").get<std::string>(),
           j.at("opt").get<std::string>(), j.at("signature").get<std::string>(), j.at("schedule").get<std::string>(),
           counter_word(j.at("counter").get<std::string>())};
  e.counts = j.at("counts").get<uint64_t>();
  e.spread = j.value("spread", uint64_t{0});
  e.repeats = j.value("repeats", uint32_t{1});
  e.macs = j.value("macs", uint64_t{0});
  e.scratch_bytes = j.value("scratch_bytes", int64_t{0});
  e.run_id = j.value("run_id", std::string());
  e.date_utc = j.value("date_utc", std::string());
  return e;
}

}  // namespace

TuningLog::TuningLog(const std::filesystem::path& path) : db_(path, "history database") {
  const std::string create =
      "CREATE TABLE IF NOT EXISTS tuning_log(board TEXT NOT NULL, core TEXT NOT NULL, compiler TEXT NOT NULL, "
      "opt TEXT NOT NULL, signature TEXT NOT NULL, schedule TEXT NOT NULL, counter TEXT NOT NULL, counts INTEGER, "
      "spread INTEGER, repeats INTEGER, macs INTEGER, scratch_bytes INTEGER, run_id TEXT, date_utc TEXT, "
      "PRIMARY KEY(board, core, compiler, opt, signature, schedule, counter))";
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
  t.commit();
}

std::optional<TuningEntry> TuningLog::find(const TuningKey& k) const {
  Stmt s(db_, "SELECT counter, counts, spread, repeats, macs, scratch_bytes, run_id, date_utc FROM tuning_log "
              "WHERE board=? AND core=? AND compiler=? AND opt=? AND signature=? AND schedule=? AND counter=?");
  if (!s.bind({k.board, k.core, k.compiler, k.opt, k.signature, k.schedule, k.counter}).step()) return std::nullopt;
  TuningEntry e;
  e.key = k;
  e.counts = s.u64(1).value_or(0);
  e.spread = s.u64(2).value_or(0);
  e.repeats = static_cast<uint32_t>(s.u64(3).value_or(1));
  e.macs = s.u64(4).value_or(0);
  e.scratch_bytes = s.i64(5);
  e.run_id = s.text(6);
  e.date_utc = s.text(7);
  return e;
}

void TuningLog::record(const TuningEntry& e) {
  Stmt(db_, upsert_sql("tuning_log", kColumns, kKey))
      .bind({e.key.board, e.key.core, e.key.compiler, e.key.opt, e.key.signature, e.key.schedule, e.key.counter,
             static_cast<int64_t>(e.counts), static_cast<int64_t>(e.spread), int64_t{e.repeats},
             static_cast<int64_t>(e.macs), e.scratch_bytes, e.run_id, e.date_utc})
      .step();
}

std::size_t TuningLog::size() const {
  Stmt s(db_, "SELECT COUNT(*) FROM tuning_log");
  s.step();
  return static_cast<std::size_t>(s.i64(0));
}

std::size_t TuningLog::export_jsonl(const std::filesystem::path& file) const {
  std::string text;
  std::size_t n = 0;
  Stmt s(db_, "SELECT board, core, compiler, opt, signature, schedule, counter FROM tuning_log ORDER BY rowid");
  while (s.step()) {
    const auto e = find({s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6)});
    text += to_json(*e).dump() + "\n";
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
      entries.push_back(from_json(nlohmann::json::parse(line)));
    } catch (const nlohmann::json::exception& e) {
      throw ResultsError(fmt::format("{} line {}: not a tuning log entry: {}", file.string(), n, e.what()));
    }
  }
  Transaction t(db_);
  for (const auto& e : entries) record(e);
  t.commit();
  return entries.size();
}

}  // namespace aotbench::results
