#include "codegen/plan/lifetime.hpp"

#include <algorithm>
#include <map>

namespace aotbench::codegen {
namespace {

int index_in(const std::vector<int>& v, int x) {
  auto it = std::find(v.begin(), v.end(), x);
  return it == v.end() ? -1 : static_cast<int>(it - v.begin());
}

}  // namespace

std::vector<BufferLife> buffer_lifetimes(const Graph& g) {
  std::map<int, BufferLife> by_root;
  auto touch = [&](int tensor, int op_index) {
    // Constants and state (variables) are not activations: neither lives in the arena.
    if (tensor < 0 || g.tensors.at(tensor).is_constant() || g.tensors.at(tensor).is_variable) return;
    int root = alias_root(g, tensor);
    auto [it, fresh] = by_root.try_emplace(root);
    BufferLife& b = it->second;
    if (fresh) {
      b.root = root;
      b.bytes = g.tensors[root].num_bytes();
      b.first_op = b.last_op = op_index;
    }
    if (std::find(b.members.begin(), b.members.end(), tensor) == b.members.end()) {
      b.members.push_back(tensor);
    }
    b.first_op = std::min(b.first_op, op_index);
    b.last_op = std::max(b.last_op, op_index);
  };
  // Positions in Graph::ops, the execution order (an order pass may have changed it, and the
  // model's node indices skip folded operators).
  const int last = g.ops.empty() ? 0 : static_cast<int>(g.ops.size()) - 1;
  for (int id : g.inputs) touch(id, 0);
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    for (int id : g.ops[i].inputs) touch(id, static_cast<int>(i));
    for (int id : g.ops[i].outputs) touch(id, static_cast<int>(i));
  }
  for (int id : g.outputs) touch(id, last);

  std::vector<BufferLife> out;
  for (auto& [root, b] : by_root) {
    std::sort(b.members.begin(), b.members.end());
    for (int m : b.members) {
      if (int i = index_in(g.inputs, m); i >= 0) b.input_index = i;
      if (int i = index_in(g.outputs, m); i >= 0) b.output_index = i;
    }
    out.push_back(std::move(b));
  }
  return out;
}

int64_t peak_live_bytes(const std::vector<BufferLife>& buffers) {
  int last = 0;
  for (const BufferLife& b : buffers) last = std::max(last, b.last_op);
  int64_t peak = 0;
  for (int op = 0; op <= last; ++op) {
    int64_t live = 0;
    for (const BufferLife& b : buffers) {
      if (b.first_op <= op && op <= b.last_op) live += b.bytes;
    }
    peak = std::max(peak, live);
  }
  return peak;
}

}  // namespace aotbench::codegen
