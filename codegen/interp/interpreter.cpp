#include "codegen/interp/interpreter.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

#include "ab_ref_kernels.h"
#include "codegen/ir/dump.hpp"

namespace aotbench::codegen {
namespace {

std::vector<uint64_t> words_for(std::size_t bytes) { return std::vector<uint64_t>((bytes + 7) / 8); }

}  // namespace

Interpreter::Interpreter(const Graph& g, const LowerOptions& options)
    : Interpreter(g, lower_graph(g, options)) {}

Interpreter::Interpreter(const Graph& g, std::vector<LoweredOp> ops)
    : graph_(g), ops_(std::move(ops)), buffers_(g.tensors.size()) {
  if (ops_.size() != g.ops.size()) {
    throw InterpError(fmt::format("{}: {} lowered operators for {} graph operators", g.source,
                                  ops_.size(), g.ops.size()));
  }
  allocate();
}

void Interpreter::allocate() {
  const Graph& g = graph_;
  for (const Tensor& t : g.tensors) {
    const auto id = static_cast<std::size_t>(t.id);
    if (t.is_constant()) {
      // Copied so int32 biases and shifts are aligned for the kernels.
      buffers_[id] = words_for(t.data.size());
      std::memcpy(buffers_[id].data(), t.data.data(), t.data.size());
    } else if (alias_root(g, t.id) == t.id) {
      buffers_[id] = words_for(static_cast<std::size_t>(t.num_bytes()));
    }
  }
  reset_state();
}

void Interpreter::reset_state() {
  for (const Tensor& t : graph_.tensors) {
    if (t.is_variable) std::memset(data(t.id), variable_reset_byte(t), static_cast<std::size_t>(t.num_bytes()));
  }
}

void* Interpreter::data(int tensor) {
  if (tensor < 0) return nullptr;
  return buffers_.at(static_cast<std::size_t>(alias_root(graph_, tensor))).data();
}

std::span<const uint8_t> Interpreter::tensor_bytes(int tensor) const {
  const Tensor& t = graph_.tensors.at(static_cast<std::size_t>(tensor));
  const auto& buf = buffers_.at(static_cast<std::size_t>(t.is_constant() ? tensor
                                                                          : alias_root(graph_, tensor)));
  const std::size_t n = t.is_constant() ? t.data.size() : static_cast<std::size_t>(t.num_bytes());
  return {reinterpret_cast<const uint8_t*>(buf.data()), n};
}

RunResult Interpreter::run(const std::vector<std::vector<uint8_t>>& inputs, bool with_intermediates) {
  if (inputs.size() != graph_.inputs.size()) {
    throw InterpError(fmt::format("{}: the model has {} inputs but {} were given", graph_.source,
                                  graph_.inputs.size(), inputs.size()));
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& t = graph_.tensors.at(static_cast<std::size_t>(graph_.inputs[i]));
    if (static_cast<int64_t>(inputs[i].size()) != t.num_bytes()) {
      throw InterpError(fmt::format("{}: input {} ('{}', {}[{}]) needs {} bytes but got {}",
                                    graph_.source, i, printable_name(t.name), dtype_name(t.type),
                                    fmt::join(t.shape, "x"), t.num_bytes(), inputs[i].size()));
    }
    std::memcpy(data(t.id), inputs[i].data(), inputs[i].size());
  }
  for (const LoweredOp& op : ops_) {
    if (!op.is_noop) run_op(op);
    if (observer_) observer_(op);
  }
  RunResult r;
  for (int id : graph_.outputs) {
    const auto bytes = tensor_bytes(id);
    r.outputs.emplace_back(bytes.begin(), bytes.end());
  }
  if (with_intermediates) {
    r.tensors.resize(graph_.tensors.size());
    for (const Tensor& t : graph_.tensors) {
      if (t.is_constant()) continue;
      const auto bytes = tensor_bytes(t.id);
      r.tensors[static_cast<std::size_t>(t.id)].assign(bytes.begin(), bytes.end());
    }
  }
  return r;
}

}  // namespace aotbench::codegen
