#pragma once
// Builtin options (TFLite's option tables) into IR options.
#include <string>

#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {

// The IR's options of `op` (std::monostate for tables without anything the IR keeps). The
// options' union tag has already been matched to the operator.
OpOptions convert_options(const Graph& g, const std::string& at, const tfl::Operator& op);

// A fused activation function; TANH only where `tanh_allowed` (a sequence LSTM's cell).
Activation fused_activation(const Graph& g, const std::string& at, tfl::ActivationFunctionType a,
                            bool tanh_allowed = false);

}  // namespace aotbench::codegen::reader_detail
