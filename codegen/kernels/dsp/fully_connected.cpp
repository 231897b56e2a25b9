// FULLY_CONNECTED schedules of the dsp family (kernel: ab_dsp_fully_connected.h). The prepare
// step folds the input offset (and, for a nonzero weights zero point, its product with the
// weights offset) into the bias, picks the requantization mode, and lays the weights out as the
// kernel reads them: blocks of four output channels interleaved group of four features by
// group, as int8 or as int16 lanes.
#include "ab_dsp_fully_connected.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_fully_connected_params& p) {
  AB_RENDER_FIELDS(AB_DSP_FULLY_CONNECTED_FIELDS)
}

namespace dsp {
namespace {

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_fully_connected_params>(op.params);
  const Tensor& out = c.g.tensors.at(static_cast<std::size_t>(c.node.outputs.at(0)));
  if (out.type != DType::Int8) return "the output is not int8";
  if (r.accum_depth <= 0 || r.output_depth <= 0) return "an empty weights matrix";
  return tensors_unsupported(c);
}

void apply(const ScheduleContext& c, LoweredOp& op, ab_dsp_weight_format format) {
  const auto& r = std::get<ab_fully_connected_params>(op.params);
  const int weights_id = c.node.inputs[1], bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const std::vector<int8_t> w = int8_values(c.g, weights_id);  // output_depth (or more) rows of accum_depth
  const auto cout = static_cast<std::size_t>(r.output_depth), depth = static_cast<std::size_t>(r.accum_depth);

  // The requantization table sees the weights as the reference multiplies them, w + filter_offset:
  // its bias then holds bias + input_offset * sum(w + filter_offset), and the kernel adds the
  // rest of the expanded product, filter_offset * sum(x), per input row.
  const std::vector<ChannelSum> sums = channel_sums(w, cout, depth, int32_values(c.g, bias_id, cout), r.filter_offset);
  const bool per_channel = r.per_channel_multiplier != nullptr;
  std::vector<int32_t> mult(cout), shift(cout);
  for (std::size_t o = 0; o < cout; ++o) {
    mult[o] = per_channel ? r.per_channel_multiplier[o] : r.output_multiplier;
    shift[o] = per_channel ? r.per_channel_shift[o] : r.output_shift;
  }
  const RequantTable t = requant_table(sums, mult.data(), shift.data(), r.input_offset, r.output_offset,
                                       format == AB_DSP_W16, cout, RequantBounds{.fold_constant_channels = true});

  ab_dsp_fully_connected_params p{};
  p.ref = r;
  p.ref.per_channel_multiplier = nullptr;  // the table below replaces them
  p.ref.per_channel_shift = nullptr;
  p.groups = (r.accum_depth + 3) / 4;
  p.weights = format;
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  p.filter_offset = r.filter_offset * t.weight_scale;
  p.rq = add_param_array(op, "rq", t.rq);

  FcPacking packed{format, t.weight_scale, {}, {}};
  packed.add_matrix(w, cout, depth);
  op.constants = {packed.constant(weights_id, "interleaved blocks of 4 channels")};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_fully_connected_s8";
  op.params_type = "ab_dsp_fully_connected_params";
  op.schedule_params =
      std::make_unique<StructParams<ab_dsp_fully_connected_params>>("ab_dsp_fully_connected_params", p);
  op.scratch_bytes = 8 * int64_t{p.groups};  // the expanded input row
  op.headers = {"ab_dsp_kernels.h"};
}

Schedule fc_schedule(const char* name, int preference, ab_dsp_weight_format format, const char* help) {
  Schedule s = dsp_schedule(name, OpType::FullyConnected, preference, help);
  s.unsupported = unsupported;
  s.apply = [format](const ScheduleContext& c, LoweredOp& op) { apply(c, op, format); };
  return s;
}

}  // namespace

std::vector<Schedule> fully_connected_schedules() {
  return {
      fc_schedule("dsp_fc", 40, AB_DSP_W8,
                  "input row expanded to int16 pairs, 4 output channels at a time with SMLAD, int8 weights"),
      fc_schedule("dsp_fc_w16", 30, AB_DSP_W16,
                  "as dsp_fc with the weights expanded to int16 at generation time: faster, twice the weight bytes"),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
