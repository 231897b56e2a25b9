// The build cache's prune: a sweep's prune asks the size ledger and walks only when it is due;
// the bound holds for entries the object cache adds; entries in use stay; concurrent writers'
// additions all count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <thread>
#include <vector>

#include "host/build/cache_ledger.hpp"
#include "host/build/cache_prune.hpp"
#include "host/build/object_cache.hpp"

namespace fs = std::filesystem;
using namespace aotbench::build;
using namespace std::chrono_literals;

namespace {

struct ScratchCache : ::testing::Test {
  fs::path root = fs::temp_directory_path() / ("aotbench-prune-test-" + std::to_string(getpid()) + "-" +
                                               ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override {
    fs::remove_all(root);
    fs::create_directories(root / "objects");
  }
  void TearDown() override { fs::remove_all(root); }

  // An object of `bytes`, last used `age` ago.
  fs::path object(const std::string& name, std::size_t bytes, fs::file_time_type::duration age) {
    const fs::path p = root / "objects" / name;
    std::ofstream(p, std::ios::binary) << std::string(bytes, 'x');
    fs::last_write_time(p, fs::file_time_type::clock::now() - age);
    return p;
  }
  std::size_t objects_left() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(root / "objects"), fs::directory_iterator()));
  }
};

TEST_F(ScratchCache, FirstPruneWalksThenTheLedgerAnswers) {
  for (int i = 0; i < 10; ++i) object("old" + std::to_string(i) + ".o", 1000, 2h);
  const PruneResult first = prune_cache_when_due(root, 1 << 20);
  EXPECT_TRUE(first.walked);  // no ledger yet
  EXPECT_EQ(first.left, 10000u);
  ASSERT_TRUE(read_ledger(root));
  EXPECT_EQ(read_ledger(root)->bytes, 10000u);
  // Under the bound and walked just now: no walk, so a file no writer reported is not seen.
  object("unreported.o", 5000, 2h);
  const PruneResult second = prune_cache_when_due(root, 1 << 20);
  EXPECT_FALSE(second.walked);
  EXPECT_EQ(second.left, 10000u);
  // Once the last walk is older than walk_every, it walks again and finds it.
  const PruneResult due = prune_cache_when_due(root, 1 << 20, 0s);
  EXPECT_TRUE(due.walked);
  EXPECT_EQ(due.left, 15000u);
}

TEST_F(ScratchCache, ObjectsTheCacheAddsKeepItUnderItsBound) {
  for (int i = 0; i < 10; ++i) object("old" + std::to_string(i) + ".o", 1000, 2h);
  ASSERT_TRUE(prune_cache_when_due(root, 1 << 20).walked);
  // Real compiles through the object cache: each fresh object is added to the ledger.
  const fs::path src_dir = root / "src";
  fs::create_directories(src_dir);
  std::vector<CompileJob> jobs;
  for (int i = 0; i < 3; ++i) {
    const fs::path src = src_dir / ("f" + std::to_string(i) + ".c");
    std::ofstream(src) << "int f" << i << "(int x) { return x * " << i + 2 << "; }\n";
    jobs.push_back({src, {"-O2"}, {}});
  }
  const ObjectCache cache(root / "objects", Toolchain::host("gcc"));
  int compiled = 0;
  const std::vector<fs::path> fresh = cache.compile(jobs, 1, &compiled);
  ASSERT_EQ(compiled, 3);
  uint64_t fresh_bytes = 0;
  for (const auto& o : fresh) fresh_bytes += fs::file_size(o);
  ASSERT_EQ(read_ledger(root)->bytes, 10000u + fresh_bytes);
  // A bound the additions pass: the ledger says so, the cache is walked and pruned under it,
  // oldest first, and the new objects (in use) stay.
  const uint64_t bound = 10000u + fresh_bytes - 2500;
  const PruneResult r = prune_cache_when_due(root, bound);
  EXPECT_TRUE(r.walked);
  EXPECT_LE(r.left, bound);
  EXPECT_EQ(r.removed, 3u);  // 3 of the old 1000-byte objects
  for (const auto& o : fresh) EXPECT_TRUE(fs::exists(o)) << o;
  EXPECT_EQ(objects_left(), 10u);
  EXPECT_EQ(read_ledger(root)->bytes, r.left);
}

TEST_F(ScratchCache, EntriesUsedInTheLastHourStayOverTheBound) {
  for (int i = 0; i < 4; ++i) object("busy" + std::to_string(i) + ".o", 1000, 1min);
  const PruneResult r = prune_cache_when_due(root, 100);
  EXPECT_TRUE(r.walked);
  EXPECT_EQ(r.removed, 0u);
  EXPECT_EQ(objects_left(), 4u);
}

TEST_F(ScratchCache, ConcurrentAdditionsAllCount) {
  reset_ledger(root, 0);
  std::vector<std::thread> writers;  // each update opens the ledger anew, as another process would
  for (int t = 0; t < 4; ++t)
    writers.emplace_back([&] {
      for (int i = 0; i < 250; ++i) add_to_ledger(root, 3);
    });
  for (auto& w : writers) w.join();
  EXPECT_EQ(read_ledger(root)->bytes, 3000u);
}

TEST_F(ScratchCache, NoLedgerNoAdditions) {
  add_to_ledger(root, 123);  // nothing to add to: the first prune walks
  EXPECT_FALSE(read_ledger(root));
  EXPECT_FALSE(fs::exists(root / "size.ledger"));
}

}  // namespace
