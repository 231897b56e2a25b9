#include "codegen/select/select.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "codegen/select/registry.hpp"

namespace aotbench::codegen {
namespace {

std::vector<std::string> names_of(const std::vector<const Schedule*>& v) {
  std::vector<std::string> names;
  for (const Schedule* s : v) names.push_back(s->name);
  return names;
}

const Schedule& choose(const ScheduleContext& c, const LoweredOp& op, const SelectOptions& o) {
  const std::vector<const Schedule*> runnable = candidate_schedules(c, op, o.features);
  if (const auto it = o.layers.find(op.op_index); it != o.layers.end()) {
    const Schedule* s = find_schedule(op.op_type, it->second);
    if (!s) {
      throw SelectError(fmt::format("layer {} ({}) has no schedule '{}'; its schedules: {}", op.op_index,
                                    op_name(op.op_type), it->second, fmt::join(names_of(schedules_for(op.op_type)), ", ")));
    }
    if (!runs_on(*s, o.features)) {
      throw SelectError(fmt::format("layer {} ({}): schedule {} needs CPU features {} that the target lacks",
                                    op.op_index, op_name(op.op_type), s->name, fmt::join(s->features, ", ")));
    }
    if (const std::string why = s->unsupported(c, op); !why.empty()) {
      throw SelectError(fmt::format("layer {} ({}): schedule {} cannot run it: {}", op.op_index,
                                    op_name(op.op_type), s->name, why));
    }
    return *s;
  }
  const Schedule* best = nullptr;
  for (const Schedule* s : runnable) {
    if (s->family == o.kernels && (!best || s->preference > best->preference)) best = s;
  }
  if (best) return *best;
  for (const Schedule* s : runnable) {
    if (s->family == "ref") return *s;
  }
  throw SelectError(fmt::format("operator {} ({}) has no reference schedule", op.op_index, op_name(op.op_type)));
}

}  // namespace

bool runs_on(const Schedule& s, const TargetFeatures& features) {
  if (!features) return true;
  return std::all_of(s.features.begin(), s.features.end(), [&](const std::string& f) {
    return std::find(features->begin(), features->end(), f) != features->end();
  });
}

std::string family_unsupported(std::string_view family, const TargetFeatures& features) {
  std::vector<std::string> needs;
  for (const Schedule& s : schedule_registry()) {
    if (s.family != family) continue;
    if (runs_on(s, features)) return "";
    for (const auto& f : s.features)
      if (std::find(needs.begin(), needs.end(), f) == needs.end()) needs.push_back(f);
  }
  if (needs.empty()) {
    return fmt::format("no kernel family '{}'; known: {}", family, fmt::join(kernel_families(), ", "));
  }
  return fmt::format("kernels={} needs CPU features {} that the target lacks", family, fmt::join(needs, ", "));
}

std::vector<const Schedule*> candidate_schedules(const ScheduleContext& c, const LoweredOp& op,
                                                 const TargetFeatures& features) {
  std::vector<const Schedule*> out;
  for (const Schedule* s : schedules_for(op.op_type)) {
    if (runs_on(*s, features) && s->unsupported(c, op).empty()) out.push_back(s);
  }
  return out;
}

std::vector<ScheduleEverywhere> schedule_everywhere(const Graph& g, std::string_view family,
                                                    const TargetFeatures& features) {
  const std::vector<LoweredOp> lowered = lower_graph(g);
  std::vector<ScheduleEverywhere> out;
  for (const Schedule& s : schedule_registry()) {
    if (s.family != family) continue;
    ScheduleEverywhere e{s.name, {}};
    for (std::size_t i = 0; i < lowered.size(); ++i) {
      if (lowered[i].is_noop || !s.implements(lowered[i].op_type) || !runs_on(s, features)) continue;
      if (s.unsupported(ScheduleContext{g, g.ops[i]}, lowered[i]).empty()) e.layers[lowered[i].op_index] = s.name;
    }
    if (e.layers.empty()) continue;
    // Into the first assignment that gives none of these layers a schedule yet (schedules of
    // other operator kinds share a build), or a new one.
    auto disjoint = [&](const ScheduleEverywhere& o) {
      return std::none_of(e.layers.begin(), e.layers.end(), [&](const auto& l) { return o.layers.count(l.first) > 0; });
    };
    const auto into = std::find_if(out.begin(), out.end(), disjoint);
    if (into == out.end()) {
      out.push_back(std::move(e));
    } else {
      into->schedule += "+" + e.schedule;
      into->layers.insert(e.layers.begin(), e.layers.end());
    }
  }
  return out;
}

void select_kernels(const Graph& g, std::vector<LoweredOp>& ops, const SelectOptions& o) {
  const auto families = kernel_families();
  if (std::find(families.begin(), families.end(), o.kernels) == families.end()) {
    throw SelectError(fmt::format("no kernel family '{}'; known: {}", o.kernels, fmt::join(families, ", ")));
  }
  for (const auto& [index, name] : o.layers) {
    const bool present = std::any_of(ops.begin(), ops.end(), [&](const LoweredOp& op) { return op.op_index == index; });
    if (!present) throw SelectError(fmt::format("layers={}:{}: the model has no operator {}", index, name, index));
  }
  for (std::size_t i = 0; i < ops.size(); ++i) {
    LoweredOp& op = ops[i];
    if (op.is_noop) continue;
    const ScheduleContext c{g, g.ops[i]};
    const Schedule& s = choose(c, op, o);
    s.apply(c, op);
    op.schedule = s.name;
    op.sources = s.sources;
    op.include_dirs = s.include_dirs;
  }
}

}  // namespace aotbench::codegen
