#pragma once
// A profile's [clock] table (the STM32F2/F4/F7 main PLL): reading it, and checking it against the
// reference manuals' limits and against the rest of the profile (cpu.clock_hz, uart.clock_hz).
#include <optional>

#include "host/board/profile.hpp"
#include "host/board/toml_reader.hpp"

namespace aotbench::board {

// The table, or nullopt when the profile has none.
std::optional<Profile::Clock> read_clock(const Reader& r);

// Throws BoardError (through r) naming the key, the value and the limit it breaks.
void validate_clock(const Reader& r, const Profile& p);

// The frequencies a [clock] table gives, in Hz.
struct ClockTree {
  std::uint64_t vco_in = 0, vco_out = 0, sysclk = 0, hclk = 0, apb1 = 0, apb2 = 0, pll_q = 0;
};
ClockTree clock_tree(const Profile::Clock& c);

}  // namespace aotbench::board
