#pragma once
// Synthetic weights and calibrated quantization for an expanded zoo network.
//
// Weights are He-uniform per layer from the deterministic Rng. Layers that carry batch norm in
// the reference architecture get it folded in as the converter folds a trained one: the
// normalization statistics come from the network's own pre-activations on a fixed batch of
// calibration inputs, with random gamma and beta. Each activation's quantization comes from
// its min/max on that batch (what TFLite's converter does with a representative dataset);
// ReLU6 outputs get TFLite's fixed 6/255, zero point -128, and SOFTMAX outputs 1/256, -128.
#include <cstdint>
#include <vector>

#include "codegen/zoo/network.hpp"
#include "codegen/zoo/quantize.hpp"

namespace aotbench::codegen::zoo {

struct LayerParams {
  std::vector<int32_t> weight_shape;  // empty for layers without weights
  QuantizedWeights weights;
  QuantizedBias bias;
  QuantParams output;
};

struct SynthesizedParams {
  QuantParams input;
  std::vector<LayerParams> layers;  // one per Network::layers entry
};

SynthesizedParams synthesize(const Network& net);

}  // namespace aotbench::codegen::zoo
