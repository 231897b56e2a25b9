// Reductions.
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

std::span<const LowerEntry> reduce_lowerings() { return {}; }

}  // namespace aotbench::codegen::lower_detail
