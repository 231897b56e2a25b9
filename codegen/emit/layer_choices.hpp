#pragma once
// What a per-layer tuner asks of code generation: the model's layers grouped by signature (layers
// that compile to the same code are measured once), the schedules each group can run on the
// board's core, and what each costs in bytes. Nothing is written or compiled.
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/emit/emitter.hpp"

namespace aotbench::codegen {

struct ScheduleChoice {
  std::string schedule;
  int64_t param_bytes = 0;    // of one layer: the constants it reads, in flash
  int64_t scratch_bytes = 0;  // of one layer, in RAM: working memory and constants kept in RAM
};

struct LayerGroup {
  std::string signature;
  std::string type, shape;  // "CONV_2D", "1x48x48x8 -> 1x48x48x16"
  std::vector<int> ops;     // operator indices, in graph order
  uint64_t macs = 0;        // of one layer
  std::vector<ScheduleChoice> choices;
};

// `base` gives every knob but the schedules (its `layers` is replaced). Under a base in bands of
// rows (patches=K), the operators of its band group are left out: they keep its schedules (what
// a layer costs whole says little of its bands, recomputed halos and all).
std::vector<LayerGroup> layer_groups(const Graph& g, const Variant& base, const EmitOptions& options);

// `base` with group k's layers on choices[assignment[k]].
Variant with_layer_choices(const Variant& base, const std::vector<LayerGroup>& groups,
                           const std::vector<std::size_t>& assignment);

}  // namespace aotbench::codegen
