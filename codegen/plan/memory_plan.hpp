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

#include "codegen/ir/graph.hpp"
#include "codegen/plan/lifetime.hpp"

namespace aotbench::codegen {

enum class PlanAlgorithm {
  GreedyBySize,       // largest buffers first, each at the lowest offset that fits
  GreedyByConflicts,  // buffers alive alongside the most others first, then by size
  GreedyByLifetime,   // in the order they are written (then largest first): a linear scan
  GreedyByLastUse,    // in reverse order of their last reader (then largest first)
  Beam,               // operator by operator, the best partial plans kept (64; fewer for thousands of buffers)
  Best,               // every one above; the smallest arena (the first, on a tie)
};
// "greedy_by_size", "greedy_by_conflicts", "greedy_by_lifetime", "greedy_by_last_use", "beam",
// "best"
const char* plan_algorithm_name(PlanAlgorithm a);
std::optional<PlanAlgorithm> parse_plan_algorithm(std::string_view name);
std::vector<PlanAlgorithm> all_plan_algorithms();

// An operator whose kernel may write its output over an input it reads for the last time (in
// place): where the two overlap, (output offset - input offset) must be at most max_delta and a
// multiple of modulus. The kernel's access order makes this safe (codegen/select/overlap.hpp);
// the planner only uses it when the input's bytes die at that operator and the output's are
// born there.
struct OverlapPermit {
  int op = -1;      // position in Graph::ops
  int input = -1;   // tensor ids
  int output = -1;
  int64_t max_delta = 0;
  int64_t modulus = 1;
};

struct PlanOptions {
  PlanAlgorithm algorithm = PlanAlgorithm::GreedyBySize;
  bool inputs_in_arena = true;   // false: the caller passes a buffer per graph input
  bool outputs_in_arena = true;  // false: the caller passes a buffer per graph output
  int64_t alignment = 16;        // every arena offset is a multiple of this (a power of two)
};

enum class Home { Unused, Constant, Arena, Input, Output, State };

struct TensorHome {
  Home home = Home::Unused;
  // Home::Arena: byte offset in the arena; Home::State: in the state region; Home::Input/Output:
  // in the caller's buffer (a band of rows of it, patch-based execution; else 0)
  int64_t offset = -1;
  int io_index = -1;    // Home::Input/Output: position in Graph::inputs / Graph::outputs
};

struct PlannedBuffer {
  BufferLife life;
  int64_t offset = 0;
};

struct MemoryPlan {
  PlanOptions options;
  PlanAlgorithm chosen = PlanAlgorithm::GreedyBySize;  // the order that won under Best
  int64_t arena_bytes = 0;             // multiple of the alignment
  int64_t peak_live_bytes = 0;         // lower bound of arena_bytes for these lifetimes
                                       // (buffers in place counted once, where they overlap)
  std::vector<OverlapPermit> overlaps;  // the permits the placement used (buffers that overlap)
  int64_t state_bytes = 0;             // the state region: every variable tensor, aligned
  std::vector<PlannedBuffer> buffers;  // the arena's buffers
  std::vector<TensorHome> tensors;     // indexed by tensor id
};

// Plans the graph as it is, in the order of Graph::ops: run alias_reshapes first to let reshapes
// share memory. `overlaps`: what the kernels allow in place (none: no tensor is).
MemoryPlan plan_memory(const Graph& g, const PlanOptions& options = {},
                       const std::vector<OverlapPermit>& overlaps = {});

// No plan_memory() of these lifetimes and permits has a smaller arena_bytes (the aligned peak of
// live bytes, operators in place counted): far cheaper than planning, to skip a plan that cannot win.
int64_t arena_lower_bound(const Graph& g, const PlanOptions& options = {},
                          const std::vector<OverlapPermit>& overlaps = {});

// A lower bound of the arena whatever the kernels: arena_lower_bound() with every operator's
// activation inputs and outputs allowed in place and no scratch, in the model's order or
// memory_order()'s, whichever is smaller. Cheap (no lowering or kernel selection) to skip
// candidates whose real plan cannot win.
int64_t arena_lower_bound_any_kernels(const Graph& g, const PlanOptions& options = {});

// Checks a plan against the graph with its own lifetime analysis: every activation has a home,
// offsets are aligned and inside the arena, and tensors alive at the same time (other than
// aliases of each other) never share a byte, except an input and the output of an operator in
// place (plan.overlaps), the input read there for the last time, the output written there first,
// their offsets as the permit allows; every variable has state bytes of its own. Returns what is
// wrong; empty means valid.
std::vector<std::string> plan_problems(const Graph& g, const MemoryPlan& plan);

}  // namespace aotbench::codegen
