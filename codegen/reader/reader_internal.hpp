#pragma once
// Pieces of the TFLite reader, one step per file. Each step either fills part of the Graph or
// throws a ModelError that starts with the model's name.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "codegen/reader/reader.hpp"
#include "tflite_schema_generated.h"

namespace aotbench::codegen::reader_detail {

namespace tfl = aotbench::tflite;

// "<source>: <what>" as a ModelError.
template <typename... Args>
[[noreturn]] void fail(const Graph& g, fmt::format_string<Args...> what, Args&&... args) {
  throw ModelError(g.source + ": " + fmt::format(what, std::forward<Args>(args)...));
}

// verify.cpp: identifier, flatbuffers verifier, schema version, the one subgraph.
const tfl::SubGraph& verified_subgraph(const Graph& g);

// A tensor of a type aotbench cannot compute with.
struct TypeProblem {
  int tensor = -1;
  std::string message;  // "tensor #<id> '<name>' has type ..."
};

// tensors.cpp: Graph::tensors from the subgraph's tensors and the model's buffers; tensors of an
// unsupported type are kept by name only and returned.
std::vector<TypeProblem> read_tensors(const tfl::Model& model, const tfl::SubGraph& sg, Graph& g);

// operators.cpp: Graph::ops (type, tensor ids, options) of the operators aotbench supports;
// returns the others, which are left out of Graph::ops.
std::vector<OperatorProblem> read_operators(const tfl::Model& model, const tfl::SubGraph& sg,
                                            Graph& g);
std::string supported_operator_list();
bool reader_accepts(OpType type);
// The type combinations of an operator's checks ("" if it has none).
std::string checked_types(OpType type);

// signal_ops.cpp: the signal library's custom operators (TFLite Micro's audio front end).
std::optional<OpType> signal_operator(const std::string& custom_code);
bool is_signal_operator(OpType type);
std::vector<std::string> signal_operator_names();
SignalOptions signal_options(const Graph& g, const std::string& at, const tfl::Operator& op);
// The spectral subtraction's noise estimate as a variable tensor, appended to its inputs.
void add_signal_state(Graph& g);

// structure.cpp: Graph::inputs/outputs, index ranges, one producer per tensor, execution order,
// float/uint8 only at the graph's edges.
void check_structure(const tfl::SubGraph& sg, Graph& g);
// The tensor ids an operator names are in range (what the per-operator checks rely on).
void check_tensor_ids(const Graph& g, const Operator& op);

// op_checks.cpp: per-operator types, quantization and shapes (what the kernels assume); returns
// one problem per operator that fails them. Also normalizes a few options (see there).
std::vector<OperatorProblem> check_operators(Graph& g);

}  // namespace aotbench::codegen::reader_detail
