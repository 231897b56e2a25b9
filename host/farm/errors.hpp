#pragma once
// What goes wrong with a board farm: a bad board spec, no coordinator, a place that is unknown,
// held by someone else or missing a resource. Messages say what was wrong and what to do.
#include <stdexcept>

namespace aotbench::farm {

struct FarmError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace aotbench::farm
