#pragma once
// A schedule: one implementation of one operator kind, with what it needs (CPU features) and
// how it turns the reference-lowered operator (TFLite Micro's Prepare, codegen/lower) into its
// own call. Kernel families (codegen/kernels/<family>/) each contribute a list of schedules;
// the registry (registry.hpp) holds them all, and selection (select.hpp) picks one per operator.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"
#include "codegen/lower/lower.hpp"

namespace aotbench::codegen {

// What a schedule may look at: the graph (shapes, quantization, constant data) and the operator.
struct ScheduleContext {
  const Graph& g;
  const Operator& node;

  bool has_input(std::size_t i) const { return i < node.inputs.size() && node.inputs[i] >= 0; }
};

// Where a kernel may write its output over an input it reads for the last time (in place): the
// output may start at most max_delta bytes after the input (negative: before it), at an offset
// difference that is a multiple of modulus. Worked out from the kernel's access order
// (overlap.hpp); the memory plan turns it into an OverlapPermit.
struct OverlapWindow {
  int64_t max_delta = 0;
  int64_t modulus = 1;
};

struct Schedule {
  std::string name;                   // unique among the schedules of an operator kind
  std::string family;                 // the `kernels` knob value it belongs to: "ref", "dsp"
  std::vector<OpType> ops;            // operator kinds it implements
  std::vector<std::string> features;  // CPU features it needs (board profiles' [cpu] features)
  std::string help;                   // one line for `aotbench variants`
  // Among a family's schedules that can run an operator, the highest is the family's default.
  int preference = 0;
  // Empty when the schedule computes this operator byte-exactly, else the reason it cannot.
  std::function<std::string(const ScheduleContext&, const LoweredOp&)> unsupported;
  // Rewrites the reference-lowered operator into this schedule's call: kernel, parameters,
  // generated constants, scratch and the headers and sources it needs.
  std::function<void(const ScheduleContext&, LoweredOp&)> apply;
  // The window in which the kernel may write the operator's output over input `input` (an
  // index into node.inputs), after `apply`; nullopt (or unset): never in place.
  std::function<std::optional<OverlapWindow>(const ScheduleContext&, const LoweredOp&, std::size_t input)> overlap;
  // C sources (relative to codegen/kernels) the generated code must be linked with.
  std::vector<std::string> sources;
  // Folders (relative to codegen/kernels) with the headers the generated code includes.
  std::vector<std::string> include_dirs;

  bool implements(OpType t) const;
};

}  // namespace aotbench::codegen
