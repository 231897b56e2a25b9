#include "codegen/lower/activation_tables.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "ab_fixedpoint.h"

namespace aotbench::codegen::lower_detail {
namespace {

// f(x) for every int8 x, stored at index (uint8_t)x.
std::vector<int8_t> table_s8(const std::function<int32_t(int32_t)>& f) {
  std::vector<int8_t> t(256);
  for (int32_t x = -128; x <= 127; ++x) {
    t[static_cast<uint8_t>(x)] = static_cast<int8_t>(std::clamp(f(x), int32_t{-128}, int32_t{127}));
  }
  return t;
}

// gemmlowp's logistic of a Q4.27 value, Q0.31: 1 / (1 + exp(-|a|)), mirrored for a < 0.
int32_t logistic_q4(int32_t a) {
  if (a == 0) return 1 << 30;
  const int32_t magnitude = a > 0 ? a : -a;
  const int32_t positive = ab_fp_one_over_one_plus_x(ab_fp_exp_on_negative_values(-magnitude, 4));
  return a > 0 ? positive : ab_wrap_sub(AB_FP_ONE_Q0, positive);
}

// gemmlowp's tanh of a Q4.27 value, Q0.31: (1 - exp(-2|a|)) / (1 + exp(-2|a|)), odd. The
// doubling is exact: -|a| read as Q5.26.
int32_t tanh_q4(int32_t a) {
  if (a == 0) return 0;
  const int32_t negative = a < 0 ? a : -a;
  const int32_t t = ab_fp_one_minus_x_over_one_plus_x(ab_fp_exp_on_negative_values(negative, 5));
  return a < 0 ? -t : t;
}

// The input rescaled to Q4.27, or nothing when it saturates.
template <class F>
int32_t q4_function(const Q4InputScaling& s, int32_t x, int32_t below, int32_t above, F f) {
  const int32_t v = x - s.zero_point;
  if (v <= -s.range_radius) return below;
  if (v >= s.range_radius) return above;
  return f(ab_mbqm(v, s.multiplier, s.left_shift));
}

// gemmlowp's int16 fixed point, as HARD_SWISH uses it: every intermediate is an int16_t.
int16_t srdhm16(int16_t a, int16_t b) {  // SaturatingRoundingDoublingHighMul
  if (a == b && a == std::numeric_limits<int16_t>::min()) return std::numeric_limits<int16_t>::max();
  const int32_t ab = int32_t{a} * int32_t{b};
  const int16_t nudge = static_cast<int16_t>(ab >= 0 ? (1 << 14) : (1 - (1 << 14)));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));
}

int16_t sdhm16(int16_t a, int16_t b) {  // SaturatingDoublingHighMul: truncates toward zero
  if (a == b && a == std::numeric_limits<int16_t>::min()) return std::numeric_limits<int16_t>::max();
  return static_cast<int16_t>(int32_t{a} * int32_t{b} / (1 << 15));
}

// RoundingDivideByPOT on int16_t, including what its 16-bit mask does for exponents >= 16.
int16_t rdbpot16(int16_t x, int exponent) {
  const auto mask = static_cast<int16_t>((1LL << exponent) - 1);
  const auto remainder = static_cast<int16_t>(x & mask);
  const auto threshold = static_cast<int16_t>((mask >> 1) + (x < 0 ? 1 : 0));
  return static_cast<int16_t>((x >> exponent) + (remainder > threshold ? 1 : 0));
}

int16_t saturating_left_shift16(int16_t x, int amount) {
  const int64_t r = int64_t{x} * (int64_t{1} << amount);
  return static_cast<int16_t>(std::clamp<int64_t>(r, std::numeric_limits<int16_t>::min(),
                                                  std::numeric_limits<int16_t>::max()));
}

int32_t hard_swish(const HardSwishScaling& s, int32_t x) {
  const auto input = static_cast<int16_t>(x - s.input_zero_point);
  const auto hires = static_cast<int16_t>(input * (1 << 7));
  const int16_t preshift_output = srdhm16(hires, s.output_multiplier);
  // "reluish": the input rescaled so that 3 is 32768, saturating, then mapped to [0, 1].
  int16_t reluish = hires;
  if (s.reluish_exponent > 0) reluish = saturating_left_shift16(reluish, s.reluish_exponent - 1);
  reluish = srdhm16(reluish, s.reluish_multiplier);
  if (s.reluish_exponent > 0) reluish = saturating_left_shift16(reluish, 1);
  if (s.reluish_exponent < 0) reluish = rdbpot16(reluish, -s.reluish_exponent);
  reluish = static_cast<int16_t>((reluish + (1 << 15)) >> 1);
  int16_t out = rdbpot16(sdhm16(reluish, preshift_output), -s.output_exponent);
  out = static_cast<int16_t>(out + s.output_zero_point);  // wraps in int16 as the reference's does
  return out;
}

// LUTPopulate<int16_t> (LUTPopulateInt16<float>): 512 samples of f over the input range, each
// biased by half the interpolation error at its interval's midpoint, and f at the end.
std::vector<int16_t> lut_s16(float input_scale, int32_t input_zero_point, float output_scale, int32_t output_zero_point,
                             float (*f)(float)) {
  const float input_min = input_scale * static_cast<float>(std::numeric_limits<int16_t>::min() - input_zero_point);
  const float input_max = input_scale * static_cast<float>(std::numeric_limits<int16_t>::max() - input_zero_point);
  const float output_min = output_scale * static_cast<float>(std::numeric_limits<int16_t>::min() - output_zero_point);
  const float output_max = output_scale * static_cast<float>(std::numeric_limits<int16_t>::max() - output_zero_point);
  const int steps = 512;
  const float step = (input_max - input_min) / static_cast<float>(steps);
  const float half_step = step / 2;
  const float scaling_inv = 65536.0f / (output_max - output_min);
  auto clamp16 = [](float v) { return static_cast<int16_t>(std::min(std::max(v, -32768.0f), 32767.0f)); };
  std::vector<int16_t> lut(steps + 1);
  for (int i = 0; i < steps; ++i) {
    const float at = input_min + static_cast<float>(i) * step;
    const float val = f(at);
    const float val_mid = f(at + half_step);
    const float val_next = f(input_min + static_cast<float>(i + 1) * step);
    const float sample = std::round(val * scaling_inv);
    const float mid_interpolated = std::round((val_next * scaling_inv + std::round(val * scaling_inv)) / 2);
    const float mid = std::round(val_mid * scaling_inv);
    const float bias = std::round((mid_interpolated - mid) / 2);
    lut[static_cast<std::size_t>(i)] = clamp16(sample - bias);
  }
  lut[steps] = clamp16(std::round(f(input_max) * scaling_inv));
  return lut;
}

constexpr int32_t kInt16Range = 65535;  // int16 max - int16 min

}  // namespace

std::vector<int8_t> logistic_table_s8(const Q4InputScaling& s) {
  return table_s8([&](int32_t x) {
    return q4_function(s, x, -128, 127, [](int32_t a) { return ab_rdbpot(logistic_q4(a), 23) - 128; });
  });
}

std::vector<int8_t> tanh_table_s8(const Q4InputScaling& s) {
  return table_s8([&](int32_t x) {
    return q4_function(s, x, -128, 127, [](int32_t a) { return ab_rdbpot(tanh_q4(a), 24); });
  });
}

std::vector<int8_t> hard_swish_table_s8(const HardSwishScaling& s) {
  return table_s8([&](int32_t x) { return hard_swish(s, x); });
}

std::vector<int16_t> softmax_exp_table_s16() {
  return lut_s16(10.0f / kInt16Range, std::numeric_limits<int16_t>::max(), 2.0f / kInt16Range, 0,
                 [](float v) { return std::exp(v); });
}

std::vector<int16_t> softmax_reciprocal_table_s16() {
  return lut_s16(1.0f / kInt16Range, std::numeric_limits<int16_t>::min(), 2.0f / kInt16Range, 0,
                 [](float v) { return 1.0f / (1.0f + v); });
}

}  // namespace aotbench::codegen::lower_detail
