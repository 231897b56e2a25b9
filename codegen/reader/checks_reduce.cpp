// Reductions.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::span<const CheckEntry> reduce_checks() { return {}; }

}  // namespace aotbench::codegen::reader_detail
