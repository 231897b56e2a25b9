// Results folders: unique names under one root, one holder at a time, named when refused.
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <unistd.h>

#include <fstream>

#include "host/sweep/run_folder.hpp"

namespace fs = std::filesystem;

namespace aotbench::sweep {
namespace {

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / fmt::format("run_folder_{}_{}", name, getpid());
  fs::remove_all(dir);
  return dir;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const RunFolderError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(RunFolder, SameNameTwiceGivesTwoFolders) {
  const fs::path root = fresh("unique");
  RunFolder a = RunFolder::create_unique(root, "2026-11-24_093000_netduinoplus2_kws");
  RunFolder b = RunFolder::create_unique(root, "2026-11-24_093000_netduinoplus2_kws");
  EXPECT_EQ(a.path(), root / "2026-11-24_093000_netduinoplus2_kws");
  EXPECT_EQ(b.path(), root / "2026-11-24_093000_netduinoplus2_kws_2");
  EXPECT_TRUE(fs::is_directory(b.path()));
}

TEST(RunFolder, HeldFolderIsRefusedWithItsHolderNamed) {
  const fs::path root = fresh("held");
  RunFolder a = RunFolder::create_unique(root, "run");
  a.record_holder();
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const std::string e = error_of([&] { RunFolder::open_existing(a.path()); });
  EXPECT_NE(e.find("in use by another aotbench"), std::string::npos) << e;
  EXPECT_NE(e.find(fmt::format("pid {} on host {} since ", getpid(), host)), std::string::npos) << e;
  EXPECT_NE(e.find("sweep_tests"), std::string::npos) << e;  // the holder's command line
  EXPECT_NE(error_of([&] { RunFolder::create_at(a.path()); }).find("in use by another aotbench"), std::string::npos);
}

TEST(RunFolder, TheLockGoesWithItsHolder) {
  const fs::path root = fresh("released");
  fs::path dir;
  {
    RunFolder a = RunFolder::create_unique(root, "run");
    dir = a.path();
  }
  EXPECT_EQ(RunFolder::open_existing(dir).path(), dir);
}

TEST(RunFolder, NewSweepNeverWritesOverAnother) {
  const fs::path dir = fresh("taken");
  RunFolder::create_at(dir);  // an empty (or new) folder is fine, and released again
  std::ofstream(dir / "run.json") << "{}";
  const std::string e = error_of([&] { RunFolder::create_at(dir); });
  EXPECT_NE(e.find("already holds a sweep (run.json is there); add --resume"), std::string::npos) << e;
}

TEST(RunFolder, ANewSweepNeverWritesIntoAFolderOfOtherFiles) {
  const fs::path dir = fresh("users");
  fs::create_directories(dir);
  std::ofstream(dir / "results.csv") << "the user's own\n";
  const std::string e = error_of([&] { RunFolder::create_at(dir); });
  EXPECT_NE(e.find("holds files that are no aotbench sweep (results.csv is there)"), std::string::npos) << e;
}

// A sweep that failed before measuring takes back what it wrote to start, and the folder with it
// when nothing else is there.
TEST(RunFolder, DiscardLeavesNothingOfAFailedStart) {
  const fs::path dir = fresh("failed_start");
  {
    RunFolder folder = RunFolder::create_at(dir);
    for (const char* file : {"run.json", "input0.raw", "reference0.raw"}) std::ofstream(dir / file) << "x";
    folder.discard();
  }
  EXPECT_FALSE(fs::exists(dir));
  {
    RunFolder folder = RunFolder::create_at(dir);
    std::ofstream(dir / "run.json") << "{}";
    fs::create_directories(dir / "kept");  // not what a start writes: kept, and the folder with it
    folder.discard();
  }
  EXPECT_FALSE(fs::exists(dir / "run.json"));
  EXPECT_TRUE(fs::exists(dir / "kept"));
}

TEST(RunFolder, ResumeNeedsAnExistingFolder) {
  const fs::path dir = fresh("missing");
  const std::string e = error_of([&] { RunFolder::open_existing(dir); });
  EXPECT_NE(e.find("does not exist"), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(dir));
}

}  // namespace
}  // namespace aotbench::sweep
