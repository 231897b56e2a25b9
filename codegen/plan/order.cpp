#include "codegen/plan/order.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace aotbench::codegen {
namespace {

// The distinct buffers (alias roots) of activation tensors in `ids`.
std::set<int> roots_of(const Graph& g, const std::vector<int>& ids) {
  std::set<int> roots;
  for (int t : ids)
    if (is_activation(g, t)) roots.insert(alias_root(g, t));
  return roots;
}

// For every operator, the operators that must run before it: the producers of what it reads,
// and the previous user of each variable tensor it uses.
std::vector<std::set<int>> predecessors(const Graph& g) {
  std::map<int, int> producer, last_variable_user;
  for (std::size_t i = 0; i < g.ops.size(); ++i)
    for (int t : g.ops[i].outputs)
      if (t >= 0 && !g.tensors[t].is_variable) producer[t] = static_cast<int>(i);
  std::vector<std::set<int>> before(g.ops.size());
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    const Operator& op = g.ops[i];
    for (int t : op.inputs)
      if (const auto p = producer.find(t); p != producer.end() && p->second != static_cast<int>(i)) before[i].insert(p->second);
    for (const auto* ids : {&op.inputs, &op.outputs}) {
      for (int t : *ids) {
        if (t < 0 || !g.tensors[t].is_variable) continue;
        if (const auto u = last_variable_user.find(t); u != last_variable_user.end() && u->second != static_cast<int>(i)) {
          before[i].insert(u->second);
        }
        last_variable_user[t] = static_cast<int>(i);
      }
    }
  }
  return before;
}

}  // namespace

std::vector<int> memory_order(const Graph& g) {
  const std::size_t n = g.ops.size();
  const std::vector<std::set<int>> before = predecessors(g);
  std::set<int> kept;  // graph outputs' buffers: never freed
  for (int t : g.outputs)
    if (is_activation(g, t)) kept.insert(alias_root(g, t));
  std::map<int, int> readers;  // per buffer, the operators still to read it
  std::vector<std::set<int>> reads(n), writes(n);
  for (std::size_t i = 0; i < n; ++i) {
    reads[i] = roots_of(g, g.ops[i].inputs);
    writes[i] = roots_of(g, g.ops[i].outputs);
    for (int r : reads[i]) ++readers[r];
  }
  // A buffer nothing reads (an operator's scratch) lives only while its operator runs.
  for (auto& w : writes)
    for (auto it = w.begin(); it != w.end();) it = readers.count(*it) || kept.count(*it) ? std::next(it) : w.erase(it);
  std::set<int> live;
  for (int t : g.inputs)
    if (is_activation(g, t)) live.insert(alias_root(g, t));
  std::vector<bool> done(n, false);
  std::vector<int> order;
  while (order.size() < n) {
    int best = -1;
    int64_t best_growth = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (done[i] || !std::all_of(before[i].begin(), before[i].end(), [&](int p) { return done[p]; })) continue;
      int64_t growth = 0;
      for (int r : writes[i])
        if (!live.count(r)) growth += g.tensors[r].num_bytes();
      for (int r : reads[i])
        if (readers[r] == 1 && !kept.count(r) && !writes[i].count(r)) growth -= g.tensors[r].num_bytes();
      if (best < 0 || growth < best_growth) best = static_cast<int>(i), best_growth = growth;
    }
    if (best < 0) return {};  // a cycle: no order (a reader's checks never let one through)
    done[best] = true;
    order.push_back(best);
    for (int r : writes[best]) live.insert(r);
    for (int r : reads[best])
      if (--readers[r] == 0 && !kept.count(r)) live.erase(r);
  }
  return order;
}

bool is_valid_order(const Graph& g, const std::vector<int>& order) {
  if (order.size() != g.ops.size()) return false;
  std::vector<int> position(g.ops.size(), -1);
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (order[k] < 0 || order[k] >= static_cast<int>(g.ops.size()) || position[order[k]] >= 0) return false;
    position[order[k]] = static_cast<int>(k);
  }
  const std::vector<std::set<int>> before = predecessors(g);
  for (std::size_t i = 0; i < g.ops.size(); ++i)
    for (int p : before[i])
      if (position[p] > position[i]) return false;
  return true;
}

Graph in_order(const Graph& g, const std::vector<int>& order) {
  Graph out = structure_copy(g);
  out.ops.clear();
  for (int i : order) out.ops.push_back(g.ops[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace aotbench::codegen
