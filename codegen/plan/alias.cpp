#include "codegen/plan/alias.hpp"

#include <algorithm>

namespace aotbench::codegen {
namespace {

bool is_io(const Graph& g, int tensor) {
  auto has = [&](const std::vector<int>& v) {
    return std::find(v.begin(), v.end(), tensor) != v.end();
  };
  return has(g.inputs) || has(g.outputs);
}

// Does any tensor sharing `root`'s memory belong to the graph's interface?
bool class_has_io(const Graph& g, int root) {
  for (const Tensor& t : g.tensors) {
    if (alias_root(g, t.id) == root && is_io(g, t.id)) return true;
  }
  return false;
}

// Operators whose output is their first input's bytes under another shape.
bool reinterprets_shape(OpType type) {
  return type == OpType::Reshape || type == OpType::Squeeze || type == OpType::ExpandDims;
}

}  // namespace

int alias_reshapes(Graph& g) {
  int aliased = 0;
  for (const Operator& op : g.ops) {
    if (!reinterprets_shape(op.type)) continue;
    const Tensor& in = g.tensors.at(op.inputs.at(0));
    Tensor& out = g.tensors.at(op.outputs.at(0));
    // A view of state would change when the state does: a reshape of a variable is copied.
    if (in.is_constant() || in.is_variable || out.alias_of >= 0 || out.num_bytes() != in.num_bytes()) continue;
    int root = alias_root(g, in.id);
    if (class_has_io(g, root) && class_has_io(g, out.id)) continue;
    out.alias_of = in.id;
    ++aliased;
  }
  return aliased;
}

bool is_aliased_op(const Graph& g, const Operator& op) {
  return reinterprets_shape(op.type) && g.tensors.at(op.outputs.at(0)).alias_of >= 0;
}

}  // namespace aotbench::codegen
