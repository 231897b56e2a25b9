// Stateful sequence layers: SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM.
#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {

std::span<const LowerEntry> recurrent_lowerings() { return {}; }

}  // namespace aotbench::codegen::lower_detail
