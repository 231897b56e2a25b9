// Step 5: per-operator checks. Everything the int8 reference kernels take for granted is made
// true here (types, quantization, constant weights, shapes that agree), so later stages never
// see an operator they would compute wrongly or out of bounds.
#include <limits>
#include <span>

#include "codegen/reader/op_check.hpp"

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

// The operators of the first families, checked by functions that take their options.
const CheckEntry kCoreChecks[] = {
    {OpType::Conv2D, [](const OpCheck& c, Operator& op) { check_conv(c, std::get<Conv2DOptions>(op.options)); },
     "int8, int8 weights (per channel or per tensor, symmetric), int32 bias; int16 (zero point 0), int8 weights, "
     "int64 or int32 bias"},
    {OpType::DepthwiseConv2D,
     [](const OpCheck& c, Operator& op) { check_depthwise(c, std::get<DepthwiseConv2DOptions>(op.options)); },
     "int8, int8 weights (per channel or per tensor, symmetric), int32 bias; int16 (zero point 0), int8 weights, "
     "int64 bias"},
    {OpType::FullyConnected,
     [](const OpCheck& c, Operator& op) { check_fully_connected(c, std::get<FullyConnectedOptions>(op.options)); },
     "int8, int8 weights (per tensor, or per channel and symmetric), int32 bias; int16 (zero point 0), int8 "
     "weights, int64 or int32 bias"},
    {OpType::AveragePool2D, [](const OpCheck& c, Operator& op) { check_pool(c, std::get<Pool2DOptions>(op.options)); },
     "int8"},
    {OpType::MaxPool2D, [](const OpCheck& c, Operator& op) { check_pool(c, std::get<Pool2DOptions>(op.options)); },
     "int8"},
    {OpType::Mean, [](const OpCheck& c, Operator& op) { check_mean(c, std::get<ReducerOptions>(op.options)); },
     "int8; int16 (any zero point)"},
    {OpType::Pad, [](const OpCheck& c, Operator&) { check_pad(c); }, "int8, int16, int32"},
    {OpType::Reshape, [](const OpCheck& c, Operator&) { check_reshape(c); }, "int8, int16, int32, bool"},
    {OpType::Softmax, [](const OpCheck& c, Operator& op) { check_softmax(c, std::get<SoftmaxOptions>(op.options)); },
     "int8 -> int8 (scale 1/256, zero point -128); int8 -> int16; int16 -> int16"},
    {OpType::Transpose, [](const OpCheck& c, Operator&) { check_transpose(c); }, "int8, int16 (rank <= 5)"},
    {OpType::Concatenation,
     [](const OpCheck& c, Operator& op) { check_concatenation(c, std::get<ConcatenationOptions>(op.options)); },
     "int8 (inputs quantized as the output), int16, int32, int64, bool"},
    {OpType::Quantize, [](const OpCheck& c, Operator&) { check_quantize(c); },
     "float32 -> int8/int16; int8 -> int8/uint8/int16/int32; uint8 -> int8; int16 -> int8/int16/int32; "
     "int32 -> int8/int16"},
    {OpType::Dequantize, [](const OpCheck& c, Operator&) { check_dequantize(c); },
     "int8, int16, uint8 -> float32"},
};

const CheckEntry* find_entry(OpType type) {
  for (std::span<const CheckEntry> family :
       {std::span<const CheckEntry>(kCoreChecks), arithmetic_checks(), activation_checks(),
        reduce_checks(), movement_checks(), resize_checks(), layer_checks(), recurrent_checks(),
        signal_checks()}) {
    for (const CheckEntry& e : family) {
      if (e.type == type) return &e;
    }
  }
  return nullptr;
}

CheckFn find_check(OpType type) {
  const CheckEntry* e = find_entry(type);
  return e ? e->check : nullptr;
}

// A check's ModelError reads "<source>: operator N (NAME): ..."; the problem keeps what follows
// the source.
std::string without_source(const Graph& g, const std::string& message) {
  const std::string prefix = g.source + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

}  // namespace

std::string checked_types(OpType type) {
  const CheckEntry* e = find_entry(type);
  return e ? e->types : "";
}

std::vector<OperatorProblem> check_operators(Graph& g) {
  std::vector<OperatorProblem> problems;
  for (Operator& op : g.ops) {
    const CheckFn check = find_check(op.type);
    try {
      if (!check) fail(g, "operator {} ({}): has no checks; aotbench cannot compile it", op.index, op_name(op.type));
      check(OpCheck(g, op), op);
    } catch (const ModelError& e) {
      problems.push_back({op.index, op_name(op.type), without_source(g, e.what())});
    }
  }
  return problems;
}

}  // namespace aotbench::codegen::reader_detail
