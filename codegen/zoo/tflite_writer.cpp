// The TFLite flatbuffer writer, on the flatc-generated builder API of our schema subset.
#include "codegen/zoo/tflite_writer.hpp"

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <string>

#include "tflite_schema_generated.h"

namespace aotbench::codegen::zoo {
namespace {

namespace tfl = aotbench::tflite;
using flatbuffers::Offset;

// Operator versions as the converter records them for int8 kernels (from the reference models).
int op_version(tfl::BuiltinOperator op) {
  switch (op) {
    case tfl::BuiltinOperator::CONV_2D: return 3;
    case tfl::BuiltinOperator::DEPTHWISE_CONV_2D: return 3;
    case tfl::BuiltinOperator::FULLY_CONNECTED: return 4;
    case tfl::BuiltinOperator::RESHAPE: return 1;
    default: return 2;  // ADD, AVERAGE_POOL_2D, MEAN, SOFTMAX
  }
}

tfl::ActivationFunctionType fused(Act a) {
  switch (a) {
    case Act::None: return tfl::ActivationFunctionType::NONE;
    case Act::Relu: return tfl::ActivationFunctionType::RELU;
    case Act::Relu6: return tfl::ActivationFunctionType::RELU6;
  }
  return tfl::ActivationFunctionType::NONE;
}

tfl::Padding padding(bool same) { return same ? tfl::Padding::SAME : tfl::Padding::VALID; }

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());  // little-endian hosts, as TFLite
  return b;
}

class Writer {
 public:
  Writer(const Network& net, const SynthesizedParams& params) : net_(net), params_(params) {
    buffers_.push_back(tfl::CreateBuffer(fbb_));  // 0: the empty sentinel
  }

  std::vector<uint8_t> write() {
    int input = tensor("input", net_.input_shape, tfl::TensorType::INT8, &params_.input);
    std::vector<int> outputs(net_.layers.size());
    for (std::size_t i = 0; i < net_.layers.size(); ++i) {
      const Layer& l = net_.layers[i];
      std::vector<int> ins;
      for (int in : l.inputs) ins.push_back(in == kGraphInput ? input : outputs[in]);
      outputs[i] = layer(l, params_.layers[i], ins);
    }
    auto subgraph = tfl::CreateSubGraph(fbb_, fbb_.CreateVector(tensors_),
                                        fbb_.CreateVector(std::vector<int32_t>{input}),
                                        fbb_.CreateVector(std::vector<int32_t>{outputs.back()}),
                                        fbb_.CreateVector(ops_), fbb_.CreateString("main"));
    std::vector<Offset<tfl::OperatorCode>> codes;
    for (tfl::BuiltinOperator op : codes_) {
      // Readers take the larger of the two fields; old ones only know the byte-sized one.
      auto legacy = static_cast<int8_t>(std::min(static_cast<int>(op), 127));
      codes.push_back(tfl::CreateOperatorCode(fbb_, legacy, 0, op_version(op), op));
    }
    std::string description = fmt::format("aotbench zoo model {} - {}, synthetic int8 weights",
                                          net_.spec, net_.title);
    auto model = tfl::CreateModel(fbb_, 3, fbb_.CreateVector(codes),
                                  fbb_.CreateVector(std::vector{subgraph}),
                                  fbb_.CreateString(description), fbb_.CreateVector(buffers_));
    tfl::FinishModelBuffer(fbb_, model);
    return {fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize()};
  }

 private:
  // Adds one operator with its constant inputs; returns the output tensor.
  int layer(const Layer& l, const LayerParams& p, std::vector<int> ins) {
    switch (l.op) {
      case LayerOp::Conv:
      case LayerOp::Depthwise:
      case LayerOp::Dense: return weighted(l, p, ins);
      case LayerOp::Add:
        return op(tfl::BuiltinOperator::ADD, ins, l, p, tfl::BuiltinOptions::AddOptions,
                  tfl::CreateAddOptions(fbb_, fused(l.activation)).Union());
      case LayerOp::AveragePool:
        return op(tfl::BuiltinOperator::AVERAGE_POOL_2D, ins, l, p, tfl::BuiltinOptions::Pool2DOptions,
                  tfl::CreatePool2DOptions(fbb_, tfl::Padding::VALID, l.kernel_w, l.kernel_h,
                                           l.kernel_w, l.kernel_h).Union());
      case LayerOp::Reshape:
        // The converter's flatten: a constant [-1, C] shape input and no options.
        ins.push_back(constant(l.name + "/shape", {2}, tfl::TensorType::INT32,
                               bytes_of(std::vector<int32_t>{-1, l.shape[1]})));
        return op(tfl::BuiltinOperator::RESHAPE, ins, l, p, tfl::BuiltinOptions::NONE, 0);
      case LayerOp::Mean:
        ins.push_back(constant(l.name + "/axes", {2}, tfl::TensorType::INT32,
                               bytes_of(std::vector<int32_t>{1, 2})));
        return op(tfl::BuiltinOperator::MEAN, ins, l, p, tfl::BuiltinOptions::ReducerOptions,
                  tfl::CreateReducerOptions(fbb_, false).Union());
      case LayerOp::Softmax:
        return op(tfl::BuiltinOperator::SOFTMAX, ins, l, p, tfl::BuiltinOptions::SoftmaxOptions,
                  tfl::CreateSoftmaxOptions(fbb_, 1.0f).Union());
    }
    return -1;
  }

  int weighted(const Layer& l, const LayerParams& p, std::vector<int> ins) {
    ins.push_back(constant(l.name + "/weights", p.weight_shape, tfl::TensorType::INT8,
                           bytes_of(p.weights.values), &p.weights.quant));
    ins.push_back(constant(l.name + "/bias", {static_cast<int32_t>(p.bias.values.size())},
                           tfl::TensorType::INT32, bytes_of(p.bias.values), &p.bias.quant));
    switch (l.op) {
      case LayerOp::Conv:
        return op(tfl::BuiltinOperator::CONV_2D, ins, l, p, tfl::BuiltinOptions::Conv2DOptions,
                  tfl::CreateConv2DOptions(fbb_, padding(l.same_padding), l.stride, l.stride,
                                           fused(l.activation)).Union());
      case LayerOp::Depthwise:
        return op(tfl::BuiltinOperator::DEPTHWISE_CONV_2D, ins, l, p,
                  tfl::BuiltinOptions::DepthwiseConv2DOptions,
                  tfl::CreateDepthwiseConv2DOptions(fbb_, padding(l.same_padding), l.stride,
                                                    l.stride, 1, fused(l.activation)).Union());
      default:
        return op(tfl::BuiltinOperator::FULLY_CONNECTED, ins, l, p,
                  tfl::BuiltinOptions::FullyConnectedOptions,
                  tfl::CreateFullyConnectedOptions(fbb_, fused(l.activation)).Union());
    }
  }

  int op(tfl::BuiltinOperator code, const std::vector<int>& ins, const Layer& l,
         const LayerParams& p, tfl::BuiltinOptions type, Offset<void> options) {
    int out = tensor(l.name, l.shape, tfl::TensorType::INT8, &p.output);
    ops_.push_back(tfl::CreateOperator(fbb_, opcode(code), fbb_.CreateVector(ins),
                                       fbb_.CreateVector(std::vector<int32_t>{out}), type, options));
    return out;
  }

  uint32_t opcode(tfl::BuiltinOperator code) {
    for (std::size_t i = 0; i < codes_.size(); ++i) {
      if (codes_[i] == code) return static_cast<uint32_t>(i);
    }
    codes_.push_back(code);
    return static_cast<uint32_t>(codes_.size() - 1);
  }

  int constant(const std::string& name, const std::vector<int32_t>& shape, tfl::TensorType type,
               const std::vector<uint8_t>& data, const QuantParams* q = nullptr) {
    fbb_.ForceVectorAlignment(data.size(), 1, 16);  // the schema's force_align: 16
    auto vec = fbb_.CreateVector(data);
    buffers_.push_back(tfl::CreateBuffer(fbb_, vec));
    return tensor(name, shape, type, q, static_cast<uint32_t>(buffers_.size() - 1));
  }

  int tensor(const std::string& name, const std::vector<int32_t>& shape, tfl::TensorType type,
             const QuantParams* q, uint32_t buffer = 0) {
    Offset<tfl::QuantizationParameters> quant = 0;
    if (q) {
      quant = tfl::CreateQuantizationParameters(
          fbb_, fbb_.CreateVector(q->scale), fbb_.CreateVector(q->zero_point),
          tfl::QuantizationDetails::NONE, 0, q->scale.size() > 1 ? q->axis : 0);
    }
    tensors_.push_back(tfl::CreateTensor(fbb_, fbb_.CreateVector(shape), type, buffer,
                                         fbb_.CreateString(name), quant));
    return static_cast<int>(tensors_.size() - 1);
  }

  const Network& net_;
  const SynthesizedParams& params_;
  flatbuffers::FlatBufferBuilder fbb_{1 << 16};
  std::vector<Offset<tfl::Buffer>> buffers_;
  std::vector<Offset<tfl::Tensor>> tensors_;
  std::vector<Offset<tfl::Operator>> ops_;
  std::vector<tfl::BuiltinOperator> codes_;
};

}  // namespace

std::vector<uint8_t> write_tflite(const Network& net, const SynthesizedParams& params) {
  return Writer(net, params).write();
}

}  // namespace aotbench::codegen::zoo
