#pragma once
// How long the host waits for a device, judged by silence rather than by how long a request may
// take. A device working on a long request (Run) sends progress frames between its workload
// calls, so it is never silent for much longer than one call; a device that has finished and
// whose answer was lost is silent for good. The host asks again (same sequence number: the device
// answers from its cache, nothing runs twice) after a few quiet intervals, where the interval is
// at least `quiet` and at least the longest silence this device has already kept during the
// request (the length of one of its calls: the time between its progress frames; a silence that
// ended with the answer to a question asked again was a lost frame, not the device's pause, and
// must not stretch the pace). Consecutive questions that go unanswered wait twice as long each,
// up to `most_quiet`, so a busy device is not flooded. The request fails after `give_up` of
// silence, however long it has been running.
#include <chrono>

#include "transport/link/link.hpp"

namespace aotbench::transport {

class Patience {
 public:
  struct Limits {
    Clock::duration quiet;       // silence before asking again, at the least
    Clock::duration most_quiet;  // the longest wait between unanswered questions
    Clock::duration give_up;     // silence after which the device counts as gone
    int intervals = 3;           // how many of the device's own longest pauses to wait, at the least
  };

  Patience(Limits limits, Clock::time_point sent);

  void heard(Clock::time_point now);       // bytes arrived from the device: it is there
  void progressed(Clock::time_point now);  // a progress frame of the request: one of its calls ended
  void asked(Clock::time_point now);  // the request was sent again
  Clock::time_point ask_again_at() const;
  Clock::time_point give_up_at() const;

  Clock::duration longest_silence() const { return longest_; }  // between progress frames, so far
  Clock::duration silent_since_heard(Clock::time_point now) const { return now - heard_; }

 private:
  Limits limits_;
  Clock::time_point heard_;    // last bytes from the device (the first send until then)
  Clock::time_point asked_;    // last send
  Clock::time_point progress_; // last progress frame (the first send until then)
  Clock::duration longest_{0};
  int unanswered_ = 0;         // questions since bytes were last heard
};

}  // namespace aotbench::transport
