#include "codegen/plan/stats.hpp"

#include <set>

namespace aotbench::codegen {

int64_t op_macs(const Graph& g, const Operator& op) {
  auto shape = [&](std::size_t i) -> const std::vector<int32_t>& {
    return g.tensors.at(op.inputs.at(i)).shape;
  };
  int64_t out = g.tensors.at(op.outputs.at(0)).num_elements();
  switch (op.type) {
    case OpType::Conv2D: return out * shape(1)[1] * shape(1)[2] * shape(1)[3];  // [Cout,KH,KW,Cin]
    case OpType::DepthwiseConv2D: return out * shape(1)[1] * shape(1)[2];       // [1,KH,KW,C]
    case OpType::FullyConnected: return out * shape(1)[1];                      // [units,depth]
    // Every input pixel times every tap of every output channel, as TFLite scatters them
    // (products that land in the cropped border included): [Cout,KH,KW,Cin] weights.
    case OpType::TransposeConv:
      return g.tensors.at(op.inputs.at(2)).num_elements() * shape(1)[0] * shape(1)[1] * shape(1)[2];
    case OpType::BatchMatmul: {
      const auto& lhs = shape(0);
      const bool adj_x = std::get<BatchMatmulOptions>(op.options).adj_x;
      return out * lhs[lhs.size() - (adj_x ? 2 : 1)];
    }
    // Per output row of a step: four gates, each the input's and the hidden state's products.
    case OpType::UnidirectionalSequenceLstm: return out * 4 * (shape(1)[1] + shape(5)[1]);
    // Per batch: the feature products of every filter, then each filter's memory times its
    // time weights. out is [batch, units], filters = units * rank.
    case OpType::Svdf: return shape(0)[0] * shape(1)[0] * (shape(1)[1] + shape(2)[1]);
    default: return 0;
  }
}

int64_t total_macs(const Graph& g) {
  int64_t total = 0;
  for (const Operator& op : g.ops) total += op_macs(g, op);
  return total;
}

int64_t param_bytes(const Graph& g) {
  std::set<const uint8_t*> seen;
  int64_t bytes = 0;
  for (const Tensor& t : g.tensors) {
    if (t.is_constant() && seen.insert(t.data.data()).second)
      bytes += static_cast<int64_t>(t.data.size());
  }
  return bytes;
}

int constant_buffer_count(const Graph& g) {
  std::set<const uint8_t*> seen;
  for (const Tensor& t : g.tensors) {
    if (t.is_constant()) seen.insert(t.data.data());
  }
  return static_cast<int>(seen.size());
}

}  // namespace aotbench::codegen
