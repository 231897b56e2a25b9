#pragma once
// The fit check before anything is built. Code generation alone knows what every variant needs
// at least: its parameters in flash and its planned arena (or dynamic workspace pool) in RAM.
// When no variant can fit the limits even by these lower bounds, the sweep stops in about a
// second with the overshoot, instead of generating and linking every variant to learn the same.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/choice/select.hpp"
#include "host/infer/infer.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::choice {

// Nothing can fit: the CLI exits with its own code (see cli/cmd_sweep.cpp).
struct NothingFits : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct MinimumNeed {
  std::string key;
  uint64_t flash = 0;  // parameters
  uint64_t ram = 0;    // arena (workspace=static) or workspace pool (dynamic)
};

// One entry per variant, in order. Variants differing only in how they are compiled (opt, cc)
// share their generated code, so each distinct one is generated once, in memory.
std::vector<MinimumNeed> minimum_needs(const infer::LoadedModel& model, const std::vector<codegen::Variant>& space,
                                       const std::vector<std::string>& cpu_features);

// Throws NothingFits when every variant's minimum exceeds a limit, naming the closest variant and
// how far it misses each limit.
void check_something_fits(const std::vector<MinimumNeed>& needs, const Limits& limits, const std::string& board);

}  // namespace aotbench::choice
