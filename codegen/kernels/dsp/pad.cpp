// PAD schedule of the dsp family (kernel: ab_dsp_pad.h): the prepare step cuts the input into
// runs that stay contiguous in the output, the innermost padded dimension with everything
// inside it, and gives the kernel the output strides that place them.
#include <algorithm>
#include <cstdint>

#include "ab_dsp_pad.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_pad_params& p) { AB_RENDER_FIELDS(AB_DSP_PAD_FIELDS) }

namespace dsp {
namespace {

// The kernel fills and copies bytes of int8 tensors with a constant.
std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  for (int t : {c.node.inputs.at(0), c.node.outputs.at(0)}) {
    if (c.g.tensors.at(static_cast<std::size_t>(t)).type != DType::Int8) return "not int8 tensors";
  }
  const auto* r = std::get_if<ab_pad_params>(&op.params);
  if (!r || r->elem_bytes != 1 || r->mode != AB_PAD_CONSTANT) return "not a constant pad of int8 elements";
  return "";
}

void apply(const ScheduleContext& c, LoweredOp& op) {
  const auto& r = std::get<ab_pad_params>(op.params);
  ab_dsp_pad_params p{};
  p.ref = r;
  const int rank = static_cast<int>(r.rank);
  int64_t out_stride[AB_MAX_DIMS] = {}, out_bytes = 1, in_elements = 1;
  for (int d = rank - 1; d >= 0; --d) {
    out_stride[d] = out_bytes;
    out_bytes *= r.out_shape[d];
    in_elements *= r.in_shape[d];
  }
  // The innermost padded dimension; the runs are its rows of everything inside it.
  int padded = -1;
  for (int d = 0; d < rank; ++d)
    if (r.out_shape[d] != r.in_shape[d]) padded = d;
  int64_t run = 1, first = 0;
  for (int d = std::max(padded, 0); d < rank; ++d) run *= r.in_shape[d];
  for (int d = 0; d <= padded; ++d) first += r.before[d] * out_stride[d];
  p.outer_rank = std::max(padded, 0);
  for (int d = 0; d < p.outer_rank; ++d) {
    p.outer_shape[d] = r.in_shape[d];
    p.out_stride[d] = static_cast<ab_idx_t>(out_stride[d]);
  }
  p.first = static_cast<ab_idx_t>(first);
  p.run = static_cast<ab_idx_t>(run);
  p.runs = static_cast<ab_idx_t>(in_elements == 0 ? 0 : in_elements / run);
  p.out_bytes = static_cast<ab_idx_t>(rank > 0 ? out_bytes : 1);
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_pad_s8";
  op.params_type = "ab_dsp_pad_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_pad_params>>("ab_dsp_pad_params", p);
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> pad_schedules() {
  Schedule s = dsp_schedule("dsp_pad", OpType::Pad, 20,
                            "contiguous runs copied and gaps filled with 16-byte LDM/STM blocks");
  s.unsupported = unsupported;
  s.apply = apply;
  return {std::move(s)};
}

}  // namespace dsp
}  // namespace aotbench::codegen
