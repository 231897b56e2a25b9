#pragma once
// Every schedule of every kernel family. A family is one folder under codegen/kernels/ with its
// C kernels and a `<family>_schedules()` list; adding a family adds one line to registry.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "codegen/select/schedule.hpp"

namespace aotbench::codegen {

// All schedules, families in registration order ("ref" first).
const std::vector<Schedule>& schedule_registry();
// The family names, "ref" first: the values of the `kernels` knob.
std::vector<std::string> kernel_families();
// The schedules implementing an operator kind, in registration order.
std::vector<const Schedule*> schedules_for(OpType t);
// nullptr when the operator kind has no schedule of that name.
const Schedule* find_schedule(OpType t, std::string_view name);

// The families' lists (codegen/kernels/<family>/schedules.cpp).
std::vector<Schedule> reference_schedules();
std::vector<Schedule> dsp_schedules();
// Each family's kernels that run in place (codegen/kernels/<family>/overlap.cpp) get their
// Schedule::overlap.
void reference_overlaps(std::vector<Schedule>& schedules);
void dsp_overlaps(std::vector<Schedule>& schedules);

}  // namespace aotbench::codegen
