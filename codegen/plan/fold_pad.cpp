#include "codegen/plan/fold_pad.hpp"

#include <algorithm>
#include <cstring>

namespace aotbench::codegen {
namespace {

// The paddings tensor as (before, after) per dimension, if it is a constant of rank-4 pairs.
bool read_paddings(const Tensor& t, int64_t (&pads)[8]) {
  if (!t.is_constant() || t.num_elements() != 8 || (t.type != DType::Int32 && t.type != DType::Int64)) return false;
  const std::size_t width = dtype_size(t.type);
  if (t.data.size() < 8 * width) return false;
  for (std::size_t i = 0; i < 8; ++i) {
    if (width == 4) {
      int32_t v;
      std::memcpy(&v, t.data.data() + 4 * i, 4);
      pads[i] = v;
    } else {
      std::memcpy(&pads[i], t.data.data() + 8 * i, 8);
    }
    if (pads[i] < 0) return false;
  }
  return pads[0] == 0 && pads[1] == 0 && pads[6] == 0 && pads[7] == 0;  // N and C unpadded
}

bool same_quantization(const Tensor& a, const Tensor& b) {
  return a.quant && b.quant && a.quant->scale == b.quant->scale && a.quant->zero_point == b.quant->zero_point;
}

std::vector<int> readers(const Graph& g, int tensor) {
  std::vector<int> out;
  for (std::size_t i = 0; i < g.ops.size(); ++i)
    if (std::count(g.ops[i].inputs.begin(), g.ops[i].inputs.end(), tensor)) out.push_back(static_cast<int>(i));
  return out;
}

FoldedPadding* folded_padding(Operator& op) {
  if (auto* o = std::get_if<Conv2DOptions>(&op.options)) return &o->folded;
  if (auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options)) return &o->folded;
  return nullptr;
}

}  // namespace

int fold_pads(Graph& g) {
  int folded = 0;
  for (std::size_t i = 0; i < g.ops.size();) {
    const Operator& pad = g.ops[i];
    int64_t pads[8];
    const bool candidate = pad.type == OpType::Pad && pad.inputs.size() == 2 && pad.outputs.size() == 1 &&
                           pad.inputs[0] >= 0 && pad.inputs[1] >= 0 &&
                           read_paddings(g.tensors[pad.inputs[1]], pads);
    const int out = candidate ? pad.outputs[0] : -1;
    const std::vector<int> users = candidate ? readers(g, out) : std::vector<int>{};
    FoldedPadding* f = users.size() == 1 ? folded_padding(g.ops[users[0]]) : nullptr;
    const Tensor* in = candidate ? &g.tensors[pad.inputs[0]] : nullptr;
    if (!f || std::count(g.outputs.begin(), g.outputs.end(), out) || in->is_constant() ||
        in->shape.size() != 4 || !same_quantization(*in, g.tensors[out]) || g.ops[users[0]].inputs[0] != out ||
        std::count(g.ops[users[0]].inputs.begin(), g.ops[users[0]].inputs.end(), out) != 1) {
      ++i;
      continue;
    }
    f->top += static_cast<int32_t>(pads[2]);
    f->bottom += static_cast<int32_t>(pads[3]);
    f->left += static_cast<int32_t>(pads[4]);
    f->right += static_cast<int32_t>(pads[5]);
    g.ops[users[0]].inputs[0] = pad.inputs[0];
    g.ops.erase(g.ops.begin() + static_cast<std::ptrdiff_t>(i));
    ++folded;
  }
  return folded;
}

}  // namespace aotbench::codegen
