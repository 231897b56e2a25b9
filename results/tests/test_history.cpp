// The SQLite history, checked with plain SQL through the sqlite3 API.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include <filesystem>
#include <fstream>
#include <sqlite3.h>

#include "results/history.hpp"
#include "results/tests/same_run.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

namespace fs = std::filesystem;

class Db {
 public:
  explicit Db(const fs::path& p) { EXPECT_EQ(sqlite3_open(p.c_str(), &db_), SQLITE_OK); }
  ~Db() { sqlite3_close(db_); }
  // Rows of a query with text bindings, every column as text ("NULL" for null).
  std::vector<std::vector<std::string>> rows(const std::string& sql, const std::vector<std::string>& args = {}) {
    sqlite3_stmt* s = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sqlite3_errmsg(db_);
    for (std::size_t i = 0; i < args.size(); ++i)
      sqlite3_bind_text(s, static_cast<int>(i) + 1, args[i].c_str(), -1, SQLITE_TRANSIENT);
    std::vector<std::vector<std::string>> out;
    while (sqlite3_step(s) == SQLITE_ROW) {
      out.emplace_back();
      for (int c = 0; c < sqlite3_column_count(s); ++c) {
        auto* t = sqlite3_column_text(s, c);
        out.back().push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
      }
    }
    sqlite3_finalize(s);
    return out;
  }
  std::string one(const std::string& sql, const std::vector<std::string>& args = {}) {
    auto r = rows(sql, args);
    return r.empty() ? "(no row)" : r[0][0];
  }

 private:
  sqlite3* db_ = nullptr;
};

fs::path fresh(const std::string& name) {
  fs::path p = fs::path(::testing::TempDir()) / "results_history" / name;
  fs::remove_all(p.parent_path() / (name + ".d"));
  fs::create_directories(p.parent_path() / (name + ".d"));
  return p.parent_path() / (name + ".d") / "history.sqlite";
}

const VariantResult& by_status(const results::Run& run, Status s) {
  for (const auto& v : run.variants)
    if (v.status == s) return v;
  throw std::runtime_error("no such variant");
}

TEST(History, AppendStoresRunAndVariants) {
  const fs::path path = fresh("append");
  const results::Run run = testing::sample_run();
  History(path).append(run);
  Db db(path);
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM runs"), "1");
  EXPECT_EQ(db.one("SELECT board || '|' || target || '|' || counter || '|' || clock_hz || '|' || model FROM runs"),
            "stm32|emulated|instructions|168000000|" + std::string(testing::kHostileModel));
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM variants WHERE run_id=?", {run.info.run_id}), std::to_string(run.variants.size()));

  const VariantResult& w = *run.winner();
  auto r = db.rows("SELECT counts_median, flash_total, stack_bytes, fits, selected, status FROM variants WHERE key=?", {w.key});
  ASSERT_EQ(r.size(), 1u);
  const SizeSplit& f = *w.flash;
  EXPECT_EQ(r[0], (std::vector<std::string>{std::to_string(w.counts->median),
                                            std::to_string(f.model_code + f.parameters + f.kernels + f.runtime + f.rpc_server),
                                            std::to_string(*w.stack_bytes), "1", "1", "ok"}));
  const VariantResult& failed = by_status(run, Status::build_failed);
  EXPECT_EQ(db.rows("SELECT counts_median, flash_total, fits, message FROM variants WHERE key=?", {failed.key})[0],
            (std::vector<std::string>{"NULL", "NULL", "NULL", failed.message}));

  auto knobs = db.rows("SELECT name, value FROM knobs WHERE key=? ORDER BY position", {w.key});
  ASSERT_EQ(knobs.size(), w.knobs.size());
  for (std::size_t i = 0; i < knobs.size(); ++i)
    EXPECT_EQ(knobs[i], (std::vector<std::string>{w.knobs[i].first, w.knobs[i].second}));
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM ops WHERE key=?", {w.key}), std::to_string(w.ops.size()));
  EXPECT_EQ(db.one("SELECT op_type FROM ops WHERE key=? AND op_index=4", {w.key}), w.ops[4].type);
  // History queries by knob work in plain SQL.
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM knobs WHERE name='api' AND value='packed'"), "19");
}

TEST(History, ResumedSweepNeverDuplicatesRows) {
  const fs::path path = fresh("resume");
  results::Run run = testing::sample_run();
  {
    History h(path);
    for (std::size_t i = 0; i < 10; ++i) h.record(run, run.variants[i]);  // interrupted after 10 variants
  }
  Db db(path);
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM variants"), "10");
  run.variants[3].counts = summarize({777});  // re-measured after the resume
  History h(path);
  h.append(run);
  h.append(run);
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM runs"), "1");
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM variants"), std::to_string(run.variants.size()));
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM (SELECT run_id, key FROM variants GROUP BY run_id, key HAVING COUNT(*) > 1)"), "0");
  EXPECT_EQ(db.one("SELECT counts_median FROM variants WHERE key=?", {run.variants[3].key}), "777");
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM knobs"), std::to_string(run.variants.size() * 7));
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM ops"), std::to_string(run.winner()->ops.size()));
  // First-recorded order survives the updates.
  EXPECT_EQ(db.one("SELECT key FROM variants ORDER BY rowid LIMIT 1"), run.variants[0].key);
}

TEST(History, TwoRunsAndReadBack) {
  const fs::path path = fresh("two");
  const results::Run a = testing::sample_run(), b = testing::changed_run();
  {
    History h(path);
    h.append(a);
    h.append(b);
  }
  History h(path);
  EXPECT_EQ(h.run_ids(), (std::vector<std::string>{a.info.run_id, b.info.run_id}));
  testing::expect_same_run(a, h.load_run(a.info.run_id));
  // The history keeps each variant's per-layer schedules (its `layers` table), not the tuning report.
  results::Run b_untuned = b;
  b_untuned.tuning.reset();
  testing::expect_same_run(b_untuned, h.load_run(b.info.run_id));
  EXPECT_THROW(h.load_run("no-such-run"), ResultsError);
  Db db(path);
  EXPECT_EQ(db.one("SELECT COUNT(*) FROM variants"), std::to_string(a.variants.size() + b.variants.size()));
}

// Sweeps started together open one new database at once: each must find it complete, and none
// may add a column another has just added ("duplicate column name").
TEST(History, ManyOpenANewDatabaseAtOnce) {
  for (int round = 0; round < 5; ++round) {
    const fs::path path = fresh("together" + std::to_string(round));
    std::atomic<int> failed{0};
    std::vector<std::thread> openers;
    for (int i = 0; i < 8; ++i) {
      openers.emplace_back([&] {
        try {
          History h(path);
        } catch (const std::exception&) {
          ++failed;
        }
      });
    }
    for (auto& t : openers) t.join();
    EXPECT_EQ(failed.load(), 0) << "round " << round;
  }
}

TEST(History, OlderDatabaseGainsNewMetricColumns) {
  const fs::path path = fresh("migrate");
  {
    Db db(path);
    db.rows("CREATE TABLE variants(run_id TEXT NOT NULL, key TEXT NOT NULL, status TEXT NOT NULL, message TEXT, "
            "fits INTEGER, outputs_match INTEGER, pareto INTEGER, selected INTEGER, repeats TEXT, counts_median INTEGER, "
            "PRIMARY KEY(run_id, key))");
  }
  History(path).append(testing::sample_run());
  Db db(path);
  auto cols = db.rows("SELECT name FROM pragma_table_info('variants')");
  std::vector<std::string> names;
  for (auto& c : cols) names.push_back(c[0]);
  for (const char* m : {"arena_bytes", "flash_rpc_server", "ram_total", "time_us", "stack_bytes"})
    EXPECT_NE(std::find(names.begin(), names.end(), m), names.end()) << m;
}

TEST(History, KeepsTheCounterAndTheTimingModel) {
  const fs::path path = fresh("model");
  results::Run run = testing::sample_run();
  run.info.counter = CounterKind::cycles_model;
  run.info.timing_model = "Cortex-M4 TRM timings; STM32F405 at 168 MHz";
  {
    Db db(path);  // a database from before the timing model: its runs table lacks the column
    db.rows("CREATE TABLE runs(run_id TEXT PRIMARY KEY, date_utc TEXT, aotbench_commit TEXT, toolchain TEXT, qemu TEXT, "
            "board TEXT, target TEXT, counter TEXT, clock_hz INTEGER, model TEXT, model_sha256 TEXT, objective TEXT, "
            "command_line TEXT, selection_reason TEXT)");
  }
  History(path).append(run);
  const results::Run back = History(path).load_run(run.info.run_id);
  EXPECT_EQ(back.info.counter, CounterKind::cycles_model);
  EXPECT_EQ(back.info.timing_model, run.info.timing_model);
}

TEST(History, NotADatabaseIsAClearError) {
  const fs::path path = fresh("garbage");
  std::ofstream(path) << "this is not sqlite, just text that is long enough to look like a header.....";
  try {
    History h(path);
    FAIL() << "no exception";
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
  results::Run nameless = testing::sample_run();
  nameless.info.run_id.clear();
  EXPECT_THROW(History(fresh("nameless")).append(nameless), ResultsError);
}

std::string error_opening(const fs::path& path) {
  try {
    History h(path);
  } catch (const ResultsError& e) {
    return e.what();
  }
  return "(no error)";
}

// Another program's database with tables of the same names: refused when it is opened (before a
// sweep measures anything), and left as it was.
TEST(History, TablesOfAnotherSchemaAreRefusedWhenOpened) {
  const fs::path path = fresh("other_schema");
  {
    Db db(path);
    db.rows("CREATE TABLE variants(id INTEGER PRIMARY KEY, label TEXT)");
  }
  const std::string why = error_opening(path);
  EXPECT_NE(why.find("history database " + path.string() + " cannot be used"), std::string::npos) << why;
  EXPECT_NE(why.find("give another --history"), std::string::npos) << why;
  EXPECT_EQ(Db(path).one("SELECT count(*) FROM pragma_table_info('variants')"), "2");  // no column added
}

// A database whose pages were damaged is refused, not used silently.
TEST(History, ADamagedDatabaseIsRefused) {
  const fs::path path = fresh("damaged");
  History(path).append(testing::sample_run());
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(path) / 2));
    const std::string noise(512, '\x5a');
    f.write(noise.data(), static_cast<std::streamsize>(noise.size()));
  }
  const std::string why = error_opening(path);
  EXPECT_NE(why.find("cannot be used"), std::string::npos) << why;
}

}  // namespace
}  // namespace aotbench::results
