// Binary element-wise arithmetic: ADD, SUB, MUL, DIV, SQUARED_DIFFERENCE, MAXIMUM, MINIMUM, PRELU.
// TFLite Micro broadcasts all of them over up to 6 dimensions.
#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

constexpr std::size_t kMaxBroadcastRank = 6;

// Two inputs and the output of one type among `types`; int8 and int16 quantized per tensor
// (int16 symmetric). Returns the output's type.
DType same_typed_operands(const OpCheck& c, std::initializer_list<DType> types) {
  c.arity(2, 2);
  const Tensor &a = c.in(0), &b = c.in(1), &y = c.out();
  c.type_in(a, types, "input");
  c.type(b, a.type, "input");
  c.type(y, a.type, "output");
  for (auto [t, role] : {std::pair{&a, "input"}, {&b, "input"}, {&y, "output"}}) c.integer_quant(*t, role);
  c.shape_is(y, c.broadcast_shape(a, b, kMaxBroadcastRank), "output");
  return y.type;
}

// TFLite Micro computes some operators' int32 form only for plain (unquantized) tensors.
void unquantized(const OpCheck& c, const Tensor& t, const char* role) {
  if (t.quant) {
    c.fail("{} {} is int32 with quantization parameters; TFLite Micro's int32 {} takes plain integers", role,
           c.label(t.id), op_name(c.node.type));
  }
}

// ADD: int8, int16 (TFLite's general rescaling; the power-of-two int16 form is not what TFLite
// Micro runs) or plain int32 inputs.
void check_add(const OpCheck& c, Operator&) {
  if (same_typed_operands(c, {DType::Int8, DType::Int16, DType::Int32}) == DType::Int32) {
    unquantized(c, c.in(0), "input");
    unquantized(c, c.in(1), "input");
  }
}

void check_sub(const OpCheck& c, Operator&) {
  if (same_typed_operands(c, {DType::Int8, DType::Int16, DType::Int32}) == DType::Int32) {
    unquantized(c, c.in(0), "input");
    unquantized(c, c.in(1), "input");
    unquantized(c, c.out(), "output");
  }
}

void check_mul(const OpCheck& c, Operator&) { same_typed_operands(c, {DType::Int8, DType::Int16, DType::Int32}); }

// A constant divisor must not hold a zero (TFLite Micro's quotient is undefined there).
void nonzero_constant_divisor(const OpCheck& c, const Tensor& d) {
  if (!d.is_constant()) return;
  const bool int8 = d.type == DType::Int8;
  const int64_t zero = int8 ? d.quant->zero_point[0] : 0;
  for (int64_t i = 0; i < d.num_elements(); ++i) {
    int32_t v32 = 0;
    if (!int8) std::memcpy(&v32, d.data.data() + 4 * i, 4);
    const int64_t v = int8 ? static_cast<int8_t>(d.data[static_cast<std::size_t>(i)]) : v32;
    if (v == zero) c.fail("divisor {} holds {} at element {}: a division by zero", c.label(d.id), int8 ? "its zero point" : "0", i);
  }
}

// DIV: TFLite Micro has int8 and plain int32 (no int16).
void check_div(const OpCheck& c, Operator&) {
  if (same_typed_operands(c, {DType::Int8, DType::Int32}) == DType::Int32) {
    unquantized(c, c.in(0), "input");
    unquantized(c, c.in(1), "input");
  }
  nonzero_constant_divisor(c, c.in(1));
}

void check_squared_difference(const OpCheck& c, Operator&) {
  same_typed_operands(c, {DType::Int8, DType::Int16, DType::Int32});
}

// MAXIMUM, MINIMUM: stored values are compared, so any per-tensor quantization goes (int16 zero
// points included).
void check_maximum_minimum(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  const Tensor &a = c.in(0), &b = c.in(1), &y = c.out();
  c.type_in(a, {DType::Int8, DType::Int16, DType::Int32}, "input");
  c.type(b, a.type, "input");
  c.type(y, a.type, "output");
  if (a.type != DType::Int32) {
    for (auto [t, role] : {std::pair{&a, "input"}, {&b, "input"}, {&y, "output"}}) c.per_tensor(*t, role);
  }
  c.shape_is(y, c.broadcast_shape(a, b, kMaxBroadcastRank), "output");
}

// PRELU: int8 or int16 input and output, int8 alpha broadcast against the input.
void check_prelu(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &alpha = c.in(1), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(alpha, DType::Int8, "alpha");
  c.type(y, x.type, "output");
  c.integer_quant(x, "input");
  c.per_tensor(alpha, "alpha");
  c.integer_quant(y, "output");
  c.shape_is(y, c.broadcast_shape(x, alpha, kMaxBroadcastRank), "output");
}

const CheckEntry kChecks[] = {
    {OpType::Add, check_add, "int8; int16 (zero point 0); int32 (unquantized inputs)"},
    {OpType::Sub, check_sub, "int8; int16 (zero point 0); int32 (unquantized)"},
    {OpType::Mul, check_mul, "int8; int16 (zero point 0); int32"},
    {OpType::Div, check_div, "int8; int32 (unquantized inputs)"},
    {OpType::SquaredDifference, check_squared_difference, "int8; int16 (zero point 0); int32"},
    {OpType::Maximum, check_maximum_minimum, "int8; int16; int32"},
    {OpType::Minimum, check_maximum_minimum, "int8; int16; int32"},
    {OpType::Prelu, check_prelu, "int8 with int8 alpha; int16 (zero point 0) with int8 alpha"},
};

}  // namespace

std::span<const CheckEntry> arithmetic_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
