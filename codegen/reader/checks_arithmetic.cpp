// Binary element-wise arithmetic: MUL.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// TFLite Micro's MUL: both inputs and the output of one type, int8, int16 (symmetric) or int32,
// broadcasting up to 6 dimensions.
void check_mul(const OpCheck& c, Operator&) {
  c.arity(2, 2);
  const Tensor &a = c.in(0), &b = c.in(1), &y = c.out();
  c.type_in(a, {DType::Int8, DType::Int16, DType::Int32}, "input");
  c.type(b, a.type, "input");
  c.type(y, a.type, "output");
  for (auto [t, role] : {std::pair{&a, "input"}, {&b, "input"}, {&y, "output"}}) c.integer_quant(*t, role);
  c.shape_is(y, c.broadcast_shape(a, b, 6), "output");
}

const CheckEntry kChecks[] = {
    {OpType::Mul, check_mul, "int8; int16 (zero point 0); int32"},
};

}  // namespace

std::span<const CheckEntry> arithmetic_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
