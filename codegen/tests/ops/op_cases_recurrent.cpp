// Cases of the stateful sequence layers: SVDF with int8 and int16 state (ranks, memory of one,
// batches, zero points at both ends, state zero points that make the appended value wrap), two
// SVDFs stacked as in keyword-spotting models, and UNIDIRECTIONAL_SEQUENCE_LSTM with int8 and
// int16 activations, time-major or not, with and without a cell clip. Every case has a second
// set of inputs, for the test of two inferences in a row.
#include <cmath>

#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

const std::vector<tfl::ActivationFunctionType> kSvdfActivations = {
    tfl::ActivationFunctionType::NONE, tfl::ActivationFunctionType::RELU, tfl::ActivationFunctionType::RELU6};

int64_t zero_point(CaseRng& rng, bool extreme) {
  return extreme ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
}

// Root mean square of values uniform over [-r, r].
double rms(double r) { return r / std::sqrt(3.0); }

struct SvdfShape {
  int32_t batches, input_size, units, rank, memory;
};

// An int8 tensor and its scale.
struct Int8Tensor {
  int32_t id;
  float scale;
};

// One SVDF reading `x` (int8 [batches, input_size] of scale x_scale); returns its output.
// Scales put the appended state values and the outputs mostly inside their ranges, with a far
// one now and then.
Int8Tensor add_svdf(CaseBuilder& b, CaseRng& rng, const SvdfShape& s, int32_t x, float x_scale, TT state_type,
                 bool extremes) {
  const int32_t filters = s.units * s.rank;
  const Quant qf{rng.scale(1e-3f, 0.1f), rng.uniform(-3, 3)};  // a zero point TFLite Micro ignores
  const int32_t wf = b.constant_random(rng, TT::INT8, {filters, s.input_size}, qf, -127, 127);
  // State scale: the feature dot products (input offsets included) spread over a sixth of the
  // state's range to a little more than all of it.
  const double state_max = static_cast<double>(type_range(state_type).second);
  const double dot = rms(127) * rms(255) * std::sqrt(static_cast<double>(s.input_size));
  Quant qs{static_cast<float>(x_scale * qf.scale * dot / state_max * rng.scale(0.7f, 6.0f)), 0};
  if (state_type == TT::INT8) qs.zero_point = zero_point(rng, extremes);
  if (extremes && rng.coin()) qs.scale *= rng.pick<float>({1e-2f, 1e2f});
  const int32_t state = b.variable(state_type, {s.batches, s.memory * filters}, qs);
  // Time weights: int16 ones bounded so that rank * memory products stay inside int32.
  const int64_t wt_max = state_type == TT::INT8 ? 127 : 2000;
  const Quant qt{rng.scale(1e-3f, 0.1f), rng.uniform(-3, 3)};
  const int32_t wt = b.constant_random(rng, state_type, {filters, s.memory}, qt, -wt_max, wt_max);
  // Two inferences fill two memory slots; the output spreads their sums over int8.
  const double sum = rms(static_cast<double>(wt_max)) * rms(state_max) * std::sqrt(2.0 * s.rank);
  const float bias_scale = qs.scale * qt.scale;  // what TFLite Micro requires, to 1e-5
  const int64_t bias_max = static_cast<int64_t>(std::min(sum / 8, 1e8));
  const int32_t bias = b.constant_random(rng, TT::INT32, {s.units}, {bias_scale, 0}, -bias_max, bias_max);
  Quant qo{static_cast<float>(bias_scale * sum / 127.0 * rng.scale(0.5f, 6.0f)), zero_point(rng, extremes)};
  if (extremes && rng.coin()) qo.scale *= rng.pick<float>({1e-2f, 1e2f});
  const int32_t y = b.tensor(TT::INT8, {s.batches, s.units}, qo);
  tfl::SVDFOptionsT o;
  o.rank = s.rank;
  o.fused_activation_function = rng.pick(kSvdfActivations);  // TFLite Micro's integer SVDF ignores it
  b.op(BO::SVDF, {x, wf, wt, bias, state}, {y}, o);
  return {y, qo.scale};
}

SvdfShape svdf_shape(CaseRng& rng, int n) {
  SvdfShape s{static_cast<int32_t>(rng.uniform(1, 3)), static_cast<int32_t>(rng.uniform(1, 12)),
              static_cast<int32_t>(rng.uniform(1, 6)), static_cast<int32_t>(rng.uniform(1, 3)),
              static_cast<int32_t>(rng.uniform(1, 8))};
  if (n % 5 == 4) s.memory = 1;  // no history: only the new value is kept
  if (n % 7 == 6) s.batches = 1;
  return s;
}

OpCase svdf_case(CaseRng& rng, int n, TT state_type) {
  CaseBuilder b(case_name("svdf", state_type, n));
  const bool extremes = n % 4 == 3;
  const SvdfShape s = svdf_shape(rng, n);
  const Quant qx{rng.scale(1e-2f, 1.0f), zero_point(rng, extremes)};
  const int32_t x = b.input(TT::INT8, {s.batches, s.input_size}, qx);
  b.output(add_svdf(b, rng, s, x, qx.scale, state_type, extremes).id);
  return b.finish(rng);
}

// Two SVDFs in a row, the second reading the first's output, each with its own state.
OpCase stacked_svdf_case(CaseRng& rng, int n, TT state_type) {
  CaseBuilder b(case_name("svdf_stacked", state_type, n));
  SvdfShape first = svdf_shape(rng, n);
  const Quant qx{rng.scale(1e-2f, 1.0f), zero_point(rng, false)};
  const int32_t x = b.input(TT::INT8, {first.batches, first.input_size}, qx);
  const Int8Tensor h = add_svdf(b, rng, first, x, qx.scale, state_type, false);
  SvdfShape second = svdf_shape(rng, n);
  second.batches = first.batches;
  second.input_size = first.units;
  b.output(add_svdf(b, rng, second, h.id, h.scale, state_type == TT::INT8 ? TT::INT16 : TT::INT8, false).id);
  return b.finish(rng);
}

// One UNIDIRECTIONAL_SEQUENCE_LSTM: int8 (8x8->16) or int16 (16x8->16) activations, time-major or
// not. Weight scales put the gates' pre-activations (Q3.12) around +-2, biases shift them by up to
// +-1; the cell state scale is a power of two, now and then not (TFLite Micro rounds its log2).
OpCase lstm_case(CaseRng& rng, int n, TT type) {
  const bool time_major = n % 2 == 1, extremes = n % 4 == 3, int8 = type == TT::INT8;
  CaseBuilder b(case_name(time_major ? "lstm_time_major" : "lstm", type, n));
  const int32_t batches = static_cast<int32_t>(rng.uniform(1, 3)), steps = static_cast<int32_t>(rng.uniform(1, 4));
  const int32_t input_size = static_cast<int32_t>(rng.uniform(1, 8)), units = static_cast<int32_t>(rng.uniform(1, 8));
  const double act_max = static_cast<double>(type_range(type).second);
  const Quant qx{int8 ? rng.scale(1e-2f, 0.1f) : rng.scale(1e-5f, 1e-4f), int8 ? zero_point(rng, extremes) : 0};
  const std::vector<int32_t> in_shape = time_major ? std::vector<int32_t>{steps, batches, input_size}
                                                   : std::vector<int32_t>{batches, steps, input_size};
  const int32_t x = b.input(type, in_shape, qx);
  // The hidden state, logistic * tanh, lies in [-1, 1].
  const Quant qh{static_cast<float>(rng.scale(0.5f, 2.0f) / act_max), int8 ? zero_point(rng, extremes) : 0};
  // Activations span their type's range (int8's zero points anywhere in it).
  const double act_rms = rms(int8 ? 255.0 : act_max);
  std::vector<int32_t> weights;
  std::vector<float> input_products;
  for (int k = 0; k < 8; ++k) {
    const bool recurrent = k >= 4;
    const int32_t depth = recurrent ? units : input_size;
    const float act_scale = recurrent ? qh.scale : qx.scale;
    const double dot = rms(127) * act_rms * std::sqrt(static_cast<double>(depth)) * act_scale;
    const Quant qw{static_cast<float>(2.0 / dot * rng.scale(0.3f, 3.0f)), 0};
    weights.push_back(b.constant_random(rng, TT::INT8, {units, depth}, qw, -127, 127));
    if (!recurrent) input_products.push_back(qx.scale * qw.scale);
  }
  std::vector<int32_t> biases;
  for (float product : input_products) {
    const auto steps_per_unit = static_cast<int64_t>(1.0 / product);  // up to +-1 in the gate's units
    biases.push_back(b.constant_random(rng, int8 ? TT::INT32 : TT::INT64, {units}, {product, 0}, -steps_per_unit,
                                       steps_per_unit));
  }
  const auto hidden = b.variable(type, {batches, units}, qh);
  float cell_scale = rng.pick<float>({0x1p-11f, 0x1p-11f, 0x1p-10f, 0x1p-12f, 0x1p-15f});
  if (n % 5 == 4) cell_scale *= rng.scale(0.75f, 1.4f);  // not a power of two
  const auto cell = b.variable(TT::INT16, {batches, units}, {cell_scale, 0});
  const int32_t y = b.tensor(type, {in_shape[0], in_shape[1], units}, qh);
  tfl::UnidirectionalSequenceLSTMOptionsT o;
  o.fused_activation_function = tfl::ActivationFunctionType::TANH;
  o.time_major = time_major;
  o.cell_clip = n % 3 == 2 ? static_cast<float>(rng.pick<double>({0.5, 2.0, 8.0})) : 0.0f;
  std::vector<int32_t> inputs = {x};
  inputs.insert(inputs.end(), weights.begin(), weights.end());
  inputs.insert(inputs.end(), {-1, -1, -1});  // no peephole
  inputs.insert(inputs.end(), biases.begin(), biases.end());
  inputs.insert(inputs.end(), {-1, -1, hidden, cell, -1, -1, -1, -1});  // no projection, no layer norm
  b.op(BO::UNIDIRECTIONAL_SEQUENCE_LSTM, inputs, {y}, o);
  b.output(y);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> recurrent_cases() {
  CaseRng rng(23);
  std::vector<OpCase> cases;
  for (int n = 0; n < 20; ++n) {
    for (TT type : {TT::INT8, TT::INT16}) cases.push_back(svdf_case(rng, n, type));
  }
  for (int n = 0; n < 4; ++n) cases.push_back(stacked_svdf_case(rng, n, n % 2 ? TT::INT16 : TT::INT8));
  for (int n = 0; n < 20; ++n) {
    for (TT type : {TT::INT8, TT::INT16}) cases.push_back(lstm_case(rng, n, type));
  }
  return cases;
}

}  // namespace aotbench::codegen::test
