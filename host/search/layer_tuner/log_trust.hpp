#pragma once
// Whether the tuner may trust what the tuning log says a layer costs. A log is data from another
// run, another machine or a hand edit, and one wrong figure steers every later tuning (a `ref`
// entry of 0 makes the slowest kernel the winner's), so before a figure is used it must be
// plausible: stored as a count, above zero, below any count a device run could report, and within
// a factor of the counts per MAC its siblings (other layers of the same operator under the same
// schedule) cost. A figure that is not is measured again, never used.
#include <cstdint>
#include <string>
#include <vector>

namespace aotbench::search {

struct LoggedFigure {
  std::string type;      // the operator, e.g. CONV_2D
  std::string schedule;  // e.g. ref
  uint64_t macs = 0;     // of the layer (0: an operator without MACs)
  uint64_t counts = 0;
  std::string damaged;   // results::TuningEntry::damaged: the stored value is no count
};

// The most one layer may plausibly count: kMaxCountsPerMac per MAC on top of kMaxLayerOverhead
// (ref kernels at -O0 cost tens per MAC; a layer of 10^9 counts without MACs runs for seconds).
inline constexpr uint64_t kMaxCountsPerMac = 1000;
inline constexpr uint64_t kMaxLayerOverhead = 1'000'000'000;
// How far a figure's counts per MAC may be from the median of its siblings' (at least two).
inline constexpr double kSiblingFactor = 16.0;

// Why each figure is not to be trusted, "" where it is (same order as `figures`).
std::vector<std::string> implausible(const std::vector<LoggedFigure>& figures);

}  // namespace aotbench::search
