// Stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM. Their state is a variable tensor,
// passed to the kernel as its State argument.
#include "lower/lower_context.hpp"
#include "lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

// PrepareSvdf: the two rescalings are products and quotients of float scales, widened to
// double only at the end.
LoweredOp lower_svdf(const OpContext& c) {
  const auto& o = c.options<SvdfOptions>();
  const Tensor &x = c.input(0), &wf = c.input(1), &wt = c.input(2), &s = c.input(4), &y = c.output();
  LoweredOp l = start(c, "ab_ref_svdf", "ab_svdf_params");
  ab_svdf_params p{};
  p.state_type = elem_type(c, s);
  p.batches = x.shape[0];
  p.input_size = x.shape[1];
  p.num_filters = wf.shape[0];
  p.memory_size = wt.shape[1];
  p.rank = o.rank;
  p.input_offset = -c.zero_point(x);
  const QuantizedMultiplier feature =
      quantize_multiplier(static_cast<double>(c.scale(x) * c.scale(wf) / c.scale(s)));
  p.feature_multiplier = feature.multiplier;
  p.feature_shift = feature.shift;
  p.state_zero_point = c.zero_point(s);
  const QuantizedMultiplier output =
      quantize_multiplier(static_cast<double>(c.scale(s) * c.scale(wt) / c.scale(y)));
  p.output_multiplier = output.multiplier;
  p.output_shift = output.shift;
  p.output_offset = c.zero_point(y);
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]},   {ArgRole::Weights, c.node.inputs[1]},
            {ArgRole::Weights, c.node.inputs[2]}, {ArgRole::Bias, c.node.inputs[3]},
            {ArgRole::State, c.node.inputs[4]},   {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::Svdf, lower_svdf},
};

}  // namespace

std::span<const LowerEntry> recurrent_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_svdf_params& p) { AB_RENDER_FIELDS(AB_SVDF_FIELDS) }

}  // namespace aotbench::codegen
