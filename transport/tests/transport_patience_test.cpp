// The host's silence-based waiting (rpc/patience.hpp), on a clock the test moves by hand.
#include <gtest/gtest.h>

#include "transport/rpc/patience.hpp"

namespace {

using namespace aotbench::transport;
using namespace std::chrono_literals;

const Clock::time_point t0{};
const Patience::Limits limits{300ms, 2400ms, 10s, 3};

TEST(Patience, AsksAgainAfterTheQuietTimeWhenNothingIsHeard) {
  Patience p(limits, t0);
  EXPECT_EQ(p.ask_again_at(), t0 + 300ms);
  EXPECT_EQ(p.give_up_at(), t0 + 10s);
}

TEST(Patience, UnansweredQuestionsWaitTwiceAsLongEachUpToTheMost) {
  Patience p(limits, t0);
  Clock::time_point now = t0;
  std::vector<Clock::duration> waits;
  for (int i = 0; i < 6; ++i) {
    now = p.ask_again_at();
    p.asked(now);
    waits.push_back(p.ask_again_at() - now);
  }
  EXPECT_EQ(waits, (std::vector<Clock::duration>{600ms, 1200ms, 2400ms, 2400ms, 2400ms, 2400ms}));
  // Silence since the request was first sent is what gives up, not the number of questions.
  EXPECT_EQ(p.give_up_at(), t0 + 10s);
}

TEST(Patience, HearingTheDeviceResetsTheBackoffAndTheGiveUpTime) {
  Patience p(limits, t0);
  p.asked(t0 + 300ms);
  p.asked(t0 + 900ms);
  p.heard(t0 + 1000ms);  // the answer to the question asked again: the first one was lost
  EXPECT_EQ(p.ask_again_at(), t0 + 1000ms + 300ms);  // a lost frame is no pause of the device's
  EXPECT_EQ(p.give_up_at(), t0 + 11s);
}

TEST(Patience, TheWaitFollowsTheDevicesOwnLongestPause) {
  // A device whose workload calls take 2 s keeps silent that long between progress frames; the
  // host waits three of those before asking again, not its 300 ms minimum.
  Patience p(limits, t0);
  p.heard(t0 + 2010ms);  // first call done
  p.progressed(t0 + 2010ms);
  EXPECT_EQ(p.longest_silence(), 2010ms);
  EXPECT_EQ(p.ask_again_at(), t0 + 2010ms + 3 * 2010ms);
  // Short pauses later do not shrink it.
  p.heard(t0 + 2020ms);
  p.progressed(t0 + 2020ms);
  EXPECT_EQ(p.ask_again_at(), t0 + 2020ms + 3 * 2010ms);
}

// Lost answers (10 %+ of the frames on a damaged link) used to stretch the pace to three of the
// silences they caused, until the silence limit was reached after a handful of questions.
TEST(Patience, SilencesEndedByAnAnswerAskedForAgainDoNotStretchThePace) {
  Patience p(limits, t0);
  Clock::time_point now = t0;
  for (int lost = 0; lost < 5; ++lost) {
    now = p.ask_again_at();
    p.asked(now);
    now += 20ms;
    p.heard(now);  // the answer to the question asked again
  }
  EXPECT_EQ(p.longest_silence(), Clock::duration{0});
  EXPECT_EQ(p.ask_again_at(), now + 300ms);
}

TEST(Patience, AResendRightAfterARejectedFrameIsNotAnUnansweredQuestion) {
  Patience p(limits, t0);
  p.heard(t0 + 50ms);  // a frame that failed its CRC: the device is there
  p.asked(t0 + 50ms);  // sent again at once
  EXPECT_EQ(p.ask_again_at(), t0 + 50ms + 300ms);  // no doubling
}

}  // namespace
