#pragma once
// The zoo's deterministic random numbers: SplitMix64 seeded by a hash of a name such as
// "mnv2/block_3_expand/weights", so every layer's values are fixed by the model and layer names
// alone, on every platform (no std:: distributions, whose results are implementation-defined).
#include <cstdint>
#include <string_view>

namespace aotbench::codegen::zoo {

class Rng {
 public:
  explicit Rng(std::string_view seed_name) {
    uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
    for (char c : seed_name) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;
    state_ = h;
  }

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1), from the top 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

  // Uniform integer in [lo, hi].
  int64_t integer(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }

 private:
  uint64_t state_;
};

}  // namespace aotbench::codegen::zoo
