#pragma once
// The graph IR between the TFLite reader and everything after it (passes, planner, lowering,
// emitter, host interpreter). Plain data: the reader fills it, passes rewrite it.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace aotbench::codegen {

enum class DType { Int8, UInt8, Int16, Int32, Int64, Float32, Bool };
const char* dtype_name(DType t);
std::size_t dtype_size(DType t);

// Affine quantization: real = scale * (q - zero_point). Per-tensor when scale has one entry,
// per-channel along `axis` otherwise.
struct Quantization {
  std::vector<float> scale;
  std::vector<int64_t> zero_point;
  int32_t axis = 0;
  bool per_channel() const { return scale.size() > 1; }
};

struct Tensor {
  int id = -1;                 // index in Graph::tensors (the TFLite tensor index)
  std::string name;            // as in the model: NOT sanitized, never emit it raw into C or HTML
  DType type = DType::Int8;
  std::vector<int32_t> shape;  // static shape; dynamic shapes are rejected by the reader
  std::optional<Quantization> quant;
  std::span<const uint8_t> data;  // constant contents (empty for activations); points into Graph::storage
  int alias_of = -1;           // set by the reshape-alias pass: shares the memory of that tensor

  bool is_constant() const { return !data.empty(); }
  int64_t num_elements() const;
  int64_t num_bytes() const { return num_elements() * static_cast<int64_t>(dtype_size(type)); }
};

enum class OpType {
  Conv2D, DepthwiseConv2D, FullyConnected, Add, AveragePool2D, MaxPool2D, Mean, Pad, Reshape,
  Softmax, Transpose, Concatenation, Quantize, Dequantize,
};
const char* op_name(OpType t);  // TFLite's builtin name, e.g. "CONV_2D"

enum class Activation { None, Relu, Relu6, ReluN1To1 };
enum class Padding { Same, Valid };
const char* activation_name(Activation a);  // TFLite's name, e.g. "RELU6"
const char* padding_name(Padding p);        // "SAME" or "VALID"

// Padding a PAD operator put around a convolution's input, folded into the convolution by
// fold_pads(): the window sees the input this much larger, the extra rows and columns holding
// the input's zero point (which contributes nothing, like TFLite's implicit padding).
struct FoldedPadding {
  int32_t top = 0, bottom = 0, left = 0, right = 0;
};
struct Conv2DOptions {
  Padding padding = Padding::Valid;
  int32_t stride_w = 1, stride_h = 1, dilation_w = 1, dilation_h = 1;
  Activation activation = Activation::None;
  FoldedPadding folded;
};
struct DepthwiseConv2DOptions {
  Padding padding = Padding::Valid;
  int32_t stride_w = 1, stride_h = 1, dilation_w = 1, dilation_h = 1;
  int32_t depth_multiplier = 1;
  Activation activation = Activation::None;
  FoldedPadding folded;
};
struct FullyConnectedOptions {
  Activation activation = Activation::None;
  bool keep_num_dims = false;
};
struct AddOptions {
  Activation activation = Activation::None;
};
struct Pool2DOptions {
  Padding padding = Padding::Valid;
  int32_t stride_w = 1, stride_h = 1, filter_w = 1, filter_h = 1;
  Activation activation = Activation::None;
};
struct ReducerOptions {
  bool keep_dims = false;  // the axes are the operator's second (constant) input
};
struct SoftmaxOptions {
  float beta = 1.0f;
};
struct ConcatenationOptions {
  int32_t axis = 0;
  Activation activation = Activation::None;
};

using OpOptions = std::variant<std::monostate, Conv2DOptions, DepthwiseConv2DOptions,
                               FullyConnectedOptions, AddOptions, Pool2DOptions, ReducerOptions,
                               SoftmaxOptions, ConcatenationOptions>;

struct Operator {
  int index = -1;            // position in the model's execution order (node index)
  OpType type = OpType::Conv2D;
  std::vector<int> inputs;   // tensor ids; -1 for an omitted optional input (e.g. no bias)
  std::vector<int> outputs;
  OpOptions options;
};

struct Graph {
  std::string source;              // file path or zoo name, for messages
  std::string description;         // the model's description string
  std::vector<Tensor> tensors;
  std::vector<Operator> ops;       // in execution order
  std::vector<int> inputs;         // graph input tensor ids
  std::vector<int> outputs;        // graph output tensor ids
  std::vector<uint8_t> storage;    // the model file's bytes; Tensor::data points into it

  // Graph is move-only in spirit: Tensor::data spans point into `storage`.
  Graph() = default;
  Graph(Graph&&) = default;
  Graph& operator=(Graph&&) = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
};

// The tensor whose memory `tensor` uses: follows Tensor::alias_of to the end of the chain.
int alias_root(const Graph& g, int tensor);

}  // namespace aotbench::codegen
