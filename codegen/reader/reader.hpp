#pragma once
// Reads a full-integer-quantized TFLite flatbuffer into the graph IR. Every file is checked with
// the flatbuffers verifier first; anything aotbench cannot compile exactly is rejected with a
// ModelError that names the file and what is wrong (operator name and node index included).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "ir/graph.hpp"

namespace aotbench::codegen {

class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

Graph read_tflite_file(const std::string& path);
// `source` names the model in messages (a path or a zoo name).
Graph read_tflite_buffer(std::vector<uint8_t> bytes, const std::string& source);

}  // namespace aotbench::codegen
