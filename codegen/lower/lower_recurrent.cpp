// Stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM. Their state is a variable tensor,
// passed to the kernel as its State argument.
#include <algorithm>
#include <cmath>

#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

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

// The fixed quantization of the LSTM's internals: gate pre-activations in Q3.12, gate outputs
// (logistic, tanh) in Q0.15.
constexpr float kGateInputScale = 0x1p-12f;
constexpr float kGateOutputScale = 0x1p-15f;

// A gate's fully-connected product as CalculateOpDataFullyConnected prepares it for an int16
// output of scale 2^-12, zero point 0, no activation; `rows` sequences per time step.
ab_fully_connected_params gate_product(const OpContext& c, const Tensor& x, const Tensor& w, int32_t rows,
                                       int32_t units) {
  ab_fully_connected_params p{};
  p.batches = rows;
  p.accum_depth = w.shape[1];
  p.output_depth = units;
  p.input_offset = -c.zero_point(x);
  p.filter_offset = -c.zero_point(w);
  p.output_offset = 0;
  // GetQuantizedConvolutionMultipler: the scale product is taken in float, then widened.
  const QuantizedMultiplier m = quantize_multiplier(static_cast<double>(c.scale(x) * c.scale(w)) /
                                                    static_cast<double>(kGateInputScale));
  p.output_multiplier = m.multiplier;
  p.output_shift = m.shift;
  p.act_min = INT16_MIN;
  p.act_max = INT16_MAX;
  return p;
}

// CreateInterGateMulParams: the product of the input scales over the output's, in double.
QuantizedMultiplier gate_mul(float a, float b, float out) {
  return quantize_multiplier(static_cast<double>(a) * static_cast<double>(b) / static_cast<double>(out));
}

// TFLite's CheckedLog2 (in float, rounded), whose exactness TFLite Micro does not check.
int32_t rounded_log2(float x) {
  const float log2 = std::log(x) * (1.0f / std::log(2.0f));
  return static_cast<int32_t>(std::round(log2));
}

// UnidirectionalSequenceLstmPrepare with PrepareGateParametersInteger and CreateLstmCellStateInfo.
LoweredOp lower_lstm(const OpContext& c) {
  const auto& o = c.options<SequenceLstmOptions>();
  const Tensor &x = c.input(0), &h = c.input(18), &cell = c.input(19);
  LoweredOp l = start(c, "ab_ref_unidirectional_sequence_lstm", "ab_lstm_params");
  ab_lstm_params p{};
  p.activation_type = elem_type(c, x);
  p.time_major = o.time_major ? 1 : 0;
  p.batches = o.time_major ? x.shape[1] : x.shape[0];
  p.time_steps = o.time_major ? x.shape[0] : x.shape[1];
  p.input_size = x.shape[2];
  p.state_size = h.shape[1];
  const int32_t units = h.shape[1];
  ab_lstm_gate_params* gates[4] = {&p.input_gate, &p.forget_gate, &p.cell_gate, &p.output_gate};
  const int32_t rows = o.time_major ? x.shape[1] : 1;
  for (std::size_t k = 0; k < 4; ++k) {
    gates[k]->input_fc = gate_product(c, x, c.input(1 + k), rows, units);
    gates[k]->recurrent_fc = gate_product(c, h, c.input(5 + k), rows, units);
  }
  const float cell_scale = c.scale(cell);
  const QuantizedMultiplier forget = gate_mul(kGateOutputScale, cell_scale, cell_scale);
  p.forget_cell_multiplier = forget.multiplier;
  p.forget_cell_shift = forget.shift;
  const QuantizedMultiplier input = gate_mul(kGateOutputScale, kGateOutputScale, cell_scale);
  p.input_cell_multiplier = input.multiplier;
  p.input_cell_shift = input.shift;
  p.cell_clip = -1;
  if (o.cell_clip > 0) {
    const double clip = static_cast<double>(o.cell_clip) / static_cast<double>(cell_scale);
    p.cell_clip = static_cast<int16_t>(std::min(std::max(clip, -32768.0), 32767.0));
  }
  // tanh(cell) reads the cell state as Q3.12: rescaled by 2^(15 + log2(scale) - 3), in TFLite's
  // (multiplier, shift) form with the power-of-two case folded in.
  const int32_t left_shift = 12 + rounded_log2(cell_scale);
  p.cell_tanh_multiplier = left_shift >= 0 ? 3 << left_shift : 3;
  p.cell_tanh_shift = left_shift >= 0 ? 0 : -left_shift;
  const QuantizedMultiplier hidden = gate_mul(kGateOutputScale, kGateOutputScale, c.scale(h));
  p.hidden_multiplier = hidden.multiplier;
  p.hidden_shift = hidden.shift;
  p.hidden_offset = c.zero_point(h);
  p.hidden_min = h.type == DType::Int8 ? INT8_MIN : INT16_MIN;
  p.hidden_max = h.type == DType::Int8 ? INT8_MAX : INT16_MAX;
  l.params = p;
  for (std::size_t i : {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19}) {
    const ArgRole role = i == 0 ? ArgRole::Input : i <= 8 ? ArgRole::Weights : i <= 15 ? ArgRole::Bias : ArgRole::State;
    l.args.push_back({role, c.node.inputs[i]});
  }
  l.args.push_back({ArgRole::Output, c.node.outputs[0]});
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::Svdf, lower_svdf},
    {OpType::UnidirectionalSequenceLstm, lower_lstm},
};

}  // namespace

std::span<const LowerEntry> recurrent_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_svdf_params& p) { AB_RENDER_FIELDS(AB_SVDF_FIELDS) }
void render_fields(FieldWriter& w, const ab_lstm_gate_params& p) { AB_RENDER_FIELDS(AB_LSTM_GATE_FIELDS) }
void render_fields(FieldWriter& w, const ab_lstm_params& p) { AB_RENDER_FIELDS(AB_LSTM_FIELDS) }

}  // namespace aotbench::codegen
