// The tuning log keyed by the counter: a layer's estimated cycles, its instructions and its DWT
// cycles are three entries; a log from before the timing model keeps its entries as DWT cycles.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "results/record.hpp"
#include "results/tuning_log.hpp"

namespace aotbench::results {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("aotbench_tuning_" + name + "_" + std::to_string(getpid()) + ".sqlite");
  fs::remove(p);
  return p;
}

TuningEntry entry(const std::string& counter, uint64_t counts) {
  TuningEntry e;
  e.key = {"netduinoplus2", "cortex-m4", "gcc 12", "O2", "CONV_2D 1x8x8x16", "dsp_1x1", counter};
  e.counts = counts;
  return e;
}

TEST(TuningLog, TheCounterIsPartOfTheKey) {
  TuningLog log(fresh("key"));
  log.record(entry("instructions", 1000));
  log.record(entry("cycles_model", 1600));
  EXPECT_EQ(log.size(), 2u);
  EXPECT_EQ(log.find(entry("instructions", 0).key)->counts, 1000u);
  EXPECT_EQ(log.find(entry("cycles_model", 0).key)->counts, 1600u);
  EXPECT_FALSE(log.find(entry("cycles_dwt", 0).key)) << "estimated cycles do not stand in for DWT cycles";
}

TEST(TuningLog, ALogFromBeforeTheTimingModelKeepsItsEntriesAsDwtCycles) {
  const fs::path path = fresh("old");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db,
                           "CREATE TABLE tuning_log(board TEXT NOT NULL, core TEXT NOT NULL, compiler TEXT NOT NULL, "
                           "opt TEXT NOT NULL, signature TEXT NOT NULL, schedule TEXT NOT NULL, counter TEXT, counts "
                           "INTEGER, spread INTEGER, repeats INTEGER, macs INTEGER, scratch_bytes INTEGER, run_id TEXT, "
                           "date_utc TEXT, PRIMARY KEY(board, core, compiler, opt, signature, schedule));"
                           "INSERT INTO tuning_log VALUES('netduinoplus2', 'cortex-m4', 'gcc 12', 'O2', "
                           "'CONV_2D 1x8x8x16', 'dsp_1x1', 'cycles', 1500, 10, 5, 64, 0, 'r', 'd');"
                           "INSERT INTO tuning_log VALUES('netduinoplus2', 'cortex-m4', 'gcc 12', 'O2', "
                           "'CONV_2D 1x8x8x16', 'ref', 'instructions', 3000, 0, 1, 64, 0, 'r', 'd');",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  TuningLog log(path);
  EXPECT_EQ(log.size(), 2u);
  EXPECT_EQ(log.find(entry("cycles_dwt", 0).key)->counts, 1500u);
  TuningKey ref = entry("instructions", 0).key;
  ref.schedule = "ref";
  EXPECT_EQ(log.find(ref)->counts, 3000u);
  log.record(entry("cycles_model", 2000));  // now a third entry beside them, not a replacement
  EXPECT_EQ(log.size(), 3u);
}

TEST(TuningLog, ImportReadsTheOldCyclesWordAsDwtCycles) {
  const fs::path file = fs::temp_directory_path() / ("aotbench_tuning_" + std::to_string(getpid()) + ".jsonl");
  std::ofstream(file) << R"({"board":"b","core":"cortex-m4","compiler":"gcc 12","opt":"O2","signature":"s",)"
                      << R"("schedule":"ref","counter":"cycles","counts":7})" << "\n";
  TuningLog log(fresh("import"));
  EXPECT_EQ(log.import_jsonl(file), 1u);
  EXPECT_EQ(log.find({"b", "cortex-m4", "gcc 12", "O2", "s", "ref", "cycles_dwt"})->counts, 7u);
  fs::remove(file);
}

// An estimate keeps the timing model's fingerprint through an export and an import.
TEST(TuningLog, ImportKeepsTheTimingModelsFingerprint) {
  const fs::path file = fs::temp_directory_path() / ("aotbench_tuning_fp_" + std::to_string(getpid()) + ".jsonl");
  std::ofstream(file) << R"({"board":"b","core":"cortex-m7","compiler":"gcc 12","opt":"O2","signature":"s",)"
                      << R"("schedule":"ref","counter":"cycles_model@0123456789ab","counts":7})" << "\n";
  TuningLog log(fresh("import_fp"));
  EXPECT_EQ(log.import_jsonl(file), 1u);
  EXPECT_EQ(log.find({"b", "cortex-m7", "gcc 12", "O2", "s", "ref", "cycles_model@0123456789ab"})->counts, 7u);
  EXPECT_FALSE(log.find({"b", "cortex-m7", "gcc 12", "O2", "s", "ref", "cycles_model"}).has_value());
  fs::remove(file);
}

// A log line as `tune --export` writes it, with one field replaced by `field_json` (raw JSON text).
std::string line_with(const std::string& field, const std::string& field_json) {
  std::string line = R"({"board":"b","core":"cortex-m4","compiler":"gcc 12","opt":"O2","signature":"s",)"
                     R"("schedule":"ref","counter":"instructions","counts":7,"spread":0,"repeats":1,"macs":64})";
  const std::string at = "\"" + field + "\":";
  if (const auto p = line.find(at); p != std::string::npos) {
    const auto end = line.find_first_of(",}", line[p + at.size()] == '"' ? line.find('"', p + at.size() + 1) : p);
    line.replace(p + at.size(), end - p - at.size(), field_json);
  } else {
    line.insert(line.size() - 1, "," + at + field_json);
  }
  return line;
}

// Every value out of range or of the wrong type rejects the whole file, naming the line and the
// field; nothing is written (before, 1e30 was stored as 0, 2^64-1 as -1, repeats -3 as 4294967293).
TEST(TuningLog, ImportRejectsTheFileAtItsFirstBadValue) {
  const fs::path file = fs::temp_directory_path() / ("aotbench_tuning_bad_" + std::to_string(getpid()) + ".jsonl");
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"counts", "1e30", "counts: 1e+30 is not a whole number"},
      {"counts", "18446744073709551615", "counts: 18446744073709551615 is above 9223372036854775807"},
      {"counts", "-5", "counts: -5 is negative"},
      {"counts", "1.5", "counts: 1.5 is not a whole number"},
      {"counts", "0", "counts: 0 is below 1 (a layer that ran counted something)"},
      {"counts", "\"12\"", "counts: \"12\" is not a whole number"},
      {"repeats", "-3", "repeats: -3 is negative"},
      {"repeats", "4294967293", "repeats: 4294967293 is above 1000"},
      {"spread", "true", "spread: true is not a whole number"},
      {"board", "\"\"", "board: empty"},
      {"signature", "\"\"", "signature: empty"},
      {"schedule", "\"\"", "schedule: empty"},
      {"signature", "\"" + std::string(10 << 20, 'x') + "\"", "signature: 10485760 bytes, more than the 4096"},
      {"board", "\"a\\u001bb\"", "board: holds control characters"},
      {"counter", "\"furlongs\"", "counter: unknown counter kind"},
      {"counter", "\"cycles_model@\"", "counter: \"cycles_model@\": the timing model's fingerprint after '@' is 1-64 hex digits"},
      {"counter", "\"cycles_model@12;x\"", "counter: \"cycles_model@12;x\": the timing model's fingerprint"},
      {"board", "7", "board: 7 is not a string"},
      {"colour", "1", "colour: unknown field"},
  };
  for (const auto& [field, value, said] : cases) {
    std::ofstream(file) << line_with("counts", "9") << "\n" << line_with(field, value) << "\n";
    TuningLog log(fresh("bad"));
    try {
      log.import_jsonl(file);
      ADD_FAILURE() << field << "=" << value.substr(0, 40) << " was imported";
    } catch (const ResultsError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("line 2: not a valid tuning log entry: " + said), std::string::npos) << what.substr(0, 300);
      EXPECT_NE(what.find("nothing was imported"), std::string::npos) << what.substr(0, 300);
    }
    EXPECT_EQ(log.size(), 0u) << field << " " << value.substr(0, 40) << ": the good first line was written";
  }
  std::ofstream(file) << "[1, 2]\n";
  TuningLog log(fresh("bad"));
  EXPECT_THROW(log.import_jsonl(file), ResultsError);
  fs::remove(file);
}

// A log edited behind aotbench's back: find() says what is wrong with a stored value instead of
// reading 1e30 as 0 or -5 as 2^64-5.
TEST(TuningLog, FindSaysWhenAStoredFigureIsNoCount) {
  const fs::path path = fresh("damaged");
  {
    TuningLog log(path);
    log.record(entry("instructions", 1000));
  }
  for (const auto& [value, said] : {std::pair{"1e30", "counts is stored as 1e+30, not a whole number"},
                                    std::pair{"-5", "counts is -5, negative"},
                                    std::pair{"'many'", "counts is stored as 'many', not a whole number"},
                                    std::pair{"0", "counts: 0"}}) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, (std::string("UPDATE tuning_log SET counts = ") + value).c_str(), nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
    const auto e = TuningLog(path).find(entry("instructions", 0).key);
    ASSERT_TRUE(e.has_value());
    EXPECT_NE(e->damaged.find(said), std::string::npos) << value << ": " << e->damaged;
  }
}

// A corrected entry replaces the wrong one, which is kept with why and by which run.
TEST(TuningLog, SupersedeKeepsTheOldEntryWithWhy) {
  const fs::path path = fresh("supersede");
  TuningLog log(path);
  log.record(entry("instructions", 3));
  TuningEntry fixed = entry("instructions", 3000);
  fixed.run_id = "run-2";
  log.supersede(fixed, "measured again: 3000, the log said 3");
  EXPECT_EQ(log.find(fixed.key)->counts, 3000u);
  EXPECT_EQ(log.size(), 1u);
  EXPECT_EQ(log.superseded(), 1u);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT counts, why, by_run_id FROM tuning_log_superseded", -1, &s, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int64(s, 0), 3);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 1)), "measured again: 3000, the log said 3");
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 2)), "run-2");
  sqlite3_finalize(s);
  sqlite3_close(db);
}

}  // namespace
}  // namespace aotbench::results
