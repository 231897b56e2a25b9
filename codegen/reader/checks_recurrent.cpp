// Stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM.
#include <cmath>
#include <tuple>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// The operator's state input: a variable tensor (TFLite Micro refuses anything else).
void state(const OpCheck& c, std::size_t i, const char* role) {
  const Tensor& t = c.in(i);
  if (!t.is_variable) {
    c.fail("{} {} is not a variable tensor; the operator keeps its state there across inferences", role,
           c.label(t.id));
  }
}

// TFLite Micro gives both operators exactly one output.
void one_output(const OpCheck& c) {
  if (c.node.outputs.size() != 1) {
    c.fail("has {} outputs; TFLite Micro's {} has one", c.node.outputs.size(), op_name(c.node.type));
  }
}

// Constant per-tensor weights of a rank and type (the integer kernels read one scale).
void weights_of(const OpCheck& c, const Tensor& t, DType type, const char* role) {
  c.type(t, type, role);
  c.constant(t, role);
  c.rank_is(t, 2, role);
  if (!t.quant || t.quant->scale.empty()) c.fail("{} {} have no quantization parameters", role, c.label(t.id));
  if (t.quant->per_channel()) {
    c.fail("{} {} are quantized per channel; TFLite Micro's {} takes one scale", role, c.label(t.id),
           op_name(c.node.type));
  }
  c.zero_points_in_range(t, role);
}

// TFLite Micro's integer SVDF: int8 input, feature weights and output; time weights and state
// both int8 or both int16 (it reads the state with the time weights' type); int32 bias, which
// its Prepare dereferences, so required, with the scale state * time weights.
void check_svdf(const OpCheck& c, Operator& op) {
  if (c.node.inputs.size() != 5) c.fail("has {} inputs; TFLite Micro's SVDF takes 5", c.node.inputs.size());
  for (std::size_t i : {0, 1, 2, 4}) {
    if (!c.has(i)) c.fail("input {} is missing", i);
  }
  one_output(c);
  const auto& o = std::get<SvdfOptions>(op.options);
  const Tensor &x = c.in(0), &wf = c.in(1), &wt = c.in(2), &s = c.in(4), &y = c.out();
  c.act(x, "input");
  c.rank_is(x, 2, "input");
  weights_of(c, wf, DType::Int8, "feature weights");
  c.type_in(wt, {DType::Int8, DType::Int16}, "time weights");
  weights_of(c, wt, wt.type, "time weights");
  state(c, 4, "state");
  c.type(s, wt.type, "state");
  c.integer_quant(s, "state");
  c.act(y, "output");
  const int32_t batches = x.shape[0], input_size = x.shape[1], filters = wf.shape[0], memory = wt.shape[1];
  if (wf.shape[1] != input_size) {
    c.fail("feature weights {} have {} columns for an input of {} features", c.label(wf.id), wf.shape[1],
           input_size);
  }
  if (filters % o.rank != 0) c.fail("{} filters do not divide into rank {}", filters, o.rank);
  if (wt.shape[0] != filters) {
    c.fail("time weights {} have {} rows for {} filters", c.label(wt.id), wt.shape[0], filters);
  }
  const int32_t units = filters / o.rank;
  c.shape_is(s, {batches, checked_dim(c, int64_t{memory} * filters)}, "state");
  c.shape_is(y, {batches, units}, "output");
  if (!c.has(3)) c.fail("has no bias; TFLite Micro's integer SVDF needs one (its Prepare reads the bias's scale)");
  c.bias(3, units);
  const Tensor& b = c.in(3);
  const float bias_scale = b.quant && !b.quant->scale.empty() ? b.quant->scale[0] : 0.0f;
  const float product = s.quant->scale[0] * wt.quant->scale[0];
  if (!(std::abs(static_cast<double>(bias_scale) - static_cast<double>(product)) < 1e-5)) {
    c.fail("bias {} has scale {}, not state scale * time weights scale ({}), as TFLite Micro requires",
           c.label(b.id), bias_scale, product);
  }
}

// TFLite Micro's integer UNIDIRECTIONAL_SEQUENCE_LSTM: the standard LSTM only (all four gates; no
// peephole, projection or layer normalization), int8 activations with int32 biases or int16 ones
// with int64 biases, int8 weights per tensor, an int16 cell state, tanh as the cell gate's
// nonlinearity (anything but tanh or sigmoid makes it abort; sigmoid the IR cannot name).
void check_lstm(const OpCheck& c, Operator& op) {
  const auto& o = std::get<SequenceLstmOptions>(op.options);
  if (c.node.inputs.size() != 24) c.fail("has {} inputs; TFLite Micro's LSTM takes 24", c.node.inputs.size());
  for (std::size_t i : {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19}) {
    if (!c.has(i)) c.fail("input {} is missing", i);
  }
  one_output(c);
  for (auto [first, last, what] : {std::tuple{9, 11, "peephole weights"}, {16, 17, "a projection"},
                                   {20, 23, "layer normalization"}}) {
    for (int i = first; i <= last; ++i) {
      if (c.has(static_cast<std::size_t>(i))) {
        c.fail("has {} (input {}); TFLite Micro's integer LSTM supports the standard LSTM only", what, i);
      }
    }
  }
  if (o.activation != Activation::Tanh) {
    c.fail("the cell gate's activation is {}; TFLite Micro's integer LSTM computes TANH (or SIGMOID, which "
           "aotbench does not support)",
           activation_name(o.activation));
  }
  const Tensor &x = c.in(0), &h = c.in(18), &cell = c.in(19), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.integer_quant(x, "input");
  c.rank_is(x, 3, "input");
  state(c, 18, "hidden state");
  c.type(h, x.type, "hidden state");
  c.integer_quant(h, "hidden state");
  c.rank_is(h, 2, "hidden state");
  state(c, 19, "cell state");
  if (cell.id == h.id) c.fail("the hidden and the cell state are one tensor, {}", c.label(h.id));
  c.type(cell, DType::Int16, "cell state");
  c.integer_quant(cell, "cell state");
  // tanh of the cell state rescales it by 3 * 2^(12 + log2(scale)) in int32.
  const float cell_scale = cell.quant->scale[0];
  if (cell_scale > 4.0f || cell_scale < 0x1p-40f) {
    c.fail("cell state {} has scale {}; the integer tanh of the cell state needs 2^-40 to 4", c.label(cell.id),
           cell_scale);
  }
  const int32_t batches = o.time_major ? x.shape[1] : x.shape[0];
  const int32_t input_size = x.shape[2], units = h.shape[1];
  if (h.shape[0] != batches) {
    c.fail("hidden state {} has {} rows for a batch of {}", c.label(h.id), h.shape[0], batches);
  }
  if (cell.num_elements() != h.num_elements()) {
    c.fail("cell state {} has {} elements; expected {}", c.label(cell.id), cell.num_elements(), h.num_elements());
  }
  for (std::size_t i = 1; i <= 8; ++i) {
    const Tensor& w = c.in(i);
    weights_of(c, w, DType::Int8, "weights");
    c.shape_is(w, {units, i <= 4 ? input_size : units}, "weights");
  }
  const DType bias_type = x.type == DType::Int8 ? DType::Int32 : DType::Int64;
  for (std::size_t i = 12; i <= 15; ++i) {
    const Tensor& b = c.in(i);
    c.type(b, bias_type, "bias");
    c.constant(b, "bias");
    c.shape_is(b, {units}, "bias");
  }
  // The output receives copies of the hidden state: its quantization is not used.
  c.type(y, x.type, "output");
  c.shape_is(y, {x.shape[0], x.shape[1], units}, "output");
}

const CheckEntry kChecks[] = {
    {OpType::Svdf, check_svdf, "int8 input and weights, int8 or int16 time weights and state, int32 bias"},
    {OpType::UnidirectionalSequenceLstm, check_lstm,
     "int8 activations, int8 weights, int32 bias, int16 cell (8x8->16); int16 activations, int64 bias (16x8->16)"},
};

}  // namespace

std::span<const CheckEntry> recurrent_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
