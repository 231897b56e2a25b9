#include "codegen/plan/memory_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>

#include "codegen/plan/greedy.hpp"
#include "codegen/plan/order.hpp"

namespace aotbench::codegen {
namespace {

struct AlgorithmName {
  PlanAlgorithm algorithm;
  const char* name;
};
constexpr AlgorithmName kAlgorithms[] = {
    {PlanAlgorithm::GreedyBySize, "greedy_by_size"},
    {PlanAlgorithm::GreedyByConflicts, "greedy_by_conflicts"},
    {PlanAlgorithm::GreedyByLifetime, "greedy_by_lifetime"},
    {PlanAlgorithm::GreedyByLastUse, "greedy_by_last_use"},
    {PlanAlgorithm::Beam, "beam"},
    {PlanAlgorithm::Best, "best"},
};

bool in_arena(const BufferLife& b, const PlanOptions& o) {
  return !(b.input_index >= 0 && !o.inputs_in_arena) &&
         !(b.output_index >= 0 && !o.outputs_in_arena);
}

// Tensors of a buffer kept outside the arena live in the caller's input (or output) buffer, a
// band of rows at its offset there.
TensorHome outside_home(const Graph& g, const BufferLife& b, int member, const PlanOptions& o) {
  const int64_t at = alias_byte_offset(g, member);
  if (b.input_index >= 0 && !o.inputs_in_arena) return {Home::Input, at, b.input_index};
  return {Home::Output, at, b.output_index};
}

using plan_detail::align_up;

// Partial plans the beam keeps: 64 on the models of BENCHMARKS.md (a few milliseconds per plan).
// Its work grows with operators x buffers x width, so a graph of thousands of buffers gets a
// narrower beam: about a second at most (1,600 buffers: 7 s at 64, 0.9 s at 8).
std::size_t beam_width(std::size_t buffers) {
  constexpr double kWork = 2e7;
  const double n = static_cast<double>(std::max<std::size_t>(buffers, 1));
  return static_cast<std::size_t>(std::clamp(kWork / (n * n), 1.0, 64.0));
}

// The permits that apply to these buffers: the input's bytes die at the operator and the
// output's are born there, both in the arena. One window per buffer pair, with its permit.
struct Windows {
  std::vector<plan_detail::PairWindow> pairs;
  std::vector<OverlapPermit> permits;  // parallel to pairs
};

Windows applicable(const Graph& g, const std::vector<BufferLife>& arena, const std::vector<OverlapPermit>& overlaps) {
  std::map<int, int> buffer_of_root;
  for (std::size_t i = 0; i < arena.size(); ++i) buffer_of_root[arena[i].root] = static_cast<int>(i);
  Windows w;
  for (const OverlapPermit& p : overlaps) {
    if (p.modulus < 1) throw std::invalid_argument("an overlap permit's modulus must be positive");
    const auto in = buffer_of_root.find(alias_root(g, p.input));
    const auto out = buffer_of_root.find(alias_root(g, p.output));
    if (in == buffer_of_root.end() || out == buffer_of_root.end() || in->second == out->second) continue;
    if (arena[in->second].last_op != p.op || arena[out->second].first_op != p.op) continue;
    bool seen = false;  // the same pair twice (an input passed twice): keep the first
    for (const auto& q : w.pairs) seen = seen || (q.input == in->second && q.output == out->second);
    if (seen) continue;
    w.pairs.push_back({in->second, out->second, p.max_delta, p.modulus});
    w.permits.push_back(p);
  }
  return w;
}

// Bytes a window saves at its operator at best: the pair's sizes minus the shortest span of both.
int64_t window_saving(const std::vector<BufferLife>& arena, const plan_detail::PairWindow& w, int64_t alignment) {
  // The output at or below its input's start: the shortest span of both.
  const int64_t delta = std::min<int64_t>(plan_detail::floor_to(w.max_delta, std::lcm(alignment, w.modulus)), 0);
  const int64_t in = arena[w.input].bytes, out = arena[w.output].bytes;
  return std::max<int64_t>(0, in + out - std::max(in - delta, out));
}

// The largest sum of live bytes at one operator, each operator's best window counted: no plan
// of these lifetimes and windows is smaller.
int64_t peak_live(const std::vector<BufferLife>& arena, const Windows& w, int64_t alignment) {
  int last = 0;
  for (const BufferLife& b : arena) last = std::max(last, b.last_op);
  std::vector<int64_t> saving(static_cast<std::size_t>(last) + 1, 0);
  for (const auto& pair : w.pairs) {
    int64_t& s = saving[static_cast<std::size_t>(arena[pair.output].first_op)];
    s = std::max(s, window_saving(arena, pair, alignment));
  }
  int64_t peak = 0;
  for (int op = 0; op <= last; ++op) {
    int64_t live = 0;
    for (const BufferLife& b : arena) {
      if (b.first_op <= op && op <= b.last_op) live += b.bytes;
    }
    peak = std::max(peak, live - saving[static_cast<std::size_t>(op)]);
  }
  return peak;
}

std::vector<int> order_for(PlanAlgorithm a, const std::vector<BufferLife>& arena) {
  switch (a) {
    case PlanAlgorithm::GreedyByConflicts: return plan_detail::order_by_conflicts(arena);
    case PlanAlgorithm::GreedyByLifetime: return plan_detail::order_by_lifetime(arena);
    case PlanAlgorithm::GreedyByLastUse: return plan_detail::order_by_last_use(arena);
    default: return plan_detail::order_by_size(arena);
  }
}

// The arena's end for these offsets.
int64_t arena_end(const std::vector<BufferLife>& arena, const std::vector<int64_t>& offsets) {
  int64_t end = 0;
  for (std::size_t i = 0; i < arena.size(); ++i) end = std::max(end, offsets[i] + arena[i].bytes);
  return end;
}

}  // namespace

const char* plan_algorithm_name(PlanAlgorithm a) {
  for (const auto& n : kAlgorithms) {
    if (n.algorithm == a) return n.name;
  }
  return "?";
}

std::optional<PlanAlgorithm> parse_plan_algorithm(std::string_view name) {
  for (const auto& n : kAlgorithms) {
    if (name == n.name) return n.algorithm;
  }
  return std::nullopt;
}

std::vector<PlanAlgorithm> all_plan_algorithms() {
  std::vector<PlanAlgorithm> out;
  for (const auto& n : kAlgorithms) out.push_back(n.algorithm);
  return out;
}

int64_t arena_lower_bound(const Graph& g, const PlanOptions& options, const std::vector<OverlapPermit>& overlaps) {
  std::vector<BufferLife> arena;
  for (BufferLife& b : buffer_lifetimes(g))
    if (in_arena(b, options)) arena.push_back(std::move(b));
  return align_up(peak_live(arena, applicable(g, arena, overlaps), options.alignment), options.alignment);
}

namespace {

// Every activation input of every operator in place under each of its activation outputs, as far
// as the planner's windows go (an output at or below its input: saves the smaller of the two).
std::vector<OverlapPermit> every_overlap(const Graph& g) {
  std::vector<OverlapPermit> out;
  for (std::size_t i = 0; i < g.ops.size(); ++i)
    for (int x : g.ops[i].inputs)
      for (int y : g.ops[i].outputs)
        if (is_activation(g, x) && is_activation(g, y)) out.push_back({static_cast<int>(i), x, y, 0, 1});
  return out;
}

}  // namespace

int64_t arena_lower_bound_any_kernels(const Graph& g, const PlanOptions& options) {
  int64_t bound = arena_lower_bound(g, options, every_overlap(g));
  if (const std::vector<int> order = memory_order(g); !order.empty()) {
    const Graph other = in_order(g, order);
    bound = std::min(bound, arena_lower_bound(other, options, every_overlap(other)));
  }
  return bound;
}

MemoryPlan plan_memory(const Graph& g, const PlanOptions& options, const std::vector<OverlapPermit>& overlaps) {
  if (options.alignment < 1 || (options.alignment & (options.alignment - 1)) != 0) {
    throw std::invalid_argument("memory plan alignment must be a power of two");
  }
  MemoryPlan plan;
  plan.options = options;
  plan.tensors.resize(g.tensors.size());
  for (const Tensor& t : g.tensors) {
    if (t.is_constant()) plan.tensors[t.id].home = Home::Constant;
  }
  // State persists from one inference to the next, so it shares its bytes with nothing.
  for (const Tensor& t : g.tensors) {
    if (!t.is_variable) continue;
    plan.tensors[t.id] = {Home::State, plan.state_bytes, -1};
    plan.state_bytes += align_up(t.num_bytes(), options.alignment);
  }

  std::vector<BufferLife> arena;
  for (BufferLife& b : buffer_lifetimes(g)) {
    if (in_arena(b, options)) {
      arena.push_back(std::move(b));
    } else {
      for (int m : b.members) plan.tensors[m] = outside_home(g, b, m, options);
    }
  }
  const Windows windows = applicable(g, arena, overlaps);
  plan.peak_live_bytes = peak_live(arena, windows, options.alignment);

  // Every order the algorithm names; Best tries them all and keeps the first smallest, stopping
  // early at the lower bound.
  std::vector<PlanAlgorithm> tried{options.algorithm};
  if (options.algorithm == PlanAlgorithm::Best) {
    tried = {PlanAlgorithm::GreedyBySize, PlanAlgorithm::GreedyByConflicts, PlanAlgorithm::GreedyByLifetime,
             PlanAlgorithm::GreedyByLastUse, PlanAlgorithm::Beam};
  }
  std::vector<int64_t> offsets;
  int64_t best_end = -1;
  for (PlanAlgorithm a : tried) {
    std::vector<int64_t> o =
        a == PlanAlgorithm::Beam
            ? plan_detail::place_by_time(arena, options.alignment, windows.pairs, beam_width(arena.size()))
            : plan_detail::place_first_fit(arena, order_for(a, arena), options.alignment, windows.pairs);
    const int64_t end = arena_end(arena, o);
    if (best_end < 0 || end < best_end) {
      best_end = end;
      offsets = std::move(o);
      plan.chosen = a;
    }
    if (align_up(best_end, options.alignment) <= align_up(plan.peak_live_bytes, options.alignment)) break;
  }

  for (std::size_t i = 0; i < arena.size(); ++i) {
    for (int m : arena[i].members) plan.tensors[m] = {Home::Arena, offsets[i] + alias_byte_offset(g, m), -1};
  }
  plan.arena_bytes = align_up(std::max<int64_t>(best_end, 0), options.alignment);
  // The windows the placement used: those whose buffers share bytes.
  for (std::size_t i = 0; i < windows.pairs.size(); ++i) {
    const auto& w = windows.pairs[i];
    if (!plan_detail::may_coexist(offsets[w.output], arena[w.output].bytes, offsets[w.input], arena[w.input].bytes,
                                  nullptr, true)) {
      plan.overlaps.push_back(windows.permits[i]);
    }
  }
  for (std::size_t i = 0; i < arena.size(); ++i) plan.buffers.push_back({std::move(arena[i]), offsets[i]});
  return plan;
}

}  // namespace aotbench::codegen
