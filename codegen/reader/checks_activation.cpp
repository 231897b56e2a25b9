// Unary element-wise operators.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::span<const CheckEntry> activation_checks() { return {}; }

}  // namespace aotbench::codegen::reader_detail
