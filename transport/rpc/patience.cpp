// See patience.hpp.
#include "transport/rpc/patience.hpp"

#include <algorithm>

namespace aotbench::transport {

Patience::Patience(Limits limits, Clock::time_point sent)
    : limits_(limits), heard_(sent), asked_(sent), progress_(sent) {}

void Patience::heard(Clock::time_point now) {
  heard_ = now;
  unanswered_ = 0;
}

void Patience::progressed(Clock::time_point now) {
  longest_ = std::max(longest_, now - progress_);
  progress_ = now;
}

void Patience::asked(Clock::time_point now) {
  // A question asked while the device has been silent since the last one is still unanswered.
  if (asked_ >= heard_) unanswered_++;
  asked_ = now;
}

Clock::time_point Patience::ask_again_at() const {
  const Clock::duration pace = std::max(limits_.quiet, limits_.intervals * longest_);
  Clock::duration wait = pace;
  for (int i = 0; i < unanswered_ && wait < limits_.most_quiet; ++i) wait *= 2;
  wait = std::max(pace, std::min(wait, limits_.most_quiet));
  return std::max(heard_, asked_) + wait;
}

Clock::time_point Patience::give_up_at() const { return heard_ + limits_.give_up; }

}  // namespace aotbench::transport
