#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

const char* dtype_name(DType t) {
  switch (t) {
    case DType::Int8: return "int8";
    case DType::UInt8: return "uint8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Bool: return "bool";
    case DType::UInt32: return "uint32";
    case DType::UInt64: return "uint64";
  }
  return "?";
}

std::size_t dtype_size(DType t) {
  switch (t) {
    case DType::Int8:
    case DType::UInt8:
    case DType::Bool: return 1;
    case DType::Int16: return 2;
    case DType::Int32:
    case DType::UInt32:
    case DType::Float32: return 4;
    case DType::Int64:
    case DType::UInt64: return 8;
  }
  return 0;
}

const char* op_name(OpType t) {
  switch (t) {
#define AB_IR_OP_NAME(type, name) \
  case OpType::type: return #name;
    AB_IR_OPERATORS(AB_IR_OP_NAME)
#undef AB_IR_OP_NAME
  }
  return "?";
}

int64_t SignalOptions::get(const std::string& key) const {
  for (const auto& [k, v] : values) {
    if (k == key) return v;
  }
  return 0;
}

bool SignalOptions::has(const std::string& key) const {
  for (const auto& kv : values) {
    if (kv.first == key) return true;
  }
  return false;
}

const char* activation_name(Activation a) {
  switch (a) {
    case Activation::None: return "NONE";
    case Activation::Relu: return "RELU";
    case Activation::Relu6: return "RELU6";
    case Activation::ReluN1To1: return "RELU_N1_TO_1";
    case Activation::Tanh: return "TANH";
  }
  return "?";
}

const char* padding_name(Padding p) { return p == Padding::Same ? "SAME" : "VALID"; }

// The reader guarantees positive dimensions whose product fits comfortably in int64.
int64_t Tensor::num_elements() const {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return n;
}

Graph structure_copy(const Graph& g) {
  Graph out;
  out.source = g.source;
  out.description = g.description;
  out.tensors = g.tensors;
  out.ops = g.ops;
  out.inputs = g.inputs;
  out.outputs = g.outputs;
  return out;
}

uint8_t variable_reset_byte(const Tensor& t) {
  if (t.type != DType::Int8 || !t.quant || t.quant->zero_point.empty()) return 0;
  return static_cast<uint8_t>(t.quant->zero_point[0]);
}

int64_t alias_byte_offset(const Graph& g, int tensor) {
  int64_t offset = 0;
  for (std::size_t hops = 0; hops <= g.tensors.size() && g.tensors.at(tensor).alias_of >= 0; ++hops) {
    offset += g.tensors[tensor].alias_offset;
    tensor = g.tensors[tensor].alias_of;
  }
  return offset;
}

bool is_activation(const Graph& g, int tensor) {
  return tensor >= 0 && !g.tensors[tensor].is_constant() && !g.tensors[tensor].is_variable;
}

int alias_root(const Graph& g, int tensor) {
  // Chains are short (RESHAPE of RESHAPE); the bound guards against a malformed cycle.
  for (std::size_t hops = 0; hops <= g.tensors.size(); ++hops) {
    int next = g.tensors.at(tensor).alias_of;
    if (next < 0) return tensor;
    tensor = next;
  }
  return tensor;
}

}  // namespace aotbench::codegen
