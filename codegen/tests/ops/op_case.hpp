#pragma once
// Random operator test cases for the live TFLite Micro oracle (tflm_oracle.py): small models of
// one operator (or a few), built with the flatbuffers object API of our schema, and their random
// inputs. Every family of operators has a file op_cases_<family>.cpp with its generators.
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "codegen/tests/reader_model_builder.hpp"

namespace aotbench::codegen::test {

using TT = tfl::TensorType;
using BO = tfl::BuiltinOperator;

struct OpCase {
  std::string name;                          // unique in its family: a file stem
  std::vector<uint8_t> model;                // the .tflite bytes
  std::vector<std::vector<uint8_t>> inputs;  // raw bytes per graph input
  // A model with state (variable tensors): the inputs of a second inference, which continues from
  // the state the first one left.
  std::vector<std::vector<uint8_t>> next_inputs;
};

// Deterministic randomness for the generators (a fixed seed per family).
class CaseRng {
 public:
  explicit CaseRng(uint32_t seed) : gen_(seed) {}
  int64_t uniform(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen_); }
  bool coin() { return uniform(0, 1) == 1; }
  // A scale spread over decades, as real models' are.
  float scale(float lo = 1e-3f, float hi = 1.0f) {
    return static_cast<float>(std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(gen_)));
  }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(uniform(0, static_cast<int64_t>(v.size()) - 1))]; }
  // A shape of `rank` dimensions, each in [1, max_dim].
  std::vector<int32_t> shape(int rank, int32_t max_dim);
  std::mt19937& engine() { return gen_; }

 private:
  std::mt19937 gen_;
};

// Quantization of a tensor: scale 0 means none (int32 shape tensors, plain int32 data).
struct Quant {
  float scale = 0;
  int64_t zero_point = 0;
};

// The lowest and highest value of an integer tensor type.
std::pair<int64_t, int64_t> type_range(TT type);
std::size_t type_bytes(TT type);

// A model under construction: tensors, operators, graph inputs and outputs.
class CaseBuilder {
 public:
  explicit CaseBuilder(std::string name);

  // A graph input; its random values span [lo, hi] (default: the type's whole range).
  int32_t input(TT type, std::vector<int32_t> shape, Quant q = {});
  int32_t input(TT type, std::vector<int32_t> shape, Quant q, int64_t lo, int64_t hi);
  // An operator's result (intermediate, or an output once output() names it).
  int32_t tensor(TT type, std::vector<int32_t> shape, Quant q = {});
  // A variable tensor: an operator's state, kept from one inference to the next.
  int32_t variable(TT type, std::vector<int32_t> shape, Quant q = {});
  // A constant of raw little-endian bytes, or of values of `type`.
  int32_t constant(TT type, std::vector<int32_t> shape, std::vector<uint8_t> bytes, Quant q = {});
  int32_t constant_values(TT type, std::vector<int32_t> shape, const std::vector<int64_t>& values, Quant q = {});
  // Random values over [lo, hi].
  int32_t constant_random(CaseRng& rng, TT type, std::vector<int32_t> shape, Quant q, int64_t lo, int64_t hi);
  // A constant of `values` quantized per channel along `axis` (one scale each, zero points 0).
  int32_t constant_per_channel(TT type, std::vector<int32_t> shape, const std::vector<int64_t>& values,
                               const std::vector<float>& scales, int32_t axis);

  template <class Options>
  void op(BO code, std::vector<int32_t> inputs, std::vector<int32_t> outputs, Options options) {
    add_op(model_, opcode(code), std::move(inputs), std::move(outputs), std::move(options));
  }
  // An operator that carries no options table.
  void op(BO code, std::vector<int32_t> inputs, std::vector<int32_t> outputs);
  // A custom operator with FlexBuffers options; keeps_state: it keeps state of its own (no
  // variable tensor), so the case gets a second set of inputs.
  void custom(const std::string& code, std::vector<int32_t> inputs, std::vector<int32_t> outputs,
              std::vector<uint8_t> options, bool keeps_state = false);
  void output(int32_t tensor) { model_.subgraphs[0]->outputs.push_back(tensor); }

  // The model's bytes and random inputs (two sets when it has state).
  OpCase finish(CaseRng& rng);

 private:
  uint32_t opcode(BO code);

  std::string name_;
  tfl::ModelT model_;
  std::vector<std::pair<int64_t, int64_t>> input_ranges_;  // per graph input
  bool hidden_state_ = false;
};

// "mul_int8_07": an operator, a type and a number.
std::string case_name(const std::string& op, TT type, int n);

// Bytes of `values` as little-endian elements of `type`.
std::vector<uint8_t> encode(TT type, const std::vector<int64_t>& values);

// One family's generators: its name (the CTest name) and its cases.
struct OpFamily {
  const char* name;
  std::function<std::vector<OpCase>()> cases;
};

// Every family, one line each (op_families.cpp).
const std::vector<OpFamily>& op_families();

}  // namespace aotbench::codegen::test
