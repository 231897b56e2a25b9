#pragma once
// Static memory plan: every activation tensor gets a home (an offset in one arena, or the
// caller's input/output buffer) such that no two tensors alive at the same time share bytes.
// Variable tensors (an operator's state across inferences) get bytes of their own in a separate
// state region that no other tensor ever uses.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/graph.hpp"
#include "plan/lifetime.hpp"

namespace aotbench::codegen {

enum class PlanAlgorithm {
  GreedyBySize,       // largest buffers first, each at the lowest offset that fits
  GreedyByConflicts,  // buffers alive alongside the most others first, then by size
};
const char* plan_algorithm_name(PlanAlgorithm a);  // "greedy_by_size", "greedy_by_conflicts"
std::optional<PlanAlgorithm> parse_plan_algorithm(std::string_view name);
std::vector<PlanAlgorithm> all_plan_algorithms();

struct PlanOptions {
  PlanAlgorithm algorithm = PlanAlgorithm::GreedyBySize;
  bool inputs_in_arena = true;   // false: the caller passes a buffer per graph input
  bool outputs_in_arena = true;  // false: the caller passes a buffer per graph output
  int64_t alignment = 16;        // every arena offset is a multiple of this (a power of two)
};

enum class Home { Unused, Constant, Arena, Input, Output, State };

struct TensorHome {
  Home home = Home::Unused;
  int64_t offset = -1;  // Home::Arena: byte offset in the arena; Home::State: in the state region
  int io_index = -1;    // Home::Input/Output: position in Graph::inputs / Graph::outputs
};

struct PlannedBuffer {
  BufferLife life;
  int64_t offset = 0;
};

struct MemoryPlan {
  PlanOptions options;
  int64_t arena_bytes = 0;             // multiple of the alignment
  int64_t peak_live_bytes = 0;         // lower bound of arena_bytes for these lifetimes
  int64_t state_bytes = 0;             // the state region: every variable tensor, aligned
  std::vector<PlannedBuffer> buffers;  // the arena's buffers
  std::vector<TensorHome> tensors;     // indexed by tensor id
};

// Plans the graph as it is: run alias_reshapes first to let reshapes share memory.
MemoryPlan plan_memory(const Graph& g, const PlanOptions& options = {});

// Checks a plan against the graph with its own lifetime analysis: every activation has a home,
// offsets are aligned and inside the arena, and tensors alive at the same time (other than
// aliases of each other) never share a byte; every variable has state bytes of its own. Returns what is wrong; empty means valid.
std::vector<std::string> plan_problems(const Graph& g, const MemoryPlan& plan);

}  // namespace aotbench::codegen
