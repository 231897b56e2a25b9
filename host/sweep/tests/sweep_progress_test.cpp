// Console progress: a live bar on a terminal (a real pseudo-terminal here), log lines otherwise,
// nothing with --quiet.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "host/sweep/progress.hpp"

using namespace aotbench;

namespace {

results::VariantResult ok(const std::string& key, uint64_t count) {
  results::VariantResult v;
  v.key = key;
  v.status = results::Status::ok;
  v.counts = results::summarize({count});
  return v;
}

// A pseudo-terminal: Progress writes to `term`, the test reads what a user's terminal would get.
class Terminal {
 public:
  explicit Terminal(unsigned short columns = 0) {
    winsize size{};
    size.ws_col = columns;
    if (openpty(&master_, &slave_, nullptr, nullptr, &size) != 0) throw std::runtime_error("openpty failed");
    fcntl(master_, F_SETFL, O_NONBLOCK);
    term = fdopen(slave_, "w");
  }
  ~Terminal() {
    std::fclose(term);
    close(master_);
  }
  // Everything written since the last call.
  std::string drain() {
    std::string got;
    char buf[4096];
    pollfd p{master_, POLLIN, 0};
    while (poll(&p, 1, 100) > 0) {
      ssize_t n = read(master_, buf, sizeof buf);
      if (n <= 0) break;
      got.append(buf, static_cast<std::size_t>(n));
    }
    return got;
  }
  std::FILE* term = nullptr;

 private:
  int master_ = -1, slave_ = -1;
};

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(Progress, TerminalShowsABarTheEtaAndEachWorkersStage) {
  Terminal t;
  sweep::Progress p(4, 0, false, t.term);
  p.stage("api=packed", measure::Stage::build);
  p.stage("api=unpacked", measure::Stage::run);
  std::string live = t.drain();
  EXPECT_TRUE(has(live, "[....................] 0/4 ETA --")) << live;
  EXPECT_TRUE(has(live, "| build api=packed | run api=unpacked")) << live;

  p.finished(ok("api=packed", 1234), "instructions");
  std::string after = t.drain();
  // The finished variant gets a line of its own; the live line is redrawn below it.
  EXPECT_TRUE(has(after, "\r\033[K[1/4] ok           api=packed  1234 instructions")) << after;
  const std::string redrawn = after.substr(after.rfind("\r\033[K"));
  EXPECT_TRUE(has(redrawn, "[#####...............] 1/4 ETA ")) << redrawn;
  EXPECT_FALSE(has(redrawn, "ETA --")) << "one variant done gives an estimate: " << redrawn;
  EXPECT_TRUE(has(redrawn, "| run api=unpacked")) << redrawn;
  EXPECT_FALSE(has(redrawn, "build api=packed")) << redrawn;

  p.close();
  EXPECT_EQ(t.drain(), "\r\033[K");  // the live line is cleared, the terminal left clean
}

TEST(Progress, ResumedSweepCountsWhatWasAlreadyDone) {
  Terminal t;
  sweep::Progress p(4, 2, false, t.term);
  p.stage("api=packed", measure::Stage::flash);
  EXPECT_TRUE(has(t.drain(), "[##########..........] 2/4 ETA -- | flash api=packed"));
}

TEST(Progress, LiveLineFitsTheTerminalWidth) {
  Terminal t(60);  // a wrapped line could not be cleared by "\r\033[K"
  sweep::Progress p(4, 0, false, t.term);
  p.stage("api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,opt=O0", measure::Stage::run);
  const std::string live = t.drain();
  const std::string line = live.substr(live.rfind("\r\033[K") + 4);
  EXPECT_EQ(line.size(), 59u) << line;
  EXPECT_EQ(line.substr(0, 40), "[....................] 0/4 ETA -- | run ");
  EXPECT_EQ(line.substr(56), "...");
}

TEST(Progress, LogsGetOneLinePerVariantAndNoLiveLine) {
  std::FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  {
    sweep::Progress p(2, 0, false, log);
    p.stage("api=packed", measure::Stage::generate);
    p.finished(ok("api=packed", 7), "cycles");
    p.note("a message");
    p.close();
  }
  std::rewind(log);
  std::string text(4096, '\0');
  text.resize(std::fread(text.data(), 1, text.size(), log));
  std::fclose(log);
  EXPECT_EQ(text, "[1/2] ok           api=packed  7 cycles\na message\n");
}

TEST(Progress, QuietPrintsNothing) {
  Terminal t;
  sweep::Progress p(2, 0, true, t.term);
  p.stage("api=packed", measure::Stage::run);
  p.finished(ok("api=packed", 7), "cycles");
  p.note("a message");
  p.close();
  EXPECT_EQ(t.drain(), "");
}
