#pragma once
// A bad command line found after parsing: a value that needs the board or the model to be judged
// (an --input of the wrong size, --counter cycles on a board without a timing model), or an
// option that does not apply to the chosen board. main() gives it the same exit code as every
// mistake CLI11 finds while parsing (cli::kExitUsage), so scripts tell a bad command line from a
// failed run by one number.
#include <stdexcept>

namespace aotbench {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace aotbench
