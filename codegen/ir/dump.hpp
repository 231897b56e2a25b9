#pragma once
// A human-readable listing of a graph, for debugging and test logs. Not for C or HTML output:
// names from the model are printed as they are (quoted and with control bytes escaped).
#include <string>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// A model-supplied name made safe for a one-line message: control and non-ASCII bytes escaped,
// cut after `max_chars` characters.
std::string printable_name(const std::string& s, std::size_t max_chars = 80);

std::string dump_tensor(const Graph& g, int tensor);  // "#12 'name' int8[1x8x8x16] q(0.02,-3)"
std::string dump_graph(const Graph& g);               // one line per tensor use and operator

}  // namespace aotbench::codegen
