// MUL schedule of the dsp family (kernel: ab_dsp_mul.h). The prepare step builds a one-channel
// requantization table for the product of the two offset inputs, folded where the product's
// bound (the largest offset input of each operand) proves it exact.
#include <algorithm>
#include <cstdlib>

#include "ab_dsp_mul.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_mul_params& p) { AB_RENDER_FIELDS(AB_DSP_MUL_FIELDS) }

namespace dsp {
namespace {

const Tensor& tensor(const ScheduleContext& c, int id) { return c.g.tensors.at(static_cast<std::size_t>(id)); }

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  for (int t : {c.node.inputs.at(0), c.node.inputs.at(1), c.node.outputs.at(0)}) {
    if (tensor(c, t).type != DType::Int8) return "not int8 tensors";
  }
  const auto* r = std::get_if<ab_mul_params>(&op.params);
  if (!r) return "not MUL's parameters";
  const Tensor &a = tensor(c, c.node.inputs[0]), &b = tensor(c, c.node.inputs[1]);
  if (r->shape.broadcast && (a.num_elements() != r->shape.flat_size || b.num_elements() != 1))
    return "broadcasting other than by a one-element second operand";
  return "";
}

// The largest |x + offset| of an int8 x.
int64_t largest_offset_input(int32_t offset) {
  return std::max(std::abs(int64_t{-128} + offset), std::abs(int64_t{127} + offset));
}

void apply(const ScheduleContext&, LoweredOp& op) {
  const auto& r = std::get<ab_mul_params>(op.params);
  // The product (a + o1) * (b + o2) as a one-term accumulator: "weight" b + o2, bias 0.
  ChannelSum product;
  product.abs_weight_sum = largest_offset_input(r.input2_offset);
  const RequantTable t =
      requant_table({product}, &r.output_multiplier, &r.output_shift, r.input1_offset, r.output_offset, false, 1);
  ab_dsp_mul_params p{};
  p.ref = r;
  p.scalar2 = r.shape.broadcast;
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  p.rq = add_param_array(op, "rq", t.rq);
  op.kernel = "ab_dsp_mul_s8";
  op.params_type = "ab_dsp_mul_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_mul_params>>("ab_dsp_mul_params", p);
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> mul_schedules() {
  Schedule s = dsp_schedule("dsp_mul", OpType::Mul, 20,
                            "offsets, multiplier and range as constants; the product requantized with SMMLAR where exact");
  s.unsupported = unsupported;
  s.apply = apply;
  return {std::move(s)};
}

}  // namespace dsp
}  // namespace aotbench::codegen
