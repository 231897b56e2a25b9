#pragma once
// Options of a sweep that only some boards use. Each one given must apply to the board, or the
// sweep is refused before any work with the reason (UsageError): an option silently ignored
// (--serial on an emulated board, --counter on silicon) measures something else than the user
// asked for, and a typo in one (--flasher nosuch, a serial port that does not exist) would only
// show after building, once per variant.
#include "host/board/profile.hpp"
#include "host/sweep/sweep.hpp"

namespace aotbench::sweep {

// Throws UsageError naming the option, why it does not apply to `board` and what to give instead.
void check_options_apply(const SweepOptions& o, const board::Profile& board);

}  // namespace aotbench::sweep
