#pragma once
// Small helpers shared by the kernel tests: deterministic random data and an exact
// "requantize by 1.0" multiplier so accumulation can be checked without rounding.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace kernels_test {

// multiplier 2^30 (0.5) with shift +1 is exactly 1.0 under double rounding.
constexpr int32_t kUnitMultiplier = 1 << 30;
constexpr int32_t kUnitShift = 1;

inline std::vector<int8_t> random_int8(size_t n, uint32_t seed, int lo = -128, int hi = 127) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(d(rng));
  return v;
}

inline std::vector<int32_t> random_int32(size_t n, uint32_t seed, int lo, int hi) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

inline int32_t clamp(int64_t v, int32_t lo, int32_t hi) {
  return static_cast<int32_t>(v < lo ? lo : (v > hi ? hi : v));
}

// True when x is within `margin` of a rounding tie (k + 0.5): the only places where a
// double-precision formulation cannot say what fixed-point rounding must give.
inline bool near_tie(double x, double margin = 1e-3) {
  const double frac = x - std::floor(x);
  return std::fabs(frac - 0.5) < margin;
}

}  // namespace kernels_test
