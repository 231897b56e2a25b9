#pragma once
// TFLite's int8 quantization conventions, as its converter applies them.
#include <cstdint>
#include <vector>

namespace aotbench::codegen::zoo {

struct QuantParams {
  std::vector<float> scale;
  std::vector<int64_t> zero_point;
  int32_t axis = 0;  // the quantized dimension when per channel
};

// An activation from its measured range: asymmetric int8, the range widened to contain 0 so
// that 0 is exact; scale = (max - min) / 255.
QuantParams activation_quant(float min, float max);

struct QuantizedWeights {
  std::vector<int8_t> values;
  QuantParams quant;
};

// Symmetric int8 weights (zero point 0, values in -127..127), one scale max|w|/127 per slice
// along `axis` of `shape` (per channel), or one for all when axis < 0 (per tensor).
QuantizedWeights quantize_weights(const std::vector<float>& w, const std::vector<int32_t>& shape,
                                  int axis);

// int32 biases with scale input_scale x weight_scale (per channel when the weights are).
struct QuantizedBias {
  std::vector<int32_t> values;
  QuantParams quant;
};
QuantizedBias quantize_bias(const std::vector<float>& bias, float input_scale,
                            const QuantParams& weights);

}  // namespace aotbench::codegen::zoo
