#pragma once
// Serializes a synthesized zoo network as a TFLite flatbuffer (schema version 3, identifier
// TFL3, buffer 0 the empty sentinel), laid out as TFLite's MLIR converter writes int8 models.
#include <cstdint>
#include <vector>

#include "codegen/zoo/network.hpp"
#include "codegen/zoo/synthesize.hpp"

namespace aotbench::codegen::zoo {

std::vector<uint8_t> write_tflite(const Network& net, const SynthesizedParams& params);

}  // namespace aotbench::codegen::zoo
