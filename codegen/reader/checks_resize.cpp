// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::span<const CheckEntry> resize_checks() { return {}; }

}  // namespace aotbench::codegen::reader_detail
