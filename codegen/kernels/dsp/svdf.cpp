// SVDF schedules of the dsp family (kernel: ab_dsp_svdf.h). The prepare step builds two
// requantization tables: the feature products' (input offset folded in, no zero point: the
// reference adds the state's after clamping) and the time products' (bias and the state zero
// point times each unit's time weights folded in, over the state type's whole range), and packs
// the feature weights in ab_dsp_fc_block's layout and the time weights as int16 lanes.
#include "ab_dsp_svdf.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_svdf_params& p) { AB_RENDER_FIELDS(AB_DSP_SVDF_FIELDS) }

namespace dsp {
namespace {

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_svdf_params>(op.params);
  const auto& in = c.node.inputs;
  const Tensor &x = c.g.tensors.at(static_cast<std::size_t>(in.at(0))),
               &wf = c.g.tensors.at(static_cast<std::size_t>(in.at(1))),
               &wt = c.g.tensors.at(static_cast<std::size_t>(in.at(2))),
               &y = c.g.tensors.at(static_cast<std::size_t>(c.node.outputs.at(0)));
  if (x.type != DType::Int8 || y.type != DType::Int8) return "not int8 input and output";
  if (wf.type != DType::Int8 || !wf.is_constant()) return "the feature weights are not constant int8 data";
  const DType state = r.state_type == AB_ELEM_INT16 ? DType::Int16 : DType::Int8;
  if (wt.type != state || !wt.is_constant()) return "the time weights are not constant data of the state's type";
  if (!c.has_input(3)) return "no bias";
  const Tensor& b = c.g.tensors.at(static_cast<std::size_t>(in.at(3)));
  if (b.type != DType::Int32 || !b.is_constant()) return "the bias is not constant int32 data";
  if (r.batches <= 0 || r.input_size <= 0 || r.num_filters <= 0 || r.memory_size <= 0 || r.rank <= 0 ||
      r.num_filters % r.rank != 0)
    return "an empty or inconsistent shape";
  return "";
}

// The time weights' values (int8 or int16) as int64.
std::vector<int64_t> time_values(const Graph& g, int tensor, bool wide) {
  const Tensor& t = g.tensors.at(static_cast<std::size_t>(tensor));
  std::vector<int64_t> v(t.data.size() / (wide ? 2 : 1));
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i] = wide ? int16_t(t.data[2 * i] | t.data[2 * i + 1] << 8) : int8_t(t.data[i]);
  }
  return v;
}

void apply(const ScheduleContext& c, LoweredOp& op, ab_dsp_weight_format format) {
  const auto& r = std::get<ab_svdf_params>(op.params);
  const bool wide = r.state_type == AB_ELEM_INT16;
  const auto filters = static_cast<std::size_t>(r.num_filters), depth = static_cast<std::size_t>(r.input_size);
  const auto units = static_cast<std::size_t>(r.num_filters / r.rank);
  const auto span = static_cast<std::size_t>(r.rank * r.memory_size);
  const int feature_id = c.node.inputs[1], time_id = c.node.inputs[2];

  // Feature products: bias 0, the input offset folded in; the state's zero point is added by the
  // kernel after the clamp to the state's range, so the table's is 0.
  const std::vector<int8_t> wf = int8_values(c.g, feature_id);
  const std::vector<int32_t> fmult(filters, r.feature_multiplier), fshift(filters, r.feature_shift);
  const RequantTable ft = requant_table(channel_sums(wf, filters, depth, std::vector<int32_t>(filters, 0)),
                                        fmult.data(), fshift.data(), r.input_offset, 0, format == AB_DSP_W16, filters);

  // Time products: per unit, its rank * memory_size state values times their time weights; the
  // stored state values span the whole state type.
  const std::vector<int64_t> wt = time_values(c.g, time_id, wide);
  const std::vector<int32_t> bias = int32_values(c.g, c.node.inputs[3], units);
  std::vector<ChannelSum> tsums(units);
  for (std::size_t u = 0; u < units; ++u) {
    tsums[u].bias = bias.at(u);
    for (std::size_t k = 0; k < span; ++k) {
      const int64_t w = wt.at(u * span + k);
      tsums[u].weight_sum += w;
      tsums[u].abs_weight_sum += w < 0 ? -w : w;
    }
  }
  RequantBounds state_range;
  if (wide) state_range.x_min = INT16_MIN, state_range.x_max = INT16_MAX;
  const std::vector<int32_t> tmult(units, r.output_multiplier), tshift(units, r.output_shift);
  const RequantTable tt = requant_table(tsums, tmult.data(), tshift.data(), -r.state_zero_point, r.output_offset,
                                        false, units, state_range);

  ab_dsp_svdf_params p{};
  p.ref = r;
  p.input_groups = (r.input_size + 3) / 4;
  p.time_groups = (r.rank * r.memory_size + 3) / 4;
  p.weights = format;
  p.feature_requant = ft.mode;
  p.feature_acc_shift = ft.acc_shift;
  p.time_requant = tt.mode;
  p.time_acc_shift = tt.acc_shift;
  p.feature_rq = add_param_array(op, "feature_rq", ft.rq);
  p.time_rq = add_param_array(op, "time_rq", tt.rq);

  FcPacking features{format, ft.weight_scale, {}, {}};
  features.add_matrix(wf, filters, depth);
  // Time weights in the lane order the kernel makes of the state: SXTB16 pairs elements 0 and 2,
  // 1 and 3 of an int8 state; an int16 state's words hold 0 and 1, 2 and 3.
  static const std::size_t kInt8Order[4] = {0, 2, 1, 3}, kInt16Order[4] = {0, 1, 2, 3};
  const std::size_t* order = wide ? kInt16Order : kInt8Order;
  std::vector<int16_t> lanes;
  for (std::size_t u = 0; u < units; ++u) {
    for (std::size_t g = 0; g < static_cast<std::size_t>(p.time_groups); ++g) {
      for (std::size_t j = 0; j < 4; ++j) {
        const std::size_t k = 4 * g + order[j];
        lanes.push_back(static_cast<int16_t>(k < span ? wt.at(u * span + k) : 0));
      }
    }
  }
  GeneratedConstant time;
  time.source = time_id;
  time.name = "(int16 lanes per unit)";
  time.values = std::move(lanes);
  op.constants = {features.constant(feature_id, "interleaved blocks of 4 filters"), std::move(time)};
  op.args = {{ArgRole::Input, c.node.inputs[0]},
             {ArgRole::Weights, -1, 0},
             {ArgRole::Weights, -1, 1},
             {ArgRole::State, c.node.inputs[4]},
             {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_svdf_s8";
  op.params_type = "ab_dsp_svdf_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_svdf_params>>("ab_dsp_svdf_params", p);
  op.scratch_bytes = 8 * int64_t{p.input_groups};  // the expanded input row
  op.headers = {"ab_dsp_kernels.h"};
}

Schedule svdf_schedule(const char* name, int preference, ab_dsp_weight_format format, const char* help) {
  Schedule s = dsp_schedule(name, OpType::Svdf, preference, help);
  s.unsupported = unsupported;
  s.apply = [format](const ScheduleContext& c, LoweredOp& op) { apply(c, op, format); };
  return s;
}

}  // namespace

std::vector<Schedule> svdf_schedules() {
  return {
      svdf_schedule("dsp_svdf", 40, AB_DSP_W8,
                    "state moved by words, feature products as dsp_fc (4 filters at a time), time products with SMLAD"),
      svdf_schedule("dsp_svdf_w16", 30, AB_DSP_W16,
                    "as dsp_svdf with the feature weights expanded to int16 at generation time"),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
