// Step 5: per-operator checks. Everything the int8 reference kernels take for granted is made
// true here (types, quantization, constant weights, shapes that agree), so later stages never
// see an operator they would compute wrongly or out of bounds.
#include <limits>

#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::string shape_text(const Shape& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) out += fmt::format("{}{}", i ? "x" : "", s[i]);
  return "[" + out + "]";
}

int32_t checked_dim(const OpCheck& c, int64_t d) {
  if (d > std::numeric_limits<int32_t>::max()) {
    c.fail("a computed dimension ({}) overflows int32", d);
  }
  return static_cast<int32_t>(d);
}

namespace {

void check_operator(const Graph& g, Operator& op) {
  OpCheck c(g, op);
  switch (op.type) {
    case OpType::Conv2D: return check_conv(c, std::get<Conv2DOptions>(op.options));
    case OpType::DepthwiseConv2D:
      return check_depthwise(c, std::get<DepthwiseConv2DOptions>(op.options));
    case OpType::FullyConnected:
      return check_fully_connected(c, std::get<FullyConnectedOptions>(op.options));
    case OpType::Add: return check_add(c);
    case OpType::AveragePool2D:
    case OpType::MaxPool2D: return check_pool(c, std::get<Pool2DOptions>(op.options));
    case OpType::Mean: return check_mean(c, std::get<ReducerOptions>(op.options));
    case OpType::Pad: return check_pad(c);
    case OpType::Reshape: return check_reshape(c);
    case OpType::Softmax: return check_softmax(c, std::get<SoftmaxOptions>(op.options));
    case OpType::Transpose: return check_transpose(c);
    case OpType::Concatenation:
      return check_concatenation(c, std::get<ConcatenationOptions>(op.options));
    case OpType::Quantize: return check_quantize(c);
    case OpType::Dequantize: return check_dequantize(c);
  }
}

}  // namespace

void check_operators(Graph& g) {
  for (Operator& op : g.ops) check_operator(g, op);
}

}  // namespace aotbench::codegen::reader_detail
