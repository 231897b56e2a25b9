// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR.
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

std::span<const LowerEntry> resize_lowerings() { return {}; }

}  // namespace aotbench::codegen::lower_detail
