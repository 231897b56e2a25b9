#include "op_case.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

namespace aotbench::codegen::test {

std::vector<int32_t> CaseRng::shape(int rank, int32_t max_dim) {
  std::vector<int32_t> s(static_cast<std::size_t>(rank));
  for (int32_t& d : s) d = static_cast<int32_t>(uniform(1, max_dim));
  return s;
}

std::pair<int64_t, int64_t> type_range(TT type) {
  switch (type) {
    case TT::INT8: return {-128, 127};
    case TT::UINT8: return {0, 255};
    case TT::BOOL: return {0, 1};
    case TT::INT16: return {-32768, 32767};
    case TT::INT32: return {INT32_MIN, INT32_MAX};
    case TT::INT64: return {INT64_MIN, INT64_MAX};
    case TT::UINT32: return {0, UINT32_MAX};
    case TT::UINT64: return {0, INT64_MAX};  // the generators' values are int64
    default: throw std::invalid_argument("type_range: not an integer type");
  }
}

std::size_t type_bytes(TT type) {
  switch (type) {
    case TT::INT8:
    case TT::UINT8:
    case TT::BOOL: return 1;
    case TT::INT16: return 2;
    case TT::INT32:
    case TT::UINT32:
    case TT::FLOAT32: return 4;
    case TT::INT64:
    case TT::UINT64: return 8;
    default: throw std::invalid_argument("type_bytes: unsupported type");
  }
}

std::string case_name(const std::string& op, TT type, int n) {
  std::string t = tfl::EnumNameTensorType(type);
  for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return op + "_" + t + "_" + (n < 10 ? "0" : "") + std::to_string(n);
}

std::vector<uint8_t> encode(TT type, const std::vector<int64_t>& values) {
  const std::size_t n = type_bytes(type);
  std::vector<uint8_t> out(values.size() * n);
  for (std::size_t i = 0; i < values.size(); ++i) std::memcpy(out.data() + i * n, &values[i], n);  // little-endian
  return out;
}

namespace {

std::unique_ptr<tfl::QuantizationParametersT> quant_of(Quant q) {
  return q.scale > 0 ? quant(q.scale, q.zero_point) : nullptr;
}

int64_t elements(const std::vector<int32_t>& shape) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return n;
}

}  // namespace

CaseBuilder::CaseBuilder(std::string name) : name_(std::move(name)) {
  model_.version = 3;
  model_.description = "aotbench operator test " + name_;
  model_.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  add_buffer(model_, {});  // the empty sentinel
}

int32_t CaseBuilder::input(TT type, std::vector<int32_t> shape, Quant q) {
  const auto [lo, hi] = type_range(type);
  return input(type, std::move(shape), q, lo, hi);
}

int32_t CaseBuilder::input(TT type, std::vector<int32_t> shape, Quant q, int64_t lo, int64_t hi) {
  const int32_t t = add_tensor(model_, "input" + std::to_string(input_ranges_.size()), type, std::move(shape), quant_of(q));
  model_.subgraphs[0]->inputs.push_back(t);
  input_ranges_.push_back({lo, hi});
  return t;
}

int32_t CaseBuilder::tensor(TT type, std::vector<int32_t> shape, Quant q) {
  const std::string name = "t" + std::to_string(model_.subgraphs[0]->tensors.size());
  return add_tensor(model_, name, type, std::move(shape), quant_of(q));
}

int32_t CaseBuilder::variable(TT type, std::vector<int32_t> shape, Quant q) {
  const int32_t t = tensor(type, std::move(shape), q);
  model_.subgraphs[0]->tensors[static_cast<std::size_t>(t)]->is_variable = true;
  return t;
}

int32_t CaseBuilder::constant(TT type, std::vector<int32_t> shape, std::vector<uint8_t> bytes, Quant q) {
  const std::string name = "c" + std::to_string(model_.subgraphs[0]->tensors.size());
  return add_tensor(model_, name, type, std::move(shape), quant_of(q), add_buffer(model_, std::move(bytes)));
}

int32_t CaseBuilder::constant_values(TT type, std::vector<int32_t> shape, const std::vector<int64_t>& values, Quant q) {
  return constant(type, std::move(shape), encode(type, values), q);
}

int32_t CaseBuilder::constant_random(CaseRng& rng, TT type, std::vector<int32_t> shape, Quant q, int64_t lo,
                                     int64_t hi) {
  std::vector<int64_t> v(static_cast<std::size_t>(elements(shape)));
  for (int64_t& x : v) x = rng.uniform(lo, hi);
  return constant_values(type, std::move(shape), v, q);
}

int32_t CaseBuilder::constant_per_channel(TT type, std::vector<int32_t> shape, const std::vector<int64_t>& values,
                                          const std::vector<float>& scales, int32_t axis) {
  auto q = std::make_unique<tfl::QuantizationParametersT>();
  q->scale = scales;
  q->zero_point.assign(scales.size(), 0);
  q->quantized_dimension = axis;
  const std::string name = "c" + std::to_string(model_.subgraphs[0]->tensors.size());
  return add_tensor(model_, name, type, std::move(shape), std::move(q), add_buffer(model_, encode(type, values)));
}

uint32_t CaseBuilder::opcode(BO code) {
  for (std::size_t i = 0; i < model_.operator_codes.size(); ++i) {
    if (model_.operator_codes[i]->builtin_code == code) return static_cast<uint32_t>(i);
  }
  return add_opcode(model_, code);
}

void CaseBuilder::custom(const std::string& code, std::vector<int32_t> inputs, std::vector<int32_t> outputs,
                         std::vector<uint8_t> options, bool keeps_state) {
  uint32_t index = static_cast<uint32_t>(model_.operator_codes.size());
  for (std::size_t i = 0; i < model_.operator_codes.size(); ++i) {
    if (model_.operator_codes[i]->custom_code == code) index = static_cast<uint32_t>(i);
  }
  if (index == model_.operator_codes.size()) {
    add_opcode(model_, BO::CUSTOM);
    model_.operator_codes.back()->custom_code = code;
  }
  auto op = std::make_unique<tfl::OperatorT>();
  op->opcode_index = index;
  op->inputs = std::move(inputs);
  op->outputs = std::move(outputs);
  op->custom_options = std::move(options);
  model_.subgraphs[0]->operators.push_back(std::move(op));
  hidden_state_ = hidden_state_ || keeps_state;
}

void CaseBuilder::op(BO code, std::vector<int32_t> inputs, std::vector<int32_t> outputs) {
  auto op = std::make_unique<tfl::OperatorT>();
  op->opcode_index = opcode(code);
  op->inputs = std::move(inputs);
  op->outputs = std::move(outputs);
  model_.subgraphs[0]->operators.push_back(std::move(op));
}

OpCase CaseBuilder::finish(CaseRng& rng) {
  OpCase c;
  c.name = name_;
  const auto& sg = *model_.subgraphs[0];
  const bool has_state =
      hidden_state_ || std::any_of(sg.tensors.begin(), sg.tensors.end(), [](const auto& t) { return t->is_variable; });
  for (auto* set : {&c.inputs, &c.next_inputs}) {
    if (set == &c.next_inputs && !has_state) break;
    for (std::size_t i = 0; i < sg.inputs.size(); ++i) {
      const tfl::TensorT& t = *sg.tensors[static_cast<std::size_t>(sg.inputs[i])];
      std::vector<int64_t> v(static_cast<std::size_t>(elements(t.shape)));
      for (int64_t& x : v) x = rng.uniform(input_ranges_[i].first, input_ranges_[i].second);
      set->push_back(encode(t.type, v));
    }
  }
  c.model = pack(model_);
  return c;
}

}  // namespace aotbench::codegen::test
