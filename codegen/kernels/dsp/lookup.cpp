// The dsp family's table lookup (kernel: ab_dsp_lookup.h) for the int8 operators the lowering
// turns into a 256-entry table (LOGISTIC, TANH, HARD_SWISH, RSQRT): the same table and
// parameters, the kernel inlined into the layer.
#include "ab_dsp_lookup.h"
#include "dsp_common.hpp"

namespace aotbench::codegen::dsp {
namespace {

std::string unsupported(const ScheduleContext&, const LoweredOp& op) {
  if (!std::holds_alternative<ab_lookup_params>(op.params)) return "not an int8 table lookup (int16 data)";
  return "";
}

void apply(const ScheduleContext&, LoweredOp& op) {
  const auto& r = std::get<ab_lookup_params>(op.params);
  op.kernel = "ab_dsp_lookup_s8";
  op.schedule_params = std::make_unique<StructParams<ab_lookup_params>>("ab_lookup_params", r);
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> lookup_schedules() {
  Schedule s = dsp_schedule("dsp_lookup", OpType::Logistic, 20,
                            "the int8 table inlined into the layer: 3 instructions per element");
  s.ops = {OpType::Logistic, OpType::Tanh, OpType::HardSwish, OpType::Rsqrt};
  s.unsupported = unsupported;
  s.apply = apply;
  return {std::move(s)};
}

}  // namespace aotbench::codegen::dsp
