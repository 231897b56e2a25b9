#include "codegen/emit/layer_choices.hpp"

#include <algorithm>
#include <map>

#include "codegen/emit/summary.hpp"
#include "codegen/lower/lower.hpp"
#include "codegen/select/select.hpp"
#include "codegen/select/signature.hpp"

namespace aotbench::codegen {
namespace {

// The summary of v; where v's patches=K is refused under these schedules (no band group lowers
// their arena), its layers' costs whole, which is what each layer costs in its bands too.
EmitSummary costs_of(const Graph& g, const Variant& v, const EmitOptions& options) {
  try {
    return summarize_model(g, v, options);
  } catch (const VariantError&) {
    if (v.get("patches") == "0") throw;
    Variant whole = v;
    whole.set("patches", "0");
    return summarize_model(g, whole, options);
  }
}

// Fills the groups' MACs and bytes from code generations of the assignments "every group on its
// k-th choice" (the last one where a group has fewer): one summary per k covers every choice.
void fill_costs(const Graph& g, const Variant& base, const EmitOptions& options, std::vector<LayerGroup>& groups) {
  std::size_t most = 0;
  for (const LayerGroup& grp : groups) most = std::max(most, grp.choices.size());
  for (std::size_t k = 0; k < most; ++k) {
    std::vector<std::size_t> assignment;
    for (const LayerGroup& grp : groups) assignment.push_back(std::min(k, grp.choices.size() - 1));
    const EmitSummary summary = costs_of(g, with_layer_choices(base, groups, assignment), options);
    for (const OpSummary& op : layer_summaries(summary)) {  // a layer's bands together
      for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].ops.front() != op.index) continue;
        ScheduleChoice& c = groups[gi].choices[assignment[gi]];
        c.param_bytes = op.param_bytes;
        c.scratch_bytes = op.scratch_bytes + op.ram_param_bytes;
        groups[gi].macs = static_cast<uint64_t>(op.macs);
      }
    }
  }
}

// The operators (positions in g.ops) that run in bands under `base`: a prefix of the graph.
std::size_t band_ops(const Graph& g, const Variant& base, const EmitOptions& options) {
  if (base.get("patches") == "0") return 0;
  try {
    return static_cast<std::size_t>(summarize_model(g, base, options).patch_ops);
  } catch (const VariantError&) {
    return 0;  // refused under its own schedules: nothing runs in bands
  }
}

}  // namespace

std::vector<LayerGroup> layer_groups(const Graph& g, const Variant& base, const EmitOptions& options) {
  const std::vector<LoweredOp> lowered = lower_graph(g);
  std::vector<LayerGroup> groups;
  std::map<std::string, std::size_t> by_signature;
  for (std::size_t i = band_ops(g, base, options); i < lowered.size(); ++i) {
    if (lowered[i].is_noop) continue;
    const std::string sig = op_signature(g, g.ops[i]);
    auto [it, fresh] = by_signature.try_emplace(sig, groups.size());
    if (fresh) {
      LayerGroup grp;
      grp.signature = sig;
      grp.type = op_name(g.ops[i].type);
      const auto& in = g.tensors[static_cast<std::size_t>(g.ops[i].inputs.at(0))];
      const auto& out = g.tensors[static_cast<std::size_t>(g.ops[i].outputs.at(0))];
      grp.shape = shape_text(in) + " -> " + shape_text(out);
      const ScheduleContext c{g, g.ops[i]};
      for (const Schedule* s : candidate_schedules(c, lowered[i], options.cpu_features))
        grp.choices.push_back(ScheduleChoice{s->name});
      groups.push_back(std::move(grp));
    }
    groups[it->second].ops.push_back(lowered[i].op_index);
  }
  fill_costs(g, base, options, groups);
  return groups;
}

Variant with_layer_choices(const Variant& base, const std::vector<LayerGroup>& groups,
                           const std::vector<std::size_t>& assignment) {
  LayerSchedules layers;
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
    for (int op : groups[gi].ops) layers[op] = groups[gi].choices[assignment[gi]].schedule;
  Variant v = base;
  v.set_layer_schedules(std::move(layers));
  return v;
}

}  // namespace aotbench::codegen
