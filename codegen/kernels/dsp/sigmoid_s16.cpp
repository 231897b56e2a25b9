// int16 LOGISTIC and TANH schedule of the dsp family (kernel: ab_dsp_sigmoid_s16.h): the
// reference parameters as they are, the kernel inlined into the layer.
#include "ab_params.h"
#include "dsp_common.hpp"

namespace aotbench::codegen::dsp {
namespace {

std::string unsupported(const ScheduleContext&, const LoweredOp& op) {
  if (!std::holds_alternative<ab_sigmoid_s16_params>(op.params)) return "not int16 data (int8 is a table lookup)";
  return "";
}

void apply(const ScheduleContext& c, LoweredOp& op) {
  const auto& r = std::get<ab_sigmoid_s16_params>(op.params);
  op.kernel = c.node.type == OpType::Logistic ? "ab_dsp_logistic_s16" : "ab_dsp_tanh_s16";
  op.schedule_params = std::make_unique<StructParams<ab_sigmoid_s16_params>>("ab_sigmoid_s16_params", r);
  op.headers = {"ab_dsp_sigmoid_s16.h"};
}

}  // namespace

std::vector<Schedule> sigmoid_s16_schedules() {
  Schedule s = dsp_schedule("dsp_sigmoid_s16", OpType::Logistic, 20,
                            "int16: TFLite's interpolated table inlined into the layer, the input rescaling constant");
  s.ops = {OpType::Logistic, OpType::Tanh};
  s.unsupported = unsupported;
  s.apply = apply;
  return {std::move(s)};
}

}  // namespace aotbench::codegen::dsp
