#pragma once
// Test models through the flatbuffers object API of our schema: unpack a real model, change one
// thing, pack it again; or build a tiny model from scratch.
#include <flatbuffers/flatbuffers.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tflite_schema_generated.h"

namespace aotbench::codegen::test {

namespace tfl = aotbench::tflite;

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline tfl::ModelT unpack(const std::vector<uint8_t>& bytes) {
  tfl::ModelT m;
  tfl::GetModel(bytes.data())->UnPackTo(&m);
  return m;
}

inline std::vector<uint8_t> pack(const tfl::ModelT& m) {
  flatbuffers::FlatBufferBuilder fbb;
  fbb.Finish(tfl::Model::Pack(fbb, &m), tfl::ModelIdentifier());
  return {fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()};
}

inline std::unique_ptr<tfl::QuantizationParametersT> quant(float scale, int64_t zero_point) {
  auto q = std::make_unique<tfl::QuantizationParametersT>();
  q->scale = {scale};
  q->zero_point = {zero_point};
  return q;
}

inline uint32_t add_buffer(tfl::ModelT& m, std::vector<uint8_t> data) {
  auto b = std::make_unique<tfl::BufferT>();
  b->data = std::move(data);
  m.buffers.push_back(std::move(b));
  return static_cast<uint32_t>(m.buffers.size() - 1);
}

inline int32_t add_tensor(tfl::ModelT& m, const std::string& name, tfl::TensorType type,
                          std::vector<int32_t> shape,
                          std::unique_ptr<tfl::QuantizationParametersT> q, uint32_t buffer = 0) {
  auto t = std::make_unique<tfl::TensorT>();
  t->name = name;
  t->type = type;
  t->shape = std::move(shape);
  t->quantization = std::move(q);
  t->buffer = buffer;
  auto& tensors = m.subgraphs[0]->tensors;
  tensors.push_back(std::move(t));
  return static_cast<int32_t>(tensors.size() - 1);
}

inline uint32_t add_opcode(tfl::ModelT& m, tfl::BuiltinOperator op) {
  auto c = std::make_unique<tfl::OperatorCodeT>();
  c->builtin_code = op;
  c->deprecated_builtin_code = static_cast<int8_t>(std::min(static_cast<int>(op), 127));
  m.operator_codes.push_back(std::move(c));
  return static_cast<uint32_t>(m.operator_codes.size() - 1);
}

template <typename Options>
void add_op(tfl::ModelT& m, uint32_t opcode, std::vector<int32_t> in, std::vector<int32_t> out,
            Options options) {
  auto op = std::make_unique<tfl::OperatorT>();
  op->opcode_index = opcode;
  op->inputs = std::move(in);
  op->outputs = std::move(out);
  op->builtin_options.Set(std::move(options));
  m.subgraphs[0]->operators.push_back(std::move(op));
}

// uint8[1x4] -> QUANTIZE -> int8 -> FULLY_CONNECTED (3 units) -> int8 -> DEQUANTIZE -> float32.
inline tfl::ModelT tiny_model() {
  tfl::ModelT m;
  m.version = 3;
  m.description = "aotbench test model";
  m.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  add_buffer(m, {});  // the empty sentinel
  using TT = tfl::TensorType;
  int32_t in = add_tensor(m, "in", TT::UINT8, {1, 4}, quant(0.5f, 128));
  int32_t q = add_tensor(m, "q", TT::INT8, {1, 4}, quant(0.5f, 0));
  int32_t w = add_tensor(m, "w", TT::INT8, {3, 4}, quant(0.25f, 0),
                         add_buffer(m, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  int32_t b =
      add_tensor(m, "b", TT::INT32, {3}, nullptr, add_buffer(m, std::vector<uint8_t>(12, 0)));
  int32_t fc = add_tensor(m, "fc", TT::INT8, {1, 3}, quant(0.125f, -1));
  int32_t out = add_tensor(m, "out", TT::FLOAT32, {1, 3}, nullptr);
  add_op(m, add_opcode(m, tfl::BuiltinOperator::QUANTIZE), {in}, {q}, tfl::QuantizeOptionsT{});
  tfl::FullyConnectedOptionsT fc_options;
  fc_options.fused_activation_function = tfl::ActivationFunctionType::RELU;
  add_op(m, add_opcode(m, tfl::BuiltinOperator::FULLY_CONNECTED), {q, w, b}, {fc}, fc_options);
  add_op(m, add_opcode(m, tfl::BuiltinOperator::DEQUANTIZE), {fc}, {out},
         tfl::DequantizeOptionsT{});
  m.subgraphs[0]->inputs = {in};
  m.subgraphs[0]->outputs = {out};
  return m;
}

}  // namespace aotbench::codegen::test

namespace aotbench::codegen::test {

// One tensor of a single-operator test model. With `data` it is a constant, otherwise a graph
// input (for operator inputs) or the graph output.
struct Spec {
  tfl::TensorType type = tfl::TensorType::INT8;
  std::vector<int32_t> shape;
  float scale = 0.5f;  // 0: no quantization parameters
  int64_t zero_point = 0;
  std::vector<uint8_t> data = {};
  int quantized_dimension = 0;
  int channels = 1;  // > 1: per-channel scales (all `scale`), zero points 0
};

template <typename T>
std::vector<uint8_t> le_bytes(std::initializer_list<T> values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), std::data(values), out.size());
  return out;
}

inline int32_t add_spec(tfl::ModelT& m, const Spec& s, const std::string& name) {
  std::unique_ptr<tfl::QuantizationParametersT> q;
  if (s.scale > 0) {
    q = quant(s.scale, s.zero_point);
    if (s.channels > 1) {
      q->scale.assign(s.channels, s.scale);
      q->zero_point.assign(s.channels, 0);
      q->quantized_dimension = s.quantized_dimension;
    }
  }
  uint32_t buffer = s.data.empty() ? 0 : add_buffer(m, s.data);
  return add_tensor(m, name, s.type, s.shape, std::move(q), buffer);
}

// A model of one operator; an input index of -1 in `omit` leaves that input out (as TFLite does).
template <typename Options>
tfl::ModelT one_op_model(tfl::BuiltinOperator code, const std::vector<Spec>& inputs,
                         const Spec& output, Options options, int omit = -1) {
  tfl::ModelT m;
  m.version = 3;
  m.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  add_buffer(m, {});
  std::vector<int32_t> ins;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    int32_t id = add_spec(m, inputs[i], "in" + std::to_string(i));
    if (inputs[i].data.empty()) m.subgraphs[0]->inputs.push_back(id);
    ins.push_back(static_cast<int>(i) == omit ? -1 : id);
  }
  int32_t out = add_spec(m, output, "out");
  m.subgraphs[0]->outputs = {out};
  add_op(m, add_opcode(m, code), ins, {out}, std::move(options));
  return m;
}

}  // namespace aotbench::codegen::test
