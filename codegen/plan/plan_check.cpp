// An independent check of a memory plan. It recomputes lifetimes per tensor (not per buffer) so
// a mistake in the planner's own lifetime pass cannot hide here. Overlaps in place are taken
// from the plan's permits but checked against the graph: which operator reads and writes what,
// and when each tensor is read last and written first.
#include <fmt/format.h>

#include <algorithm>

#include "codegen/plan/memory_plan.hpp"

namespace aotbench::codegen {
namespace {

struct Span {
  int tensor;
  int first = -1, last = -1;  // operator indices, inclusive
};

// Per activation tensor: from its producer (or operator 0 for inputs) to its last reader (or the
// last operator for outputs).
std::vector<Span> tensor_spans(const Graph& g) {
  std::vector<Span> s(g.tensors.size());
  auto use = [&](int id, int op) {
    if (id < 0 || g.tensors[id].is_constant()) return;
    Span& x = s[id];
    x.tensor = id;
    x.first = x.first < 0 ? op : std::min(x.first, op);
    x.last = std::max(x.last, op);
  };
  // Writing or reading a band of rows of a tensor writes or reads that tensor's memory.
  auto use_with_root = [&](int id, int op) {
    use(id, op);
    if (id >= 0 && g.tensors[id].alias_of >= 0) use(alias_root(g, id), op);
  };
  const int end = static_cast<int>(g.ops.size()) - 1;  // spans count positions in execution order
  for (int id : g.inputs) use(id, 0);
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    for (int id : g.ops[i].inputs) use_with_root(id, static_cast<int>(i));
    for (int id : g.ops[i].outputs) use_with_root(id, static_cast<int>(i));
  }
  for (int id : g.outputs) use(id, end);
  std::vector<Span> used;
  for (const Span& x : s) {
    if (x.first >= 0) used.push_back(x);
  }
  return used;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Whether tensors a and b, alive together and sharing bytes, are an operator's input and output
// in place: a permit of the plan names them (or tensors sharing their memory), its operator reads
// the one and writes the other, the input is read there for the last time and the output written
// there first, and their offsets are as the permit allows.
bool in_place(const Graph& g, const MemoryPlan& plan, const Span& a, const Span& b) {
  for (const OverlapPermit& p : plan.overlaps) {
    if (p.op < 0 || p.op >= static_cast<int>(g.ops.size()) || p.modulus < 1) continue;
    const Operator& op = g.ops[static_cast<std::size_t>(p.op)];
    if (!contains(op.inputs, p.input) || !contains(op.outputs, p.output)) continue;
    for (const auto& [in, out] : {std::pair(a, b), std::pair(b, a)}) {
      if (alias_root(g, in.tensor) != alias_root(g, p.input) || alias_root(g, out.tensor) != alias_root(g, p.output)) {
        continue;
      }
      if (in.last != p.op || out.first != p.op) continue;
      const int64_t delta = plan.tensors[out.tensor].offset - plan.tensors[in.tensor].offset;
      if (delta <= p.max_delta && delta % p.modulus == 0) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> plan_problems(const Graph& g, const MemoryPlan& plan) {
  std::vector<std::string> problems;
  if (plan.tensors.size() != g.tensors.size()) return {"the plan is for another graph"};
  std::vector<Span> spans = tensor_spans(g);
  for (const Span& s : spans) {
    const TensorHome& h = plan.tensors[s.tensor];
    const Tensor& t = g.tensors[s.tensor];
    if (h.home == Home::Unused || h.home == Home::Constant) {
      problems.push_back(fmt::format("tensor #{} has no home", s.tensor));
    } else if (t.is_variable != (h.home == Home::State)) {
      problems.push_back(fmt::format("tensor #{} is {}a variable but {} the state region", s.tensor,
                                     t.is_variable ? "" : "not ", t.is_variable ? "outside" : "in"));
    } else if (h.home == Home::Arena) {
      // A band of rows of a larger tensor starts where its rows do; its buffer is aligned.
      const int64_t buffer = h.offset - alias_byte_offset(g, s.tensor);
      if (buffer < 0 || buffer % plan.options.alignment != 0) {
        problems.push_back(fmt::format("tensor #{} at misaligned offset {}", s.tensor, h.offset));
      }
      if (h.offset + t.num_bytes() > plan.arena_bytes) {
        problems.push_back(fmt::format("tensor #{} ends past the arena", s.tensor));
      }
    }
  }
  // Variables: each inside the state region, aligned, on bytes no other variable uses.
  for (std::size_t i = 0; i < g.tensors.size(); ++i) {
    const TensorHome& h = plan.tensors[i];
    if (h.home != Home::State) continue;
    const int64_t end = h.offset + g.tensors[i].num_bytes();
    if (h.offset < 0 || h.offset % plan.options.alignment != 0 || end > plan.state_bytes) {
      problems.push_back(fmt::format("variable #{} lies outside the state region", i));
    }
    for (std::size_t j = i + 1; j < g.tensors.size(); ++j) {
      const TensorHome& o = plan.tensors[j];
      if (o.home == Home::State && h.offset < o.offset + g.tensors[j].num_bytes() && o.offset < end) {
        problems.push_back(fmt::format("variables #{} and #{} share state bytes", i, j));
      }
    }
  }
  for (std::size_t i = 0; i < spans.size(); ++i) {
    for (std::size_t j = i + 1; j < spans.size(); ++j) {
      const Span &a = spans[i], &b = spans[j];
      const TensorHome &ha = plan.tensors[a.tensor], &hb = plan.tensors[b.tensor];
      if (ha.home != Home::Arena || hb.home != Home::Arena) continue;
      if (alias_root(g, a.tensor) == alias_root(g, b.tensor)) continue;
      bool same_time = a.first <= b.last && b.first <= a.last;
      bool same_bytes = ha.offset < hb.offset + g.tensors[b.tensor].num_bytes() &&
                        hb.offset < ha.offset + g.tensors[a.tensor].num_bytes();
      if (same_time && same_bytes && !in_place(g, plan, a, b)) {
        problems.push_back(
            fmt::format("tensors #{} and #{} are alive together and overlap", a.tensor, b.tensor));
      }
    }
  }
  return problems;
}

}  // namespace aotbench::codegen
