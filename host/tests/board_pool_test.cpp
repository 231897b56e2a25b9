// Sharing network boards out among workers (flash/board_pool.hpp): one worker per board at a
// time, a lease given back wakes a waiting worker, a retired board is never leased again, and
// with every board retired a lease says so instead of waiting for ever.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "host/flash/board_pool.hpp"

namespace {

using aotbench::flash::BoardPool;
using aotbench::flash::RemoteBoard;

RemoteBoard remote(const char* name, const char* gdb, const char* serial, const char* host) {
  RemoteBoard b{name, host, {}};
  b.access.gdb = gdb;
  b.access.serial = serial;
  return b;
}

std::vector<RemoteBoard> two_boards() {
  return {remote("place-a", "127.0.0.1:3333", "tcp:127.0.0.1:4000", "exp-a"),
          remote("place-b", "127.0.0.1:3334", "tcp:127.0.0.1:4001", "exp-b")};
}

TEST(BoardPool, NoBoardIsLeasedTwiceAtOnce) {
  BoardPool pool(two_boards());
  std::atomic<int> on_a{0}, on_b{0}, most{0}, done{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        auto lease = pool.lease();
        ASSERT_TRUE(lease.has_value());
        std::atomic<int>& on = (*lease)->name == "place-a" ? on_a : on_b;
        const int now = ++on;
        most = std::max(most.load(), now);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        --on;
        ++done;
      }
    });
  for (auto& t : workers) t.join();
  EXPECT_EQ(most.load(), 1);  // never two workers on one board
  EXPECT_EQ(done.load(), 200);
}

TEST(BoardPool, ARetiredBoardIsNeverLeasedAgain) {
  BoardPool pool(two_boards());
  {
    auto a = pool.lease();
    ASSERT_EQ((*a)->name, "place-a");
    a->retire("no GDB server at 127.0.0.1:3333");
  }
  EXPECT_EQ(pool.in_service(), 1u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ((*pool.lease())->name, "place-b");
  ASSERT_EQ(pool.retired().size(), 1u);
  EXPECT_EQ(pool.retired()[0].first, "place-a");
  EXPECT_EQ(pool.retired()[0].second, "no GDB server at 127.0.0.1:3333");
}

// A worker waiting for a board wakes when the holder retires it and finds no board left.
TEST(BoardPool, AWaitingWorkerLearnsThatNoBoardIsLeft) {
  BoardPool pool({two_boards()[0]});
  auto held = pool.lease();
  std::optional<bool> got;
  std::thread waiter([&] { got = pool.lease().has_value(); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(got.has_value());  // still waiting
  held->retire("exporter gone");
  waiter.join();
  EXPECT_EQ(got, false);
}

}  // namespace
