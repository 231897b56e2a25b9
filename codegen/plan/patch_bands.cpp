#include "codegen/plan/patch_bands.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace aotbench::codegen {
namespace {

// Operators whose output element i depends on element i of each input only.
bool is_element_wise(OpType t) {
  switch (t) {
    case OpType::Add: case OpType::Sub: case OpType::Mul: case OpType::Maximum: case OpType::Minimum:
    case OpType::Quantize: case OpType::Relu: case OpType::Relu6: case OpType::ReluN1To1:
    case OpType::LeakyRelu: case OpType::Logistic: case OpType::Tanh: case OpType::HardSwish:
      return true;
    default:
      return false;
  }
}

// Rows of padding before row 0, with what a folded PAD added.
template <class Options>
RowWindow conv_window(const Graph& g, const Operator& op, const Options& o) {
  const int32_t in = g.tensors[op.inputs[0]].shape[1] + o.folded.top + o.folded.bottom;
  const int32_t out = g.tensors[op.outputs[0]].shape[1];
  const int32_t kernel = g.tensors[op.inputs[1]].shape[1];
  return {kernel, o.stride_h, o.dilation_h,
          padding_before(o.padding, in, out, kernel, o.stride_h, o.dilation_h) + o.folded.top};
}

}  // namespace

int32_t padding_before(Padding padding, int32_t in, int32_t out, int32_t kernel, int32_t stride, int32_t dilation) {
  if (padding != Padding::Same) return 0;
  return std::max(0, (out - 1) * stride + (kernel - 1) * dilation + 1 - in) / 2;
}

RowRange window_input_rows(RowRange out, int32_t input_rows, const RowWindow& w) {
  // Per tap, the first and last output row of the band whose tap lands on a real row; a dilated
  // window's taps may step over the rows next to the border.
  auto ceil_div = [](int32_t a, int32_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); };
  auto floor_div = [](int32_t a, int32_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  RowRange r{input_rows, 0};
  for (int32_t k = 0; k < w.kernel; ++k) {
    const int32_t tap = k * w.dilation - w.pad_before;  // input row = output row * stride + tap
    const int32_t first = std::max(out.begin, ceil_div(-tap, w.stride));
    const int32_t last = std::min(out.end - 1, floor_div(input_rows - 1 - tap, w.stride));
    if (first > last) continue;
    r.begin = std::min(r.begin, first * w.stride + tap);
    r.end = std::max(r.end, last * w.stride + tap + 1);
  }
  if (r.end <= r.begin) return {};
  return r;  // whole: rows a dilated window steps over stay in the band (it is contiguous)
}

std::vector<RowRange> split_rows(int32_t rows, int32_t bands) {
  if (bands < 1 || bands > rows)
    throw PatchError(fmt::format("cannot cut {} rows into {} bands: choose at most {} patches", rows, bands, rows));
  std::vector<RowRange> out;
  int32_t begin = 0;
  for (int32_t b = 0; b < bands; ++b) {
    const int32_t rows_here = rows / bands + (b < rows % bands ? 1 : 0);
    out.push_back({begin, begin + rows_here});
    begin += rows_here;
  }
  return out;
}

std::string why_not_bandable(const Graph& g, const Operator& op) {
  if (op.outputs.size() != 1) return "it has more than one output";
  for (int t : op.inputs) {
    if (t < 0 || g.tensors[t].is_constant()) continue;
    if (g.tensors[t].is_variable) return "it keeps state";
  }
  for (int t : {op.inputs.empty() ? -1 : op.inputs[0], op.outputs[0]}) {
    if (!is_activation(g, t)) return "its data input or output is not an activation";
    const auto& s = g.tensors[t].shape;
    if (s.size() != 4 || s[0] != 1) return "its tensors are not 4-D with batch 1";
  }
  if (op.type == OpType::Conv2D || op.type == OpType::DepthwiseConv2D) {
    for (std::size_t k = 1; k < op.inputs.size(); ++k)
      if (op.inputs[k] >= 0 && !g.tensors[op.inputs[k]].is_constant()) return "its weights are not constant";
    return "";
  }
  if (!is_element_wise(op.type)) return fmt::format("{} has no band of rows the kernels can compute", op_name(op.type));
  const auto& out_shape = g.tensors[op.outputs[0]].shape;
  for (int t : op.inputs) {
    if (t < 0) continue;
    const auto& s = g.tensors[t].shape;
    if (is_activation(g, t) && s != out_shape) return "an input is broadcast";
    if (g.tensors[t].is_constant() && s.size() >= 3 && s[s.size() - 3] > 1) return "a constant varies along rows";
  }
  return "";
}

std::optional<RowWindow> row_window(const Graph& g, const Operator& op) {
  if (!why_not_bandable(g, op).empty()) return std::nullopt;
  if (const auto* o = std::get_if<Conv2DOptions>(&op.options)) return conv_window(g, op, *o);
  if (const auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options)) return conv_window(g, op, *o);
  return RowWindow{};
}

std::vector<PatchGroup> patch_groups(const Graph& g) {
  std::vector<PatchGroup> groups;
  std::set<int> produced, read_from_outside;
  for (std::size_t n = 0; n < g.ops.size(); ++n) {
    const Operator& op = g.ops[n];
    if (!row_window(g, op)) break;
    for (int t : op.inputs)
      if (is_activation(g, t) && !produced.count(t)) read_from_outside.insert(t);
    produced.insert(op.outputs[0]);
    if (read_from_outside.size() != 1) break;
    // The tensors the rest of the graph uses must be exactly one, unread inside the group.
    std::set<int> leaving, read_inside;
    for (std::size_t i = 0; i <= n; ++i)
      for (int t : g.ops[i].inputs) read_inside.insert(t);
    for (std::size_t i = n + 1; i < g.ops.size(); ++i)
      for (int t : g.ops[i].inputs)
        if (produced.count(t)) leaving.insert(t);
    for (int t : g.outputs)
      if (produced.count(t)) leaving.insert(t);
    const int input = *read_from_outside.begin();
    if (leaving.size() != 1 || read_inside.count(*leaving.begin()) || std::count(g.outputs.begin(), g.outputs.end(), input))
      continue;
    bool all_used = true;  // every other tensor of the group is read inside it
    for (int t : produced) all_used = all_used && (t == *leaving.begin() || read_inside.count(t));
    if (all_used) groups.push_back({static_cast<int>(n) + 1, input, *leaving.begin()});
  }
  return groups;
}

BandRows band_rows(const Graph& g, const PatchGroup& group, RowRange out) {
  BandRows b;
  b.tensor[group.output] = out;
  b.reads.resize(static_cast<std::size_t>(group.ops));
  for (int i = group.ops - 1; i >= 0; --i) {
    const Operator& op = g.ops[static_cast<std::size_t>(i)];
    const auto need = b.tensor.find(op.outputs[0]);
    if (need == b.tensor.end()) throw std::logic_error("patch group has an operator whose output nobody reads");
    const RowWindow w = *row_window(g, op);
    auto& reads = b.reads[static_cast<std::size_t>(i)];
    reads.assign(op.inputs.size(), RowRange{});
    for (std::size_t k = 0; k < op.inputs.size(); ++k) {
      const int t = op.inputs[k];
      if (!is_activation(g, t)) continue;
      const RowRange r = window_input_rows(need->second, g.tensors[t].shape[1], w);
      if (r.rows() == 0)
        throw PatchError(fmt::format("rows {}-{} of operator {}'s output read only padding: choose fewer patches",
                                     need->second.begin, need->second.end - 1, op.index));
      reads[k] = r;
      auto [it, fresh] = b.tensor.try_emplace(t, r);
      if (!fresh) it->second = {std::min(it->second.begin, r.begin), std::max(it->second.end, r.end)};
    }
  }
  return b;
}

}  // namespace aotbench::codegen
