#include "requant_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <optional>

#include "ab_fixedpoint.h"

namespace aotbench::codegen::dsp {
namespace {

constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();

int32_t wrap32(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }

// Whether the folded form is exact for this channel: no right shift of 0, the doubled
// accumulator, the rounding constant and their sum all within int32.
bool foldable(const ChannelSum& s, int32_t shift, int32_t input_offset, int32_t output_zero_point,
              const RequantBounds& b) {
  if (shift > -1 || shift < -31) return false;
  const int e = -shift;
  const int64_t x_offset =
      std::max(std::abs(b.x_min + int64_t{input_offset}), std::abs(b.x_max + int64_t{input_offset}));
  const int64_t acc = std::abs(s.bias) + s.abs_weight_sum * x_offset;  // bound of |bias + sum w(x + off)|
  if (2 * acc > kMax32) return false;
  const int64_t k = (int64_t{1} << (e - 1)) + int64_t{output_zero_point} * (int64_t{1} << e);
  // |doubling high multiply| <= |acc| + 1; the sign term adds at most 1.
  return std::abs(k) + acc + 2 <= kMax32;
}

// The output (saturated to int8) of a channel that gives one value for every accumulator its bias,
// weights and inputs allow: a zero multiplier, or a bias so large that the weights cannot move the
// rounded result (pruned channels). Without a left shift the reference's requantization is
// monotonic in the accumulator, so the two ends of its range decide.
std::optional<int32_t> constant_output(const ChannelSum& s, int32_t multiplier, int32_t shift, int32_t input_offset,
                                       int32_t output_zero_point, const RequantBounds& b) {
  if (multiplier == 0) return std::clamp(output_zero_point, -128, 127);
  if (shift > 0 || multiplier < 0) return std::nullopt;
  const int64_t start = s.bias + int64_t{input_offset} * s.weight_sum;
  const int64_t x_abs = std::max(std::abs(int64_t{b.x_min}), std::abs(int64_t{b.x_max}));
  const int64_t lo = start - x_abs * s.abs_weight_sum, hi = start + x_abs * s.abs_weight_sum;
  if (lo < std::numeric_limits<int32_t>::min() || hi > kMax32) return std::nullopt;  // it would wrap
  const int32_t low = ab_mbqm(static_cast<int32_t>(lo), multiplier, shift);
  if (low != ab_mbqm(static_cast<int32_t>(hi), multiplier, shift)) return std::nullopt;
  // Saturated to int8 as the kernel saturates every output first: the same bytes, small values.
  return static_cast<int32_t>(std::clamp(int64_t{low} + output_zero_point, int64_t{-128}, int64_t{127}));
}

}  // namespace

RequantTable requant_table(const std::vector<ChannelSum>& sums, const int32_t* multiplier, const int32_t* shift,
                           int32_t input_offset, int32_t output_zero_point, bool scaled_weights,
                           std::size_t channels, const RequantBounds& bounds) {
  RequantTable t;
  // Constant channels fold whatever their bias and shift: multiplier 0, e = 1 and the rounding
  // 2 * value + 1 make the folded formula give the value for any accumulator.
  std::vector<std::optional<int32_t>> constant(sums.size());
  bool folded = bounds.allow_folded;
  for (std::size_t c = 0; c < sums.size(); ++c) {
    if (bounds.fold_constant_channels)
      constant[c] = constant_output(sums[c], multiplier[c], shift[c], input_offset, output_zero_point, bounds);
    folded = folded && (constant[c] || foldable(sums[c], shift[c], input_offset, output_zero_point, bounds));
  }
  // Without the sign correction only where every multiplier is non-negative: then a negative
  // accumulator's product is not positive, and the output at most the zero point.
  const bool clamped = bounds.clamped_at_zero_point &&
                       std::all_of(multiplier, multiplier + sums.size(), [](int32_t m) { return m >= 0; });
  t.mode = !folded ? AB_DSP_RQ_EXACT : clamped ? AB_DSP_RQ_FOLDED_CLAMPED : AB_DSP_RQ_FOLDED;
  t.weight_scale = folded && scaled_weights ? 2 : 1;
  t.acc_shift = folded && !scaled_weights ? 1 : 0;
  t.rq.assign(std::max(channels, sums.size()) * AB_DSP_RQ_STRIDE, 0);
  for (std::size_t c = 0; c < sums.size(); ++c) {
    int32_t* row = &t.rq[c * AB_DSP_RQ_STRIDE];
    const int64_t start = sums[c].bias + int64_t{input_offset} * sums[c].weight_sum;
    row[1] = multiplier[c];
    if (folded && constant[c]) {
      row[0] = 0;
      row[1] = 0;
      row[2] = 2 * *constant[c] + 1;
      row[3] = 1;
    } else if (folded) {
      const int e = -shift[c];
      row[0] = wrap32(start * t.weight_scale);
      row[2] = wrap32((int64_t{1} << (e - 1)) + int64_t{output_zero_point} * (int64_t{1} << e));
      row[3] = e;
    } else {
      row[0] = wrap32(start);  // the reference accumulates modulo 2^32 too
      row[2] = output_zero_point;
      row[3] = shift[c];
    }
  }
  return t;
}

}  // namespace aotbench::codegen::dsp
