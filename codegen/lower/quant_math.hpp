#pragma once
// The numbers TFLite Micro derives from scales in its Prepare steps, computed the same way
// (same float/double mix, same rounding) so that kernels given them match TFLite bit for bit.
#include <cstdint>
#include <optional>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// real = multiplier * 2^(shift - 31); multiplier in [2^30, 2^31) or 0.
struct QuantizedMultiplier {
  int32_t multiplier = 0;
  int32_t shift = 0;
};

// TFLite's QuantizeMultiplier: frexp, round to 31 bits, flush below 2^-31 to zero.
QuantizedMultiplier quantize_multiplier(double real);
// ... with TFLite's range requirements; nullopt when the value is outside them.
std::optional<QuantizedMultiplier> quantize_multiplier_smaller_than_one(double real);  // (0, 1)
std::optional<QuantizedMultiplier> quantize_multiplier_greater_than_one(double real);  // > 1

// CalculateActivationRangeQuantized for an int8 output with this scale and zero point.
struct ActivationRange {
  int32_t min = -128;
  int32_t max = 127;
};
ActivationRange activation_range_int8(Activation a, float scale, int32_t zero_point);
// The same for an int8, int16 (CalculateActivationRangeQuantized) or int32 (unquantized:
// CalculateActivationRange; scale and zero point are ignored) output.
ActivationRange activation_range(Activation a, float scale, int32_t zero_point, DType type);
// Stores a range in a kernel's parameters: every kernel names its bounds act_min and act_max.
template <class Params>
void set_activation(Params& p, const ActivationRange& r) {
  p.act_min = r.min;
  p.act_max = r.max;
}

// ComputePaddingHeightWidth along one dimension: output size and padding before.
struct WindowDim {
  int32_t out = 0;
  int32_t pad_before = 0;
};
WindowDim window_dim(Padding padding, int32_t in, int32_t filter, int32_t stride,
                     int32_t dilation);

// Softmax: PreprocessSoftmaxScaling and CalculateInputRadius for 5 integer bits (int8 input).
struct SoftmaxScaling {
  int32_t multiplier = 0;
  int32_t left_shift = 0;
  int32_t diff_min = 0;
};
std::optional<SoftmaxScaling> softmax_scaling(float beta, float input_scale);

// Integer MEAN (TFLite Micro 2025): folds 1/count into (multiplier, shift) of in/out scale.
QuantizedMultiplier fold_mean_count(QuantizedMultiplier base, int64_t count);

}  // namespace aotbench::codegen
