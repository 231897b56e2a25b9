#include "base/whole_range.hpp"

#include <fmt/format.h>

namespace aotbench::base {

std::string WholeRange::refusal(std::string_view value) const {
  const std::string range = max == kNoMaximum ? fmt::format("of at least {}", min) : fmt::format("from {} to {}", min, max);
  return fmt::format("{} is not a whole number {} ({}); give one in that range", value, range, counts);
}

std::string WholeRange::hint() const {
  return max == kNoMaximum ? fmt::format("INT >= {}", min) : fmt::format("INT in [{} - {}]", min, max);
}

}  // namespace aotbench::base
