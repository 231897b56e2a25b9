#include "codegen/zoo/quantize.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aotbench::codegen::zoo {

QuantParams activation_quant(float min, float max) {
  min = std::min(min, 0.0f);
  max = std::max(max, 0.0f);
  // A tensor that is 0 everywhere still needs a positive scale.
  float scale = std::max((max - min) / 255.0f, 1e-6f);
  double zp = std::round(-128.0 - static_cast<double>(min) / scale);
  return {{scale}, {static_cast<int64_t>(std::clamp(zp, -128.0, 127.0))}, 0};
}

QuantizedWeights quantize_weights(const std::vector<float>& w, const std::vector<int32_t>& shape,
                                  int axis) {
  // Element i belongs to slice (i / inner) % count along the axis.
  std::size_t count = 1, inner = w.size();
  if (axis >= 0) {
    count = static_cast<std::size_t>(shape[axis]);
    inner = 1;
    for (std::size_t d = axis + 1; d < shape.size(); ++d) inner *= static_cast<std::size_t>(shape[d]);
  }
  std::vector<float> absmax(count, 0.0f);
  for (std::size_t i = 0; i < w.size(); ++i) {
    std::size_t c = (i / inner) % count;
    absmax[c] = std::max(absmax[c], std::fabs(w[i]));
  }
  QuantizedWeights q;
  q.quant.axis = std::max(axis, 0);
  for (float m : absmax) {
    q.quant.scale.push_back(m > 0 ? m / 127.0f : 1.0f);
    q.quant.zero_point.push_back(0);
  }
  q.values.resize(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    float v = std::round(w[i] / q.quant.scale[(i / inner) % count]);
    q.values[i] = static_cast<int8_t>(std::clamp(v, -127.0f, 127.0f));
  }
  return q;
}

QuantizedBias quantize_bias(const std::vector<float>& bias, float input_scale,
                            const QuantParams& weights) {
  QuantizedBias q;
  q.quant.axis = 0;
  constexpr double lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
  for (std::size_t c = 0; c < bias.size(); ++c) {
    float ws = weights.scale.size() == 1 ? weights.scale[0] : weights.scale[c];
    float s = input_scale * ws;
    if (c == 0 || weights.scale.size() > 1) {
      q.quant.scale.push_back(s);
      q.quant.zero_point.push_back(0);
    }
    q.values.push_back(static_cast<int32_t>(std::clamp(std::round(bias[c] / static_cast<double>(s)), lo, hi)));
  }
  return q;
}

}  // namespace aotbench::codegen::zoo
