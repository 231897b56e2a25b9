// FileWatch sees a file replaced (a linker's new file), rewritten in place (an install's copy),
// removed, or appearing, and nothing when only read; FileWatcher calls back once, from its thread.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "base/file_watch.hpp"

namespace fs = std::filesystem;
using aotbench::base::FileWatch;
using aotbench::base::FileWatcher;
using namespace std::chrono_literals;

namespace {

struct Watched : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("aotbench-watch-test-" + std::to_string(getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::path lib = dir / "libx.a";
  void SetUp() override {
    fs::remove_all(dir);
    fs::create_directories(dir);
    write(lib, "old build");
  }
  void TearDown() override { fs::remove_all(dir); }
  static void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
};

TEST_F(Watched, ReadingChangesNothing) {
  const FileWatch w({lib});
  std::ifstream(lib).get();
  EXPECT_TRUE(w.changes().empty());
}

TEST_F(Watched, ReplacedByANewFile) {
  const FileWatch w({lib});
  write(dir / "new", "old build");  // same bytes, another file: what a linker does
  fs::rename(dir / "new", lib);
  ASSERT_EQ(w.changes().size(), 1u);
  EXPECT_NE(w.changes()[0].find(lib.string() + " was replaced (rebuilt?)"), std::string::npos) << w.changes()[0];
}

TEST_F(Watched, RewrittenInPlace) {
  const FileWatch w({lib});
  std::this_thread::sleep_for(10ms);  // a later modification time even on coarse clocks
  write(lib, "a new build, longer");
  ASSERT_EQ(w.changes().size(), 1u);
  EXPECT_NE(w.changes()[0].find("was rewritten"), std::string::npos) << w.changes()[0];
}

TEST_F(Watched, RemovedAndAppeared) {
  const fs::path later = dir / "plugin.so";
  const FileWatch w({lib, later});
  fs::remove(lib);
  write(later, "x");
  ASSERT_EQ(w.changes().size(), 2u);
  EXPECT_NE(w.changes()[0].find("was removed"), std::string::npos);
  EXPECT_NE(w.changes()[1].find("appeared"), std::string::npos);
}

TEST_F(Watched, WatcherCallsBackOnceThenStopsAtOnce) {
  std::atomic<int> calls{0};
  std::string said;
  {
    FileWatcher watcher(FileWatch({lib}), 20ms, [&](const std::vector<std::string>& changed) {
      said = changed.at(0);
      ++calls;
    });
    std::this_thread::sleep_for(60ms);
    EXPECT_EQ(calls, 0);
    fs::remove(lib);
    for (int i = 0; i < 100 && calls == 0; ++i) std::this_thread::sleep_for(10ms);
    write(lib, "again");
    std::this_thread::sleep_for(60ms);
  }
  EXPECT_EQ(calls, 1);
  EXPECT_NE(said.find("was removed"), std::string::npos) << said;
  const auto t0 = std::chrono::steady_clock::now();
  { FileWatcher idle(FileWatch({lib}), 1h, [](const std::vector<std::string>&) {}); }
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);  // the destructor does not wait out the period
}

}  // namespace
