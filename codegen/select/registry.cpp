#include "codegen/select/registry.hpp"

#include <algorithm>

namespace aotbench::codegen {

bool Schedule::implements(OpType t) const { return std::find(ops.begin(), ops.end(), t) != ops.end(); }

const std::vector<Schedule>& schedule_registry() {
  static const std::vector<Schedule> all = [] {
    std::vector<Schedule> v;
    for (auto family : {reference_schedules, dsp_schedules}) {
      for (Schedule& s : family()) v.push_back(std::move(s));
    }
    // Which schedules run in place: each family's overlap.cpp.
    for (auto overlaps : {reference_overlaps, dsp_overlaps}) overlaps(v);
    return v;
  }();
  return all;
}

std::vector<std::string> kernel_families() {
  std::vector<std::string> names;
  for (const Schedule& s : schedule_registry()) {
    if (std::find(names.begin(), names.end(), s.family) == names.end()) names.push_back(s.family);
  }
  return names;
}

std::vector<const Schedule*> schedules_for(OpType t) {
  std::vector<const Schedule*> out;
  for (const Schedule& s : schedule_registry()) {
    if (s.implements(t)) out.push_back(&s);
  }
  return out;
}

const Schedule* find_schedule(OpType t, std::string_view name) {
  for (const Schedule* s : schedules_for(t)) {
    if (s->name == name) return s;
  }
  return nullptr;
}

}  // namespace aotbench::codegen
