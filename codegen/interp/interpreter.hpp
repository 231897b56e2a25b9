#pragma once
// Host interpreter: runs a whole graph through lowering + the reference kernels, one buffer per
// tensor (RESHAPE aliases share their root's buffer), so every intermediate tensor can be
// inspected afterwards. Used to prove kernels and lowering bit-exact against TFLite Micro.
// Variable tensors (SVDF's and LSTM's state) keep their bytes from one run() to the next, as in
// TFLite Micro's interpreter; they start reset, and reset_state() resets them again.
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

#include "codegen/ir/graph.hpp"
#include "codegen/lower/lower.hpp"

namespace aotbench::codegen {

class InterpError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunResult {
  std::vector<std::vector<uint8_t>> outputs;  // per graph output, raw bytes
  // With intermediates requested: bytes of every non-constant tensor, indexed by tensor id
  // (empty for constants).
  std::vector<std::vector<uint8_t>> tensors;
};

// Runs one lowered operator: `data(tensor)` gives each tensor argument's buffer.
void run_lowered(const Graph& g, const LoweredOp& op, const std::function<void*(int)>& data);

class Interpreter {
 public:
  // Lowers every operator up front; throws LowerError for an operator it cannot run.
  explicit Interpreter(const Graph& g, const LowerOptions& options = {});
  // Runs operators lowered elsewhere (one per graph operator, in order), e.g. parameters an
  // emitter rendered and compiled.
  Interpreter(const Graph& g, std::vector<LoweredOp> ops);

  // One inference. `inputs`: raw little-endian bytes per graph input, in graph order; a size
  // mismatch throws InterpError.
  RunResult run(const std::vector<std::vector<uint8_t>>& inputs, bool with_intermediates = false);

  // Sets every variable tensor to its reset value (variable_reset_byte), as TFLite Micro's
  // ResetVariableTensors does: the next run() starts a new sequence.
  void reset_state();

  // Called after each operator ran, e.g. to trace or time operators.
  void set_observer(std::function<void(const LoweredOp&)> observer) {
    observer_ = std::move(observer);
  }

  // The bytes of a tensor as of the last run (constants: their data).
  std::span<const uint8_t> tensor_bytes(int tensor) const;
  const std::vector<LoweredOp>& lowered() const { return ops_; }

 private:
  void allocate();
  void* data(int tensor);
  void run_op(const LoweredOp& op);

  const Graph& graph_;
  std::vector<LoweredOp> ops_;
  // 8-byte aligned storage per tensor id; aliases use their root's buffer.
  std::vector<std::vector<uint64_t>> buffers_;
  std::function<void(const LoweredOp&)> observer_;
};

}  // namespace aotbench::codegen
