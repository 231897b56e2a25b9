// Stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM.
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

std::span<const CheckEntry> recurrent_checks() { return {}; }

}  // namespace aotbench::codegen::reader_detail
