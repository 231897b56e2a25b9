#include "codegen/interp/fold_constants.hpp"

#include <algorithm>
#include <set>

#include "codegen/interp/interpreter.hpp"
#include "codegen/lower/lower.hpp"

namespace aotbench::codegen {
namespace {

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool foldable(const Graph& g, const Operator& op) {
  for (int out : op.outputs) {
    if (contains(g.outputs, out)) return false;  // the caller's buffer must still be written
  }
  if (op.type == OpType::Shape) return true;
  return std::all_of(op.inputs.begin(), op.inputs.end(),
                     [&](int t) { return t < 0 || g.tensors[static_cast<std::size_t>(t)].is_constant(); });
}

// Runs the operator's reference kernel and turns its outputs into constants of the graph.
void evaluate(Graph& g, const Operator& op) {
  const LoweredOp lowered = lower_operator(g, op);
  std::vector<std::unique_ptr<std::vector<uint8_t>>> outputs;
  for (int out : op.outputs) {
    outputs.push_back(std::make_unique<std::vector<uint8_t>>(
        static_cast<std::size_t>(g.tensors[static_cast<std::size_t>(out)].num_bytes())));
  }
  // Constant inputs are copied so the kernels read aligned words.
  std::vector<std::vector<uint64_t>> copies(g.tensors.size());
  run_lowered(g, lowered, [&](int t) -> void* {
    if (t < 0) return nullptr;
    const auto it = std::find(op.outputs.begin(), op.outputs.end(), t);
    if (it != op.outputs.end()) return outputs[static_cast<std::size_t>(it - op.outputs.begin())]->data();
    const Tensor& in = g.tensors[static_cast<std::size_t>(t)];
    auto& copy = copies[static_cast<std::size_t>(t)];
    copy.assign((in.data.size() + 7) / 8, 0);
    std::copy(in.data.begin(), in.data.end(), reinterpret_cast<uint8_t*>(copy.data()));
    return copy.data();
  });
  for (std::size_t i = 0; i < op.outputs.size(); ++i) {
    Tensor& t = g.tensors[static_cast<std::size_t>(op.outputs[i])];
    t.data = std::span<const uint8_t>(outputs[i]->data(), outputs[i]->size());
    g.computed.push_back(std::move(outputs[i]));
  }
}

// Keeps the operators that are not folded and whose results a later operator or the caller reads.
int drop_folded_and_dead(Graph& g, const std::vector<bool>& folded) {
  std::set<int> read(g.outputs.begin(), g.outputs.end());
  std::vector<bool> live(g.ops.size(), false);
  for (std::size_t i = g.ops.size(); i-- > 0;) {
    const Operator& op = g.ops[i];
    // An operator with state (a variable input) changes it: that is a result of its own.
    const bool keeps_state = std::any_of(op.inputs.begin(), op.inputs.end(), [&](int t) {
      return t >= 0 && g.tensors[static_cast<std::size_t>(t)].is_variable;
    });
    live[i] = !folded[i] && (keeps_state || std::any_of(op.outputs.begin(), op.outputs.end(),
                                                         [&](int t) { return read.count(t) > 0; }));
    if (live[i]) read.insert(op.inputs.begin(), op.inputs.end());
  }
  std::vector<Operator> kept;
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    if (live[i]) kept.push_back(std::move(g.ops[i]));
  }
  const int removed = static_cast<int>(g.ops.size() - kept.size());
  g.ops = std::move(kept);
  return removed;
}

}  // namespace

int fold_constants(Graph& g) {
  std::vector<bool> folded(g.ops.size(), false);
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    if (!foldable(g, g.ops[i])) continue;
    evaluate(g, g.ops[i]);
    folded[i] = true;
  }
  return drop_folded_and_dead(g, folded);
}

}  // namespace aotbench::codegen
