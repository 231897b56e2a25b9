#include "codegen/lower/quant_math.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace aotbench::codegen {

QuantizedMultiplier quantize_multiplier(double real) {
  if (real == 0.0) return {};
  int shift = 0;
  const double q = std::frexp(real, &shift);  // real = q * 2^shift, q in [0.5, 1)
  auto q_fixed = static_cast<int64_t>(std::round(q * static_cast<double>(1LL << 31)));
  if (q_fixed == (1LL << 31)) {  // q rounded up to 1.0
    q_fixed /= 2;
    ++shift;
  }
  if (shift < -31) {  // every bit would be shifted out: flush to zero as TFLite does
    shift = 0;
    q_fixed = 0;
  }
  return {static_cast<int32_t>(q_fixed), shift};
}

std::optional<QuantizedMultiplier> quantize_multiplier_smaller_than_one(double real) {
  if (!(real > 0.0 && real < 1.0)) return std::nullopt;
  QuantizedMultiplier m = quantize_multiplier(real);
  if (m.shift > 0) return std::nullopt;
  return m;
}

std::optional<QuantizedMultiplier> quantize_multiplier_greater_than_one(double real) {
  if (!(real > 1.0)) return std::nullopt;
  QuantizedMultiplier m = quantize_multiplier(real);
  if (m.shift < 0) return std::nullopt;
  return m;
}

namespace {
// TFLite's Quantize() helper of kernel_util.cc: float division, round half away from zero.
int32_t quantize_value(float scale, int32_t zero_point, float f) {
  return zero_point + static_cast<int32_t>(std::round(f / scale));
}
}  // namespace

ActivationRange activation_range_int8(Activation a, float scale, int32_t zero_point) {
  return activation_range(a, scale, zero_point, DType::Int8);
}

ActivationRange activation_range(Activation a, float scale, int32_t zero_point, DType type) {
  ActivationRange r;
  if (type == DType::Int16) r = {INT16_MIN, INT16_MAX};
  if (type == DType::Int32) {
    // CalculateActivationRange: the activation's real bounds, unquantized.
    r = {INT32_MIN, INT32_MAX};
    if (a == Activation::Relu || a == Activation::Relu6) r.min = 0;
    if (a == Activation::Relu6) r.max = 6;
    if (a == Activation::ReluN1To1) r = {-1, 1};
    return r;
  }
  switch (a) {
    case Activation::None:
    case Activation::Tanh:
      break;
    case Activation::Relu:
      r.min = std::max(r.min, quantize_value(scale, zero_point, 0.0f));
      break;
    case Activation::Relu6:
      r.min = std::max(r.min, quantize_value(scale, zero_point, 0.0f));
      r.max = std::min(r.max, quantize_value(scale, zero_point, 6.0f));
      break;
    case Activation::ReluN1To1:
      r.min = std::max(r.min, quantize_value(scale, zero_point, -1.0f));
      r.max = std::min(r.max, quantize_value(scale, zero_point, 1.0f));
      break;
  }
  return r;
}

WindowDim window_dim(Padding padding, int32_t in, int32_t filter, int32_t stride,
                     int32_t dilation) {
  const int64_t effective = static_cast<int64_t>(filter - 1) * dilation + 1;
  WindowDim d;
  d.out = static_cast<int32_t>(padding == Padding::Same ? (in + stride - 1) / stride
                                                        : (in + stride - effective) / stride);
  const int64_t total = std::max<int64_t>(0, (int64_t{d.out} - 1) * stride + effective - in);
  d.pad_before = static_cast<int32_t>(total / 2);  // the odd extra row/column goes after
  return d;
}

std::optional<SoftmaxScaling> softmax_scaling(float beta, float input_scale) {
  constexpr int kScaledDiffIntegerBits = 5;
  const double max_real = static_cast<double>((1LL << 31) - 1);
  const double real = std::min(static_cast<double>(beta) * static_cast<double>(input_scale) *
                                   static_cast<double>(1 << (31 - kScaledDiffIntegerBits)),
                               max_real);
  const auto m = quantize_multiplier_greater_than_one(real);
  if (!m) return std::nullopt;
  // CalculateInputRadius: the largest |difference| whose rescaled value still fits in Q5.26.
  const double radius = 1.0 * ((1 << kScaledDiffIntegerBits) - 1) *
                        static_cast<double>(1LL << (31 - kScaledDiffIntegerBits)) /
                        static_cast<double>(1LL << m->shift);
  SoftmaxScaling s;
  s.multiplier = m->multiplier;
  s.left_shift = m->shift;
  s.diff_min = -static_cast<int32_t>(std::floor(radius));
  return s;
}

QuantizedMultiplier fold_mean_count(QuantizedMultiplier base, int64_t count) {
  // shift = floor(log2(count)), bounded so the multiplier stays in range and shift >= -31.
  int shift = 63 - __builtin_clzll(static_cast<uint64_t>(count));
  shift = std::min(shift, 32);
  shift = std::min(shift, 31 + base.shift);
  QuantizedMultiplier m;
  m.multiplier = static_cast<int32_t>((static_cast<int64_t>(base.multiplier) << shift) / count);
  m.shift = base.shift - shift;
  return m;
}

}  // namespace aotbench::codegen
