// Unary element-wise operators.
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

std::span<const LowerEntry> activation_lowerings() { return {}; }

}  // namespace aotbench::codegen::lower_detail
