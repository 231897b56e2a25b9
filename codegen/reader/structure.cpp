// Step 4: the dataflow graph as a whole. After this, every tensor id is valid, every activation
// has exactly one producer that runs before its consumers, and float32/uint8 tensors appear only
// at the graph's inputs and outputs (the int8 core may be wrapped by QUANTIZE/DEQUANTIZE).
#include <vector>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

std::string label(const Graph& g, int id) {
  return fmt::format("tensor #{} '{}'", id, printable_name(g.tensors[id].name));
}

std::vector<int> io_list(const Graph& g, const flatbuffers::Vector<int32_t>* ids,
                         const char* what) {
  std::vector<int> out;
  if (!ids || ids->size() == 0) fail(g, "the model declares no graph {}", what);
  for (int32_t id : *ids) {
    if (id < 0 || static_cast<std::size_t>(id) >= g.tensors.size()) {
      fail(g, "graph {} refers to tensor {}, but the model has {} tensors; the model is corrupt",
           what, id, g.tensors.size());
    }
    for (int seen : out) {
      if (seen == id) fail(g, "graph {} list names {} twice", what, label(g, id));
    }
    if (g.tensors[id].is_constant()) {
      fail(g, "graph {} {} is a constant; the model is corrupt", what, label(g, id));
    }
    if (g.tensors[id].is_variable) {
      fail(g,
           "graph {} {} is a variable (state) tensor; aotbench keeps a model's state inside the "
           "model, so state cannot be a graph {}",
           what, label(g, id), what);
    }
    out.push_back(id);
  }
  return out;
}

}  // namespace

void check_tensor_ids(const Graph& g, const Operator& op) {
  auto in_range = [&](int id) {
    return id >= 0 && static_cast<std::size_t>(id) < g.tensors.size();
  };
  for (int id : op.inputs) {
    if (id != -1 && !in_range(id)) {
      fail(g,
           "operator {} ({}) reads tensor {}, but the model has {} tensors; the model is "
           "corrupt",
           op.index, op_name(op.type), id, g.tensors.size());
    }
  }
  if (op.outputs.empty()) {
    fail(g, "operator {} ({}) has no outputs; the model is corrupt", op.index, op_name(op.type));
  }
  for (int id : op.outputs) {
    if (!in_range(id)) {
      fail(g,
           "operator {} ({}) writes tensor {}, but the model has {} tensors; the model is "
           "corrupt",
           op.index, op_name(op.type), id, g.tensors.size());
    }
  }
}

namespace {

// producer[t]: the operator computing tensor t, -2 for a graph input, -3 for a variable (state
// that exists before any operator runs), -1 if not (yet) computed.
std::vector<int> check_dataflow(const Graph& g) {
  std::vector<int> producer(g.tensors.size(), -1);
  for (const Tensor& t : g.tensors) {
    if (t.is_variable) producer[t.id] = -3;
  }
  for (int id : g.inputs) producer[id] = -2;
  for (const Operator& op : g.ops) {
    check_tensor_ids(g, op);
    for (int id : op.inputs) {
      if (id == -1 || g.tensors[id].is_constant() || producer[id] != -1) continue;
      fail(g,
           "operator {} ({}) reads {} before any operator computes it; the operators are not "
           "in execution order or the model is corrupt",
           op.index, op_name(op.type), label(g, id));
    }
    for (int out : op.outputs) {
      if (g.tensors[out].is_constant()) {
        fail(g, "operator {} ({}) writes the constant {}; the model is corrupt", op.index,
             op_name(op.type), label(g, out));
      }
      if (g.tensors[out].is_variable) {
        fail(g,
             "operator {} ({}) writes {}, a variable tensor, as an output; state is changed only "
             "by the operators that take it as their state input (SVDF, "
             "UNIDIRECTIONAL_SEQUENCE_LSTM)",
             op.index, op_name(op.type), label(g, out));
      }
      if (producer[out] != -1) {
        fail(g, "operator {} ({}) writes {}, which is already {}; the model is corrupt", op.index,
             op_name(op.type), label(g, out),
             producer[out] == -2 ? std::string("a graph input")
                                 : fmt::format("computed by operator {}", producer[out]));
      }
      producer[out] = op.index;
    }
  }
  for (int id : g.outputs) {
    if (producer[id] < 0) fail(g, "graph output {} is not computed by any operator", label(g, id));
  }
  return producer;
}

bool contains(const std::vector<int>& v, int x) {
  for (int y : v) {
    if (y == x) return true;
  }
  return false;
}

// float32 and uint8 exist only as the model's interface; everything computed inside is int8.
void check_edges_only(const Graph& g) {
  for (const Tensor& t : g.tensors) {
    if (t.type != DType::Float32 && t.type != DType::UInt8) continue;
    if (contains(g.inputs, t.id) || contains(g.outputs, t.id)) continue;
    bool used = t.is_constant();
    for (const Operator& op : g.ops)
      used = used || contains(op.inputs, t.id) || contains(op.outputs, t.id);
    if (!used) continue;
    fail(g,
         "{} is {} inside the graph: aotbench compiles full-integer int8 models only (float32 "
         "or uint8 is fine for graph inputs and outputs, around QUANTIZE/DEQUANTIZE); "
         "convert the model with full-integer quantization",
         label(g, t.id), dtype_name(t.type));
  }
}

}  // namespace

void check_structure(const tfl::SubGraph& sg, Graph& g) {
  g.inputs = io_list(g, sg.inputs(), "input");
  g.outputs = io_list(g, sg.outputs(), "output");
  check_dataflow(g);
  check_edges_only(g);
}

}  // namespace aotbench::codegen::reader_detail
