// Layers with weights beyond convolution and fully connected.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::span<const CheckEntry> layer_checks() { return {}; }

}  // namespace aotbench::codegen::reader_detail
