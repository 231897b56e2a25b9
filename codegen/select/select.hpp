#pragma once
// Kernel selection: after lowering has filled every operator's reference parameters, pick one
// schedule per operator and let it rewrite the operator's call (TFLite Micro picks a kernel
// registration per operator the same way, before Prepare). The `kernels` knob gives every
// operator its family's preferred schedule; `layers` overrides single operators.
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "codegen/select/schedule.hpp"

namespace aotbench::codegen {

class SelectError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// CPU features of the target (a board profile's [cpu] features); nullopt for the host, whose
// portable definitions of the intrinsics run every schedule.
using TargetFeatures = std::optional<std::vector<std::string>>;

struct SelectOptions {
  std::string kernels = "ref";        // family
  std::map<int, std::string> layers;  // operator index -> schedule name
  TargetFeatures features;
};

bool runs_on(const Schedule& s, const TargetFeatures& features);
// "" when some schedule of the family runs on the target, else why the family cannot.
std::string family_unsupported(std::string_view family, const TargetFeatures& features);

// The schedules that compute this operator exactly and run on the target, registration order.
std::vector<const Schedule*> candidate_schedules(const ScheduleContext& c, const LoweredOp& op,
                                                 const TargetFeatures& features);

// `layers` assignments that together give each schedule of `family` every operator it can run:
// in registration order, a schedule joins the first assignment that has none of its layers yet
// (schedules of different operator kinds share one), else starts one; schedules that apply
// nowhere are left out. `g` must be the graph as emitted.
struct ScheduleEverywhere {
  std::string schedule;  // the schedules joined by '+', e.g. "dsp_1x1+dsp_dw+dsp_fc"
  std::map<int, std::string> layers;
};
std::vector<ScheduleEverywhere> schedule_everywhere(const Graph& g, std::string_view family,
                                                    const TargetFeatures& features);

// Applies a schedule to every operator. Throws SelectError for an unknown family, a layer index
// that is not an operator, or a layer schedule that cannot run that operator (with the reason).
void select_kernels(const Graph& g, std::vector<LoweredOp>& ops, const SelectOptions& options);

}  // namespace aotbench::codegen
