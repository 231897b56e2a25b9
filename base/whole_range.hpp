#pragma once
// A whole number's allowed range and what it counts (--repeat's, --jobs'...). The command line
// checks a value while it is parsed, and a library entry point checks it again for its other
// callers; both say it in the same words.
#include <string>
#include <string_view>

namespace aotbench::base {

struct WholeRange {
  static constexpr long long kNoMaximum = 1LL << 31;
  long long min = 0;
  long long max = kNoMaximum;
  std::string counts;  // what the number counts, and where the bounds come from

  bool contains(long long n) const { return n >= min && n <= max; }
  // "0 is not a whole number from 1 to 32 (timed runs per variant; ...); give one in that range"
  std::string refusal(std::string_view value) const;
  // "INT in [1 - 32]", for --help
  std::string hint() const;
};

}  // namespace aotbench::base
