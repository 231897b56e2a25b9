#pragma once
// Reads a full-integer-quantized TFLite flatbuffer into the graph IR. Every file is checked with
// the flatbuffers verifier first; anything aotbench cannot compile exactly is rejected with a
// ModelError that names the file and what is wrong (operator name and node index included).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One operator aotbench cannot compile: an operator kind it lacks, or a type combination,
// quantization or shape its kernels do not take.
struct OperatorProblem {
  int index = -1;       // the operator's node index
  std::string op;       // TFLite's name ("SVDF"), or "CUSTOM:<code>"
  std::string message;  // one line, starting with "operator <index>"
};

// A well-formed model with operators aotbench cannot compile: every one of them is listed.
class UnsupportedModel : public ModelError {
 public:
  UnsupportedModel(const std::string& source, std::size_t total_ops,
                   std::vector<OperatorProblem> problems);
  const std::vector<OperatorProblem>& problems() const { return problems_; }

 private:
  std::vector<OperatorProblem> problems_;
};

// The operators the reader accepts, sorted, comma-separated.
std::string supported_operators();

// Every operator kind the IR knows, in IR order: whether the reader accepts it and the type
// combinations its checks take.
struct OperatorSupport {
  OpType type;
  bool supported = false;
  std::string types;
};
std::vector<OperatorSupport> operator_support();

Graph read_tflite_file(const std::string& path);
// `source` names the model in messages (a path or a zoo name).
Graph read_tflite_buffer(std::vector<uint8_t> bytes, const std::string& source);

}  // namespace aotbench::codegen
