// The tuning log keyed by the counter: a layer's estimated cycles, its instructions and its DWT
// cycles are three entries; a log from before the timing model keeps its entries as DWT cycles.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

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

}  // namespace
}  // namespace aotbench::results
