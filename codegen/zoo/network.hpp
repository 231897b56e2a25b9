#pragma once
// A zoo model expanded into concrete layers: one entry per TFLite operator, with shapes.
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/zoo/definition.hpp"
#include "codegen/zoo/spec.hpp"

namespace aotbench::codegen::zoo {

enum class LayerOp { Conv, Depthwise, Dense, Add, AveragePool, Reshape, Mean, Softmax };

constexpr int kGraphInput = -1;  // Layer::inputs entry for the model's input

struct Layer {
  std::string name;
  LayerOp op = LayerOp::Conv;
  std::vector<int> inputs;       // indices of earlier layers, or kGraphInput
  int kernel_h = 1, kernel_w = 1, stride = 1;  // Conv, Depthwise; AveragePool: the filter (its
                                               // strides equal it: one window per map)
  bool same_padding = true;
  Act activation = Act::None;    // fused
  bool batch_norm = false;       // Conv, Depthwise, Dense: normalized (then folded) in synthesis
  std::vector<int32_t> shape;    // output shape, batch 1: [1,H,W,C] or [1,N]
};

struct Network {
  std::string model;                   // the definition's name: seeds the weights
  std::string spec;                    // canonical spec, for the description
  std::string title;
  std::vector<int32_t> input_shape;    // [1,H,W,C] or [1,N]
  double input_scale = 1;
  int input_zero_point = 0;
  std::vector<Layer> layers;           // in execution order; the last one is the output

  const std::vector<int32_t>& shape_of(int layer) const {
    return layer == kGraphInput ? input_shape : layers[layer].shape;
  }
};

// Expands the definition's layers and blocks for these option values (checked ones).
Network expand_network(const ModelDef& def, const OptionValues& values);

// Keras' _make_divisible(v, divisor): v rounded to the nearest multiple of divisor, at least
// divisor, and never more than 10% below v.
int make_divisible(double v, int divisor);

}  // namespace aotbench::codegen::zoo
