#pragma once
// The graph IR between the TFLite reader and everything after it (passes, planner, lowering,
// emitter, host interpreter). Plain data: the reader fills it, passes rewrite it.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace aotbench::codegen {

// UInt32 and UInt64: only the signal library's audio front end uses them (energies, filter bank
// sums); every other operator's checks refuse them.
enum class DType { Int8, UInt8, Int16, Int32, Int64, Float32, Bool, UInt32, UInt64 };
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
  // Bytes into alias_of's memory where this tensor starts: a band of rows of a larger tensor
  // (patch-based execution); 0 for a reshape.
  int64_t alias_offset = 0;
  // State an operator keeps across inferences (SVDF's activation state, LSTM's hidden and cell
  // state): never a constant, never shared, reset to variable_reset_byte() by a reset.
  bool is_variable = false;

  bool is_constant() const { return !data.empty(); }
  int64_t num_elements() const;
  int64_t num_bytes() const { return num_elements() * static_cast<int64_t>(dtype_size(type)); }
};

// Every operator kind the IR knows: X(IR name, TFLite's builtin name).
#define AB_IR_OPERATORS(X)                                                                     \
  X(Conv2D, CONV_2D)                                                                           \
  X(DepthwiseConv2D, DEPTHWISE_CONV_2D)                                                        \
  X(FullyConnected, FULLY_CONNECTED)                                                           \
  X(Add, ADD)                                                                                  \
  X(AveragePool2D, AVERAGE_POOL_2D)                                                            \
  X(MaxPool2D, MAX_POOL_2D)                                                                    \
  X(Mean, MEAN)                                                                                \
  X(Pad, PAD)                                                                                  \
  X(Reshape, RESHAPE)                                                                          \
  X(Softmax, SOFTMAX)                                                                          \
  X(Transpose, TRANSPOSE)                                                                      \
  X(Concatenation, CONCATENATION)                                                              \
  X(Quantize, QUANTIZE)                                                                        \
  X(Dequantize, DEQUANTIZE)                                                                    \
  X(Mul, MUL)                                                                                  \
  X(Sub, SUB)                                                                                  \
  X(Div, DIV)                                                                                  \
  X(SquaredDifference, SQUARED_DIFFERENCE)                                                     \
  X(Maximum, MAXIMUM)                                                                          \
  X(Minimum, MINIMUM)                                                                          \
  X(Prelu, PRELU)                                                                              \
  X(Logistic, LOGISTIC)                                                                        \
  X(Tanh, TANH)                                                                                \
  X(HardSwish, HARD_SWISH)                                                                     \
  X(Relu, RELU)                                                                                \
  X(Relu6, RELU6)                                                                              \
  X(ReluN1To1, RELU_N1_TO_1)                                                                   \
  X(LeakyRelu, LEAKY_RELU)                                                                     \
  X(Exp, EXP)                                                                                  \
  X(Abs, ABS)                                                                                  \
  X(Neg, NEG)                                                                                  \
  X(Rsqrt, RSQRT)                                                                              \
  X(Sqrt, SQRT)                                                                                \
  X(Square, SQUARE)                                                                            \
  X(LogSoftmax, LOG_SOFTMAX)                                                                   \
  X(Cast, CAST)                                                                                \
  X(ReduceMax, REDUCE_MAX)                                                                     \
  X(ReduceMin, REDUCE_MIN)                                                                     \
  X(Sum, SUM)                                                                                  \
  X(ArgMax, ARG_MAX)                                                                           \
  X(ArgMin, ARG_MIN)                                                                           \
  X(StridedSlice, STRIDED_SLICE)                                                               \
  X(Slice, SLICE)                                                                              \
  X(Split, SPLIT)                                                                              \
  X(SplitV, SPLIT_V)                                                                           \
  X(Pack, PACK)                                                                                \
  X(Unpack, UNPACK)                                                                            \
  X(Tile, TILE)                                                                                \
  X(Gather, GATHER)                                                                            \
  X(Squeeze, SQUEEZE)                                                                          \
  X(ExpandDims, EXPAND_DIMS)                                                                   \
  X(SpaceToDepth, SPACE_TO_DEPTH)                                                              \
  X(DepthToSpace, DEPTH_TO_SPACE)                                                              \
  X(BatchToSpaceNd, BATCH_TO_SPACE_ND)                                                         \
  X(SpaceToBatchNd, SPACE_TO_BATCH_ND)                                                         \
  X(MirrorPad, MIRROR_PAD)                                                                     \
  X(PadV2, PADV2)                                                                              \
  X(ResizeBilinear, RESIZE_BILINEAR)                                                           \
  X(ResizeNearestNeighbor, RESIZE_NEAREST_NEIGHBOR)                                            \
  X(BroadcastTo, BROADCAST_TO)                                                                 \
  X(Fill, FILL)                                                                                \
  X(ZerosLike, ZEROS_LIKE)                                                                     \
  X(Shape, SHAPE)                                                                              \
  X(TransposeConv, TRANSPOSE_CONV)                                                             \
  X(BatchMatmul, BATCH_MATMUL)                                                                 \
  X(UnidirectionalSequenceLstm, UNIDIRECTIONAL_SEQUENCE_LSTM)                                  \
  X(Svdf, SVDF)                                                                                \
  X(L2Normalization, L2_NORMALIZATION)                                                         \
  /* TFLite Micro's signal library: custom operators, named by their custom code */          \
  X(SignalWindow, SignalWindow)                                                                \
  X(SignalFftAutoScale, SignalFftAutoScale)                                                    \
  X(SignalRfft, SignalRfft)                                                                    \
  X(SignalEnergy, SignalEnergy)                                                                \
  X(SignalFilterBank, SignalFilterBank)                                                        \
  X(SignalFilterBankSquareRoot, SignalFilterBankSquareRoot)                                    \
  X(SignalFilterBankSpectralSubtraction, SignalFilterBankSpectralSubtraction)                  \
  X(SignalPcan, SignalPCAN)                                                                    \
  X(SignalFilterBankLog, SignalFilterBankLog)

enum class OpType {
#define AB_IR_OP_ENUM(type, name) type,
  AB_IR_OPERATORS(AB_IR_OP_ENUM)
#undef AB_IR_OP_ENUM
};
const char* op_name(OpType t);  // TFLite's builtin name, e.g. "CONV_2D"

// Fused activations. Tanh only as the cell activation of a sequence LSTM.
enum class Activation { None, Relu, Relu6, ReluN1To1, Tanh };
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
  // TFLite's quantized_bias_type (Float32 when unset): Int32 makes a 16x8 layer without a bias
  // accumulate in int32 rather than int64.
  DType quantized_bias_type = DType::Float32;
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
  DType quantized_bias_type = DType::Float32;  // as Conv2DOptions'
};
// ADD, SUB, MUL, DIV and L2_NORMALIZATION: a fused activation only.
struct ActivationOptions {
  Activation activation = Activation::None;
};
using AddOptions = ActivationOptions;
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

// STRIDED_SLICE: bit d of a mask refers to dimension d of begin/end/strides.
struct StridedSliceOptions {
  int32_t begin_mask = 0, end_mask = 0, ellipsis_mask = 0, new_axis_mask = 0, shrink_axis_mask = 0;
  bool offset = false;  // end is relative to begin
};
struct LeakyReluOptions {
  float alpha = 0.2f;
};
// PACK (values_count), UNPACK (num), SPLIT and SPLIT_V (num_splits; SPLIT's axis is an input).
struct AxisCountOptions {
  int32_t axis = 0;
  int32_t count = 0;
};
struct GatherOptions {
  int32_t axis = 0;
  int32_t batch_dims = 0;
};
struct SqueezeOptions {
  std::vector<int32_t> dims;  // empty: every dimension of size 1
};
// SPACE_TO_DEPTH and DEPTH_TO_SPACE.
struct BlockSizeOptions {
  int32_t block_size = 1;
};
struct MirrorPadOptions {
  bool symmetric = false;  // SYMMETRIC includes the border, REFLECT does not
};
// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR.
struct ResizeOptions {
  bool align_corners = false;
  bool half_pixel_centers = false;
};
struct TransposeConvOptions {
  Padding padding = Padding::Valid;
  int32_t stride_w = 1, stride_h = 1;
  Activation activation = Activation::None;
};
struct BatchMatmulOptions {
  bool adj_x = false, adj_y = false;
};
struct SvdfOptions {
  int32_t rank = 1;
  Activation activation = Activation::None;
};
struct SequenceLstmOptions {
  Activation activation = Activation::Tanh;
  float cell_clip = 0, proj_clip = 0;  // 0: no clipping
  bool time_major = false;
};

// The signal library's operators carry their options as a FlexBuffers map of integers (and
// booleans, read as 0/1): the reader keeps it by key, as written.
struct SignalOptions {
  std::vector<std::pair<std::string, int64_t>> values;
  // The value of `key`; the reader's checks made sure every key an operator needs is there.
  int64_t get(const std::string& key) const;
  bool has(const std::string& key) const;
};

using OpOptions =
    std::variant<std::monostate, Conv2DOptions, DepthwiseConv2DOptions, FullyConnectedOptions,
                 ActivationOptions, Pool2DOptions, ReducerOptions, SoftmaxOptions,
                 ConcatenationOptions, StridedSliceOptions, LeakyReluOptions, AxisCountOptions,
                 GatherOptions, SqueezeOptions, BlockSizeOptions, MirrorPadOptions, ResizeOptions,
                 TransposeConvOptions, BatchMatmulOptions, SvdfOptions, SequenceLstmOptions,
                 SignalOptions>;

struct Operator {
  int index = -1;            // position in the model's execution order (node index)
  OpType type = OpType::Conv2D;
  std::vector<int> inputs;   // tensor ids; -1 for an omitted optional input (e.g. no bias)
  std::vector<int> outputs;
  OpOptions options;
  int band = -1;             // patch-based execution: the band of rows this copy computes, else -1
};

struct Graph {
  std::string source;              // file path or zoo name, for messages
  std::string description;         // the model's description string
  std::vector<Tensor> tensors;
  std::vector<Operator> ops;       // in execution order
  std::vector<int> inputs;         // graph input tensor ids
  std::vector<int> outputs;        // graph output tensor ids
  std::vector<uint8_t> storage;    // the model file's bytes; Tensor::data points into it
  // Constants computed at generation time (fold_constants); Tensor::data may point into them.
  std::vector<std::unique_ptr<std::vector<uint8_t>>> computed;

  // Graph is move-only in spirit: Tensor::data spans point into `storage`.
  Graph() = default;
  Graph(Graph&&) = default;
  Graph& operator=(Graph&&) = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
};

// A copy of the graph's structure (tensors, operators, inputs, outputs); constant data keeps
// pointing into the original's storage, which must outlive the copy.
Graph structure_copy(const Graph& g);

// The byte every byte of a variable tensor holds after a reset, as TFLite Micro's
// ResetVariableTensors sets it: an int8 tensor's zero point, 0 for every other type.
uint8_t variable_reset_byte(const Tensor& t);

// Whether tensor id `tensor` is an activation, what the arena holds: present (not -1), neither a
// constant nor an operator's state.
bool is_activation(const Graph& g, int tensor);

// The tensor whose memory `tensor` uses: follows Tensor::alias_of to the end of the chain.
int alias_root(const Graph& g, int tensor);
// Bytes from the start of alias_root's memory to this tensor's first byte (the alias_offsets
// along the chain).
int64_t alias_byte_offset(const Graph& g, int tensor);

}  // namespace aotbench::codegen
