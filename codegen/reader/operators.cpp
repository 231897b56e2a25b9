// Step 2: operators. Resolves each operator's code, notes what aotbench cannot compile (named,
// with its node index; every such operator, not only the first) and converts the builtin options.
#include <algorithm>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/options.hpp"
#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

using BO = tfl::BuiltinOperator;
using BOpt = tfl::BuiltinOptions;

struct OpSpec {
  BO code;
  OpType type;
  BOpt options;        // the options table this operator carries
  bool needs_options;  // true where the schema defaults are not a usable configuration
  OpOptions defaults;  // the IR options of an operator that carries no table
};

// Every operator the reader accepts. An operator kind is listed once its checks, lowering and
// reference kernel exist.
const OpSpec kSupported[] = {
    // The first families: windowed and weighted, element-wise, reductions, layout.
    {BO::CONV_2D, OpType::Conv2D, BOpt::Conv2DOptions, true, {}},
    {BO::DEPTHWISE_CONV_2D, OpType::DepthwiseConv2D, BOpt::DepthwiseConv2DOptions, true, {}},
    {BO::FULLY_CONNECTED, OpType::FullyConnected, BOpt::FullyConnectedOptions, false,
     FullyConnectedOptions{}},
    {BO::AVERAGE_POOL_2D, OpType::AveragePool2D, BOpt::Pool2DOptions, true, {}},
    {BO::MAX_POOL_2D, OpType::MaxPool2D, BOpt::Pool2DOptions, true, {}},
    {BO::ADD, OpType::Add, BOpt::AddOptions, false, ActivationOptions{}},
    {BO::SOFTMAX, OpType::Softmax, BOpt::SoftmaxOptions, true, {}},
    {BO::QUANTIZE, OpType::Quantize, BOpt::QuantizeOptions, false, {}},
    {BO::DEQUANTIZE, OpType::Dequantize, BOpt::DequantizeOptions, false, {}},
    {BO::MEAN, OpType::Mean, BOpt::ReducerOptions, false, ReducerOptions{}},
    {BO::PAD, OpType::Pad, BOpt::PadOptions, false, {}},
    {BO::RESHAPE, OpType::Reshape, BOpt::ReshapeOptions, false, {}},
    {BO::TRANSPOSE, OpType::Transpose, BOpt::TransposeOptions, false, {}},
    {BO::CONCATENATION, OpType::Concatenation, BOpt::ConcatenationOptions, false,
     ConcatenationOptions{}},

    // arithmetic
    {BO::MUL, OpType::Mul, BOpt::MulOptions, false, ActivationOptions{}},
    {BO::SUB, OpType::Sub, BOpt::SubOptions, false, ActivationOptions{}},
    {BO::DIV, OpType::Div, BOpt::DivOptions, false, ActivationOptions{}},
    {BO::SQUARED_DIFFERENCE, OpType::SquaredDifference, BOpt::SquaredDifferenceOptions, false, {}},
    {BO::MAXIMUM, OpType::Maximum, BOpt::MaximumMinimumOptions, false, {}},
    {BO::MINIMUM, OpType::Minimum, BOpt::MaximumMinimumOptions, false, {}},
    {BO::PRELU, OpType::Prelu, BOpt::NONE, false, {}},

    // activation
    {BO::LOGISTIC, OpType::Logistic, BOpt::NONE, false, {}},
    {BO::TANH, OpType::Tanh, BOpt::NONE, false, {}},
    {BO::HARD_SWISH, OpType::HardSwish, BOpt::HardSwishOptions, false, {}},
    {BO::RELU, OpType::Relu, BOpt::NONE, false, {}},
    {BO::RELU6, OpType::Relu6, BOpt::NONE, false, {}},
    {BO::RELU_N1_TO_1, OpType::ReluN1To1, BOpt::NONE, false, {}},
    {BO::LEAKY_RELU, OpType::LeakyRelu, BOpt::LeakyReluOptions, true, {}},
    {BO::ABS, OpType::Abs, BOpt::AbsOptions, false, {}},
    {BO::RSQRT, OpType::Rsqrt, BOpt::NONE, false, {}},
    {BO::LOG_SOFTMAX, OpType::LogSoftmax, BOpt::LogSoftmaxOptions, false, {}},
    {BO::CAST, OpType::Cast, BOpt::CastOptions, false, {}},

    // reduce
    {BO::REDUCE_MAX, OpType::ReduceMax, BOpt::ReducerOptions, false, ReducerOptions{}},
    {BO::REDUCE_MIN, OpType::ReduceMin, BOpt::ReducerOptions, false, ReducerOptions{}},
    {BO::SUM, OpType::Sum, BOpt::ReducerOptions, false, ReducerOptions{}},
    {BO::ARG_MAX, OpType::ArgMax, BOpt::ArgMaxOptions, false, {}},
    {BO::ARG_MIN, OpType::ArgMin, BOpt::ArgMinOptions, false, {}},

    // movement
    {BO::STRIDED_SLICE, OpType::StridedSlice, BOpt::StridedSliceOptions, false,
     StridedSliceOptions{}},
    {BO::SHAPE, OpType::Shape, BOpt::ShapeOptions, false, {}},
    {BO::SLICE, OpType::Slice, BOpt::SliceOptions, false, {}},
    {BO::SPLIT, OpType::Split, BOpt::SplitOptions, true, {}},
    {BO::SPLIT_V, OpType::SplitV, BOpt::SplitVOptions, true, {}},
    {BO::PACK, OpType::Pack, BOpt::PackOptions, true, {}},
    {BO::UNPACK, OpType::Unpack, BOpt::UnpackOptions, true, {}},
    {BO::TILE, OpType::Tile, BOpt::TileOptions, false, {}},
    {BO::GATHER, OpType::Gather, BOpt::GatherOptions, false, GatherOptions{}},
    {BO::SQUEEZE, OpType::Squeeze, BOpt::SqueezeOptions, false, SqueezeOptions{}},
    {BO::EXPAND_DIMS, OpType::ExpandDims, BOpt::ExpandDimsOptions, false, {}},
    {BO::SPACE_TO_DEPTH, OpType::SpaceToDepth, BOpt::SpaceToDepthOptions, true, {}},
    {BO::DEPTH_TO_SPACE, OpType::DepthToSpace, BOpt::DepthToSpaceOptions, true, {}},
    {BO::BATCH_TO_SPACE_ND, OpType::BatchToSpaceNd, BOpt::BatchToSpaceNDOptions, false, {}},
    {BO::SPACE_TO_BATCH_ND, OpType::SpaceToBatchNd, BOpt::SpaceToBatchNDOptions, false, {}},
    {BO::MIRROR_PAD, OpType::MirrorPad, BOpt::MirrorPadOptions, false, MirrorPadOptions{}},
    {BO::PADV2, OpType::PadV2, BOpt::PadV2Options, false, {}},
    {BO::BROADCAST_TO, OpType::BroadcastTo, BOpt::BroadcastToOptions, false, {}},
    {BO::FILL, OpType::Fill, BOpt::FillOptions, false, {}},
    {BO::ZEROS_LIKE, OpType::ZerosLike, BOpt::ZerosLikeOptions, false, {}},

    // resize
    {BO::RESIZE_BILINEAR, OpType::ResizeBilinear, BOpt::ResizeBilinearOptions, false, ResizeOptions{}},
    {BO::RESIZE_NEAREST_NEIGHBOR, OpType::ResizeNearestNeighbor, BOpt::ResizeNearestNeighborOptions, false,
     ResizeOptions{}},

    // layers
    {BO::TRANSPOSE_CONV, OpType::TransposeConv, BOpt::TransposeConvOptions, true, {}},
    {BO::BATCH_MATMUL, OpType::BatchMatmul, BOpt::BatchMatMulOptions, false, BatchMatmulOptions{}},
    {BO::L2_NORMALIZATION, OpType::L2Normalization, BOpt::L2NormOptions, false, ActivationOptions{}},

    // recurrent
    {BO::SVDF, OpType::Svdf, BOpt::SVDFOptions, true, {}},
    {BO::UNIDIRECTIONAL_SEQUENCE_LSTM, OpType::UnidirectionalSequenceLstm,
     BOpt::UnidirectionalSequenceLSTMOptions, true, {}},
};

std::string builtin_name(int32_t code) {
  const char* name = tfl::EnumNameBuiltinOperator(static_cast<BO>(code));
  return *name ? std::string(name) : fmt::format("builtin operator #{}", code);
}

// What an operator node is, for messages: "operator 7 (CONV_2D)".
std::string where(int index, OpType type) {
  return fmt::format("operator {} ({})", index, op_name(type));
}

// The options' union tag must belong to the operator (a mismatch means a corrupt file).
void check_options_tag(const Graph& g, const std::string& at, const OpSpec& spec,
                       const tfl::Operator& op) {
  BOpt tag = op.builtin_options_type();
  // A tag without its table verifies (the union value is optional), so look for both.
  bool present = tag == spec.options && op.builtin_options() != nullptr;
  if (present || (!spec.needs_options && (tag == spec.options || tag == BOpt::NONE))) return;
  if (tag == spec.options) {
    fail(g, "{}: its {} are missing; the model is corrupt", at, tfl::EnumNameBuiltinOptions(tag));
  }
  const char* have = tfl::EnumNameBuiltinOptions(tag);
  fail(g, "{}: carries {} options where {} are expected; the model is corrupt", at,
       *have ? have : fmt::format("#{}", static_cast<int>(tag)),
       tfl::EnumNameBuiltinOptions(spec.options));
}

// Opcode of an OperatorCode: the larger of the byte-sized legacy field and the int32 one.
int32_t opcode(const tfl::OperatorCode& c) {
  return std::max<int32_t>(static_cast<int32_t>(c.builtin_code()), c.deprecated_builtin_code());
}

std::string unsupported_text(int index, const tfl::OperatorCode& c) {
  int32_t code = opcode(c);
  if (code == static_cast<int32_t>(BO::CUSTOM)) {
    std::string name = c.custom_code() ? c.custom_code()->str() : std::string();
    return fmt::format("operator {} is the custom operator '{}', which aotbench cannot compile",
                       index, printable_name(name));
  }
  return fmt::format("operator {} is {}, which aotbench does not support", index,
                     builtin_name(code));
}

const tfl::OperatorCode& code_of(const tfl::Model& model, int index, const tfl::Operator& op,
                                 const Graph& g) {
  const auto* codes = model.operator_codes();
  std::size_t n_codes = codes ? codes->size() : 0;
  if (op.opcode_index() >= n_codes) {
    fail(g, "operator {} refers to operator code {}, but the model has {}; the model is corrupt",
         index, op.opcode_index(), n_codes);
  }
  return *codes->Get(op.opcode_index());
}

Operator convert_operator(int index, const OpSpec& spec, const tfl::Operator& op, Graph& g) {
  Operator out;
  out.index = index;
  out.type = spec.type;
  std::string at = where(index, spec.type);
  check_options_tag(g, at, spec, op);
  // A NONE tag may still carry a (meaningless) table: only the operator's own table is read.
  const bool has_table = op.builtin_options_type() == spec.options && op.builtin_options();
  out.options = has_table ? convert_options(g, at, op) : spec.defaults;
  if (op.inputs()) out.inputs.assign(op.inputs()->begin(), op.inputs()->end());
  if (op.outputs()) out.outputs.assign(op.outputs()->begin(), op.outputs()->end());
  return out;
}

Operator convert_signal_operator(int index, OpType type, const tfl::Operator& op, Graph& g) {
  Operator out;
  out.index = index;
  out.type = type;
  out.options = signal_options(g, where(index, type), op);
  if (op.inputs()) out.inputs.assign(op.inputs()->begin(), op.inputs()->end());
  if (op.outputs()) out.outputs.assign(op.outputs()->begin(), op.outputs()->end());
  return out;
}

}  // namespace

std::string supported_operator_list() {
  std::vector<std::string> names;
  for (const OpSpec& spec : kSupported) names.push_back(op_name(spec.type));
  for (const std::string& name : signal_operator_names()) names.push_back(name);
  std::sort(names.begin(), names.end());
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

bool reader_accepts(OpType type) {
  if (is_signal_operator(type)) return true;
  return std::any_of(std::begin(kSupported), std::end(kSupported), [&](const OpSpec& s) { return s.type == type; });
}

std::vector<OperatorProblem> read_operators(const tfl::Model& model, const tfl::SubGraph& sg,
                                            Graph& g) {
  const auto* ops = sg.operators();
  if (!ops || ops->size() == 0) fail(g, "the model has no operators; nothing to compile");
  g.ops.reserve(ops->size());
  std::vector<OperatorProblem> unsupported;
  for (uint32_t i = 0; i < ops->size(); ++i) {
    const int index = static_cast<int>(i);
    const tfl::OperatorCode& code = code_of(model, index, *ops->Get(i), g);
    if (opcode(code) == static_cast<int32_t>(BO::CUSTOM) && code.custom_code()) {
      if (const std::optional<OpType> type = signal_operator(code.custom_code()->str())) {
        g.ops.push_back(convert_signal_operator(index, *type, *ops->Get(i), g));
        continue;
      }
    }
    const OpSpec* spec =
        std::find_if(std::begin(kSupported), std::end(kSupported),
                     [&](const OpSpec& s) { return opcode(code) == static_cast<int32_t>(s.code); });
    if (spec == std::end(kSupported)) {
      const int32_t c = opcode(code);
      unsupported.push_back({index, c == static_cast<int32_t>(BO::CUSTOM)
                                        ? "CUSTOM:" + (code.custom_code() ? printable_name(code.custom_code()->str()) : std::string())
                                        : builtin_name(c),
                             unsupported_text(index, code)});
      continue;
    }
    g.ops.push_back(convert_operator(index, *spec, *ops->Get(i), g));
  }
  return unsupported;
}

}  // namespace aotbench::codegen::reader_detail
