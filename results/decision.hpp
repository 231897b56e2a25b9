#pragma once
// What a run says about shipping its winner: the flash and RAM left for the application on the
// board, whether that keeps a reserve, the best variant that does when the winner does not, and
// the trade-off against the runner-up ("12.0% faster for 360 KiB more flash"). Read by the HTML
// report and the console table.
#include <cstdint>
#include <optional>
#include <string>

#include "results/record.hpp"

namespace aotbench::results {

// The reserve a winner should leave for the application unless told otherwise (percent of the
// board's flash and of its RAM).
constexpr double kDefaultReservePercent = 10.0;

struct Headroom {
  uint64_t capacity = 0, used = 0;
  int64_t left() const { return static_cast<int64_t>(capacity) - static_cast<int64_t>(used); }
  double left_percent() const { return capacity ? 100.0 * static_cast<double>(left()) / static_cast<double>(capacity) : 0; }
};

struct Decision {
  const VariantResult* winner = nullptr;
  std::optional<Headroom> flash, ram;  // ram: static RAM + stack; empty without the board's sizes
  double reserve_percent = kDefaultReservePercent;
  bool below_reserve = false;               // the winner leaves less than the reserve (flash or RAM)
  const VariantResult* within_reserve = nullptr;  // then: the fastest variant that leaves it
  const VariantResult* runner_up = nullptr;       // the fastest with less flash, else the next fastest
  std::string tradeoff;                            // the winner against the runner-up, one phrase
};

// Nothing of the above (winner null) when the run has no winner.
Decision decide(const Run& run, double reserve_percent = kDefaultReservePercent);

// "1.2 MiB", "360 KiB", "812 B".
std::string bytes_text(double bytes);

// A knob's value for people: a tuned `layers` list becomes "tuned: 65 layers (52 dsp, 13 ref)";
// anything else is itself.
std::string knob_summary(const std::string& knob, const std::string& value);

}  // namespace aotbench::results
