// Layers with weights beyond convolution and fully connected.
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

std::span<const LowerEntry> layer_lowerings() { return {}; }

}  // namespace aotbench::codegen::lower_detail
