#include "plan/memory_plan.hpp"

#include <stdexcept>

#include "plan/greedy.hpp"

namespace aotbench::codegen {
namespace {

struct AlgorithmName {
  PlanAlgorithm algorithm;
  const char* name;
};
constexpr AlgorithmName kAlgorithms[] = {
    {PlanAlgorithm::GreedyBySize, "greedy_by_size"},
    {PlanAlgorithm::GreedyByConflicts, "greedy_by_conflicts"},
};

bool in_arena(const BufferLife& b, const PlanOptions& o) {
  return !(b.input_index >= 0 && !o.inputs_in_arena) &&
         !(b.output_index >= 0 && !o.outputs_in_arena);
}

// Tensors of a buffer kept outside the arena live in the caller's input (or output) buffer.
TensorHome outside_home(const BufferLife& b, const PlanOptions& o) {
  if (b.input_index >= 0 && !o.inputs_in_arena) return {Home::Input, -1, b.input_index};
  return {Home::Output, -1, b.output_index};
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

MemoryPlan plan_memory(const Graph& g, const PlanOptions& options) {
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
    plan.state_bytes += (t.num_bytes() + options.alignment - 1) / options.alignment * options.alignment;
  }

  std::vector<BufferLife> arena;
  for (BufferLife& b : buffer_lifetimes(g)) {
    if (in_arena(b, options)) {
      arena.push_back(std::move(b));
    } else {
      for (int m : b.members) plan.tensors[m] = outside_home(b, options);
    }
  }
  std::vector<int> order = options.algorithm == PlanAlgorithm::GreedyBySize
                               ? plan_detail::order_by_size(arena)
                               : plan_detail::order_by_conflicts(arena);
  std::vector<int64_t> offsets = plan_detail::place_first_fit(arena, order, options.alignment);

  for (std::size_t i = 0; i < arena.size(); ++i) {
    for (int m : arena[i].members) plan.tensors[m] = {Home::Arena, offsets[i], -1};
    plan.arena_bytes = std::max(plan.arena_bytes, offsets[i] + arena[i].bytes);
  }
  plan.arena_bytes =
      (plan.arena_bytes + options.alignment - 1) / options.alignment * options.alignment;
  plan.peak_live_bytes = peak_live_bytes(arena);
  for (std::size_t i = 0; i < arena.size(); ++i)
    plan.buffers.push_back({std::move(arena[i]), offsets[i]});
  return plan;
}

}  // namespace aotbench::codegen
