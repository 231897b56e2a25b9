#pragma once
// Small hand-built graphs (one operator each) for the lowering tests, built without the reader.
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "codegen/ir/graph.hpp"

namespace lower_test {

using namespace aotbench::codegen;

// Collects tensors and constant bytes, then lays the bytes out in Graph::storage.
class GraphBuilder {
 public:
  int act(std::vector<int32_t> shape, float scale, int64_t zp, DType type = DType::Int8) {
    return add(type, std::move(shape), Quantization{{scale}, {zp}, 0}, {});
  }
  int f32(std::vector<int32_t> shape) { return add(DType::Float32, std::move(shape), {}, {}); }
  int weights(std::vector<int32_t> shape, std::vector<float> scales, int axis, uint32_t seed) {
    std::size_t n = 1;
    for (int32_t d : shape) n *= static_cast<std::size_t>(d);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> v(-127, 127);
    std::vector<uint8_t> bytes(n);
    for (auto& b : bytes) b = static_cast<uint8_t>(v(rng));
    std::vector<int64_t> zps(scales.size(), 0);
    return add(DType::Int8, std::move(shape), Quantization{std::move(scales), zps, axis}, bytes);
  }
  // Constant int8 data with any quantization (e.g. a weights zero point, extreme values).
  int int8s(std::vector<int32_t> shape, Quantization q, const std::vector<int8_t>& values) {
    std::vector<uint8_t> bytes(values.size());
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return add(DType::Int8, std::move(shape), std::move(q), bytes);
  }
  int int32s(std::vector<int32_t> shape, const std::vector<int32_t>& values) {
    std::vector<uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return add(DType::Int32, std::move(shape), std::nullopt, bytes);
  }
  // Constant data of any type, given as its little-endian bytes.
  int constant(DType type, std::vector<int32_t> shape, std::optional<Quantization> q, std::vector<uint8_t> bytes) {
    return add(type, std::move(shape), std::move(q), std::move(bytes));
  }
  void op(OpType type, std::vector<int> inputs, std::vector<int> outputs, OpOptions options = {}) {
    Operator o;
    o.index = static_cast<int>(g_.ops.size());
    o.type = type;
    o.inputs = std::move(inputs);
    o.outputs = std::move(outputs);
    o.options = options;
    g_.ops.push_back(std::move(o));
  }
  Tensor& tensor(int id) { return g_.tensors[static_cast<std::size_t>(id)]; }

  // Graph inputs: non-constant tensors nobody produces; outputs: produced, never consumed.
  Graph build(std::string source) {
    std::size_t total = 0;
    for (const auto& b : bytes_) total += b.size();
    g_.storage.resize(total);
    std::size_t at = 0;
    for (std::size_t i = 0; i < bytes_.size(); ++i) {
      if (bytes_[i].empty()) continue;
      std::memcpy(g_.storage.data() + at, bytes_[i].data(), bytes_[i].size());
      g_.tensors[i].data = std::span<const uint8_t>(g_.storage.data() + at, bytes_[i].size());
      at += bytes_[i].size();
    }
    std::vector<bool> produced(g_.tensors.size()), consumed(g_.tensors.size());
    for (const Operator& o : g_.ops) {
      for (int t : o.outputs) produced[static_cast<std::size_t>(t)] = true;
      for (int t : o.inputs) if (t >= 0) consumed[static_cast<std::size_t>(t)] = true;
    }
    for (const Tensor& t : g_.tensors) {
      const auto i = static_cast<std::size_t>(t.id);
      if (!t.is_constant() && !produced[i]) g_.inputs.push_back(t.id);
      if (produced[i] && !consumed[i]) g_.outputs.push_back(t.id);
    }
    g_.source = std::move(source);
    return std::move(g_);
  }

 private:
  int add(DType type, std::vector<int32_t> shape, std::optional<Quantization> q,
          std::vector<uint8_t> bytes) {
    Tensor t;
    t.id = static_cast<int>(g_.tensors.size());
    t.name = "t" + std::to_string(t.id);
    t.type = type;
    t.shape = std::move(shape);
    t.quant = std::move(q);
    g_.tensors.push_back(std::move(t));
    bytes_.push_back(std::move(bytes));
    return g_.tensors.back().id;
  }

  Graph g_;
  std::vector<std::vector<uint8_t>> bytes_;
};

struct NamedGraph {
  std::string name;
  std::function<Graph()> make;
};

// One single-operator graph per kernel and interesting parameter combination.
inline std::vector<NamedGraph> single_op_graphs() {
  std::vector<NamedGraph> v;
  v.push_back({"conv_same_stride2_relu6", [] {
                 GraphBuilder b;
                 int x = b.act({1, 9, 8, 3}, 0.02f, -5);
                 int w = b.weights({4, 3, 3, 3}, {0.01f, 0.02f, 0.005f, 0.03f}, 0, 1);
                 int bias = b.int32s({4}, {100, -200, 300, -400});
                 int y = b.act({1, 5, 4, 4}, 0.05f, -128);
                 b.op(OpType::Conv2D, {x, w, bias}, {y},
                      Conv2DOptions{Padding::Same, 2, 2, 1, 1, Activation::Relu6, {}});
                 return b.build("conv_same_stride2_relu6");
               }});
  v.push_back({"conv_valid_dilated_no_bias", [] {
                 GraphBuilder b;
                 int x = b.act({2, 10, 9, 4}, 0.1f, 3);
                 int w = b.weights({5, 2, 3, 4}, {0.004f}, 0, 2);
                 int y = b.act({2, 8, 5, 5}, 0.2f, 1);
                 b.op(OpType::Conv2D, {x, w, -1}, {y},
                      Conv2DOptions{Padding::Valid, 1, 1, 2, 2, Activation::None, {}});
                 return b.build("conv_valid_dilated_no_bias");
               }});
  v.push_back({"depthwise_same_multiplier2", [] {
                 GraphBuilder b;
                 int x = b.act({1, 7, 7, 3}, 0.03f, 7);
                 int w = b.weights({1, 3, 3, 6}, {0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f}, 3, 3);
                 int bias = b.int32s({6}, {1, 2, 3, 4, 5, 6});
                 int y = b.act({1, 4, 4, 6}, 0.04f, -3);
                 b.op(OpType::DepthwiseConv2D, {x, w, bias}, {y},
                      DepthwiseConv2DOptions{Padding::Same, 2, 2, 1, 1, 2, Activation::Relu, {}});
                 return b.build("depthwise_same_multiplier2");
               }});
  v.push_back({"fully_connected", [] {
                 GraphBuilder b;
                 int x = b.act({2, 20}, 0.1f, -4);
                 int w = b.weights({7, 20}, {0.3f}, 0, 4);
                 int bias = b.int32s({7}, {10, 20, 30, 40, 50, 60, 70});
                 int y = b.act({2, 7}, 0.7f, 2);
                 b.op(OpType::FullyConnected, {x, w, bias}, {y},
                      FullyConnectedOptions{Activation::Relu, false});
                 return b.build("fully_connected");
               }});
  v.push_back({"add_broadcast", [] {
                 GraphBuilder b;
                 int x1 = b.act({1, 4, 4, 8}, 0.05f, 1);
                 int x2 = b.act({1, 1, 1, 8}, 0.02f, -2);
                 int y = b.act({1, 4, 4, 8}, 0.06f, 0);
                 b.op(OpType::Add, {x1, x2}, {y}, AddOptions{Activation::Relu6});
                 return b.build("add_broadcast");
               }});
  v.push_back({"add_same_shape", [] {
                 GraphBuilder b;
                 int x1 = b.act({1, 6, 5}, 0.5f, 0);
                 int x2 = b.act({1, 6, 5}, 0.25f, 0);
                 int y = b.act({1, 6, 5}, 0.5f, 0);
                 b.op(OpType::Add, {x1, x2}, {y}, AddOptions{});
                 return b.build("add_same_shape");
               }});
  v.push_back({"avg_pool_same", [] {
                 GraphBuilder b;
                 int x = b.act({1, 7, 6, 5}, 0.1f, 2);
                 int y = b.act({1, 4, 3, 5}, 0.1f, 2);
                 b.op(OpType::AveragePool2D, {x}, {y},
                      Pool2DOptions{Padding::Same, 2, 2, 3, 3, Activation::None});
                 return b.build("avg_pool_same");
               }});
  v.push_back({"max_pool_valid_relu", [] {
                 GraphBuilder b;
                 int x = b.act({1, 8, 8, 3}, 0.1f, -10);
                 int y = b.act({1, 3, 3, 3}, 0.1f, -10);
                 b.op(OpType::MaxPool2D, {x}, {y},
                      Pool2DOptions{Padding::Valid, 2, 2, 3, 3, Activation::Relu});
                 return b.build("max_pool_valid_relu");
               }});
  v.push_back({"mean_hw_keep_dims", [] {
                 GraphBuilder b;
                 int x = b.act({1, 7, 7, 16}, 0.07f, -9);
                 int axes = b.int32s({2}, {1, 2});
                 int y = b.act({1, 1, 1, 16}, 0.07f, -9);
                 b.op(OpType::Mean, {x, axes}, {y}, ReducerOptions{true});
                 return b.build("mean_hw_keep_dims");
               }});
  v.push_back({"mean_axis0_rescale", [] {
                 GraphBuilder b;
                 int x = b.act({5, 3, 4}, 0.05f, 3);
                 int axes = b.int32s({1}, {-3});
                 int y = b.act({3, 4}, 0.02f, -7);
                 b.op(OpType::Mean, {x, axes}, {y}, ReducerOptions{false});
                 return b.build("mean_axis0_rescale");
               }});
  v.push_back({"pad", [] {
                 GraphBuilder b;
                 int x = b.act({1, 4, 3, 2}, 0.1f, -7);
                 int pads = b.int32s({4, 2}, {0, 0, 1, 2, 3, 0, 0, 0});
                 int y = b.act({1, 7, 6, 2}, 0.1f, -7);
                 b.op(OpType::Pad, {x, pads}, {y});
                 return b.build("pad");
               }});
  v.push_back({"reshape_copy", [] {
                 GraphBuilder b;
                 int x = b.act({1, 2, 3, 4}, 0.1f, 0);
                 int y = b.act({1, 24}, 0.1f, 0);
                 b.op(OpType::Reshape, {x}, {y});
                 return b.build("reshape_copy");
               }});
  v.push_back({"softmax", [] {
                 GraphBuilder b;
                 int x = b.act({3, 10}, 0.125f, 5);
                 int y = b.act({3, 10}, 1.0f / 256, -128);
                 b.op(OpType::Softmax, {x}, {y}, SoftmaxOptions{1.0f});
                 return b.build("softmax");
               }});
  v.push_back({"transpose_nchw_to_nhwc", [] {
                 GraphBuilder b;
                 int x = b.act({1, 3, 4, 5}, 0.1f, 0);
                 int perm = b.int32s({4}, {0, 2, 3, 1});
                 int y = b.act({1, 4, 5, 3}, 0.1f, 0);
                 b.op(OpType::Transpose, {x, perm}, {y});
                 return b.build("transpose_nchw_to_nhwc");
               }});
  v.push_back({"concatenation", [] {
                 GraphBuilder b;
                 int x1 = b.act({2, 1, 3}, 0.1f, 0);
                 int x2 = b.act({2, 2, 3}, 0.1f, 0);
                 int x3 = b.act({2, 4, 3}, 0.1f, 0);
                 int y = b.act({2, 7, 3}, 0.1f, 0);
                 b.op(OpType::Concatenation, {x1, x2, x3}, {y}, ConcatenationOptions{-2});
                 return b.build("concatenation");
               }});
  v.push_back({"quantize_f32_s8", [] {
                 GraphBuilder b;
                 int x = b.f32({1, 50});
                 int y = b.act({1, 50}, 0.0078125f, 1);
                 b.op(OpType::Quantize, {x}, {y});
                 return b.build("quantize_f32_s8");
               }});
  v.push_back({"requantize_s8_s8", [] {
                 GraphBuilder b;
                 int x = b.act({40}, 0.03f, -3);
                 int y = b.act({40}, 0.05f, 4);
                 b.op(OpType::Quantize, {x}, {y});
                 return b.build("requantize_s8_s8");
               }});
  v.push_back({"requantize_s8_u8", [] {
                 GraphBuilder b;
                 int x = b.act({40}, 0.03f, -128);
                 int y = b.act({40}, 0.03f, 0, DType::UInt8);
                 b.op(OpType::Quantize, {x}, {y});
                 return b.build("requantize_s8_u8");
               }});
  v.push_back({"requantize_u8_s8", [] {
                 GraphBuilder b;
                 int x = b.act({40}, 0.03f, 128, DType::UInt8);
                 int y = b.act({40}, 0.02f, 0);
                 b.op(OpType::Quantize, {x}, {y});
                 return b.build("requantize_u8_s8");
               }});
  v.push_back({"dequantize", [] {
                 GraphBuilder b;
                 int x = b.act({1, 30}, 0.37f, -11);
                 int y = b.f32({1, 30});
                 b.op(OpType::Dequantize, {x}, {y});
                 return b.build("dequantize");
               }});
  return v;
}

// Deterministic input bytes for a tensor (floats in [-2, 2] for float32 tensors).
inline std::vector<uint8_t> random_input(const Tensor& t, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> bytes(static_cast<std::size_t>(t.num_bytes()));
  if (t.type == DType::Float32) {
    std::uniform_real_distribution<float> d(-2.0f, 2.0f);
    for (std::size_t i = 0; i < bytes.size(); i += 4) {
      const float f = d(rng);
      std::memcpy(bytes.data() + i, &f, 4);
    }
  } else {
    std::uniform_int_distribution<int> d(0, 255);
    for (auto& x : bytes) x = static_cast<uint8_t>(d(rng));
  }
  return bytes;
}

}  // namespace lower_test
