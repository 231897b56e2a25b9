// Step 2: operators. Resolves each operator's code, rejects what aotbench cannot compile (named,
// with its node index) and copies the builtin options into the IR.
#include <algorithm>

#include "ir/dump.hpp"
#include "reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

using BO = tfl::BuiltinOperator;
using BOpt = tfl::BuiltinOptions;

struct OpSpec {
  BO code;
  OpType type;
  BOpt options;        // the options table this operator carries
  bool needs_options;  // true where the schema defaults are not a usable configuration
};

constexpr OpSpec kSupported[] = {
    {BO::CONV_2D, OpType::Conv2D, BOpt::Conv2DOptions, true},
    {BO::DEPTHWISE_CONV_2D, OpType::DepthwiseConv2D, BOpt::DepthwiseConv2DOptions, true},
    {BO::FULLY_CONNECTED, OpType::FullyConnected, BOpt::FullyConnectedOptions, false},
    {BO::ADD, OpType::Add, BOpt::AddOptions, false},
    {BO::AVERAGE_POOL_2D, OpType::AveragePool2D, BOpt::Pool2DOptions, true},
    {BO::MAX_POOL_2D, OpType::MaxPool2D, BOpt::Pool2DOptions, true},
    {BO::MEAN, OpType::Mean, BOpt::ReducerOptions, false},
    {BO::PAD, OpType::Pad, BOpt::PadOptions, false},
    {BO::RESHAPE, OpType::Reshape, BOpt::ReshapeOptions, false},
    {BO::SOFTMAX, OpType::Softmax, BOpt::SoftmaxOptions, true},
    {BO::TRANSPOSE, OpType::Transpose, BOpt::TransposeOptions, false},
    {BO::CONCATENATION, OpType::Concatenation, BOpt::ConcatenationOptions, false},
    {BO::QUANTIZE, OpType::Quantize, BOpt::QuantizeOptions, false},
    {BO::DEQUANTIZE, OpType::Dequantize, BOpt::DequantizeOptions, false},
};

std::string supported_list() {
  std::string s;
  for (const OpSpec& spec : kSupported)
    s += std::string(s.empty() ? "" : ", ") + op_name(spec.type);
  return s;
}

std::string builtin_name(int32_t code) {
  const char* name = tfl::EnumNameBuiltinOperator(static_cast<BO>(code));
  return *name ? std::string(name) : fmt::format("builtin operator #{}", code);
}

// What an operator node is, for messages: "operator 7 (CONV_2D)".
std::string where(int index, OpType type) {
  return fmt::format("operator {} ({})", index, op_name(type));
}

Activation activation(const Graph& g, const std::string& at, tfl::ActivationFunctionType a) {
  switch (a) {
    case tfl::ActivationFunctionType::NONE: return Activation::None;
    case tfl::ActivationFunctionType::RELU: return Activation::Relu;
    case tfl::ActivationFunctionType::RELU6: return Activation::Relu6;
    case tfl::ActivationFunctionType::RELU_N1_TO_1: return Activation::ReluN1To1;
    default: break;
  }
  const char* name = tfl::EnumNameActivationFunctionType(a);
  fail(g, "{}: fused activation {} is not supported (NONE, RELU, RELU6, RELU_N1_TO_1 are)", at,
       *name ? name : fmt::format("#{}", static_cast<int>(a)));
}

Padding padding(const Graph& g, const std::string& at, tfl::Padding p) {
  if (p == tfl::Padding::SAME) return Padding::Same;
  if (p == tfl::Padding::VALID) return Padding::Valid;
  fail(g, "{}: unknown padding type {}; the model is corrupt", at, static_cast<int>(p));
}

void check_positive(const Graph& g, const std::string& at, const char* what, int32_t v) {
  if (v < 1) fail(g, "{}: {} is {}; it must be at least 1 (the model is corrupt)", at, what, v);
}

// The window of CONV_2D and DEPTHWISE_CONV_2D, whose option tables (theirs and ours) name these
// fields alike: padding, strides, dilations (each at least 1) and the fused activation.
template <class Ours, class Theirs>
Ours conv_window(const Graph& g, const std::string& at, const Theirs& o) {
  Ours c;
  c.padding = padding(g, at, o.padding());
  c.stride_w = o.stride_w(), c.stride_h = o.stride_h();
  c.dilation_w = o.dilation_w_factor(), c.dilation_h = o.dilation_h_factor();
  c.activation = activation(g, at, o.fused_activation_function());
  for (auto [what, v] : {std::pair{"stride_w", c.stride_w},
                         {"stride_h", c.stride_h},
                         {"dilation_w_factor", c.dilation_w},
                         {"dilation_h_factor", c.dilation_h}}) {
    check_positive(g, at, what, v);
  }
  return c;
}

OpOptions conv_options(const Graph& g, const std::string& at, const tfl::Conv2DOptions& o) {
  auto c = conv_window<Conv2DOptions>(g, at, o);
  auto bias_type = o.quantized_bias_type();
  if (bias_type != tfl::TensorType::FLOAT32 && bias_type != tfl::TensorType::INT32) {
    fail(g, "{}: quantized_bias_type {} is not supported (int32 bias only)", at,
         tfl::EnumNameTensorType(bias_type));
  }
  return c;
}

OpOptions depthwise_options(const Graph& g, const std::string& at,
                            const tfl::DepthwiseConv2DOptions& o) {
  auto c = conv_window<DepthwiseConv2DOptions>(g, at, o);
  c.depth_multiplier = o.depth_multiplier();  // op_checks replaces it with the shapes' value
  return c;
}

OpOptions pool_options(const Graph& g, const std::string& at, const tfl::Pool2DOptions& o) {
  Pool2DOptions c;
  c.padding = padding(g, at, o.padding());
  c.stride_w = o.stride_w(), c.stride_h = o.stride_h();
  c.filter_w = o.filter_width(), c.filter_h = o.filter_height();
  c.activation = activation(g, at, o.fused_activation_function());
  for (auto [what, v] : {std::pair{"stride_w", c.stride_w},
                         {"stride_h", c.stride_h},
                         {"filter_width", c.filter_w},
                         {"filter_height", c.filter_h}}) {
    check_positive(g, at, what, v);
  }
  return c;
}

OpOptions fc_options(const Graph& g, const std::string& at, const tfl::FullyConnectedOptions* o) {
  FullyConnectedOptions c;
  if (!o) return c;
  c.activation = activation(g, at, o->fused_activation_function());
  c.keep_num_dims = o->keep_num_dims();
  if (o->weights_format() != tfl::FullyConnectedOptionsWeightsFormat::DEFAULT) {
    fail(g, "{}: shuffled weight formats are not supported; convert without weight shuffling", at);
  }
  if (o->asymmetric_quantize_inputs()) {
    fail(g,
         "{}: is a hybrid (dynamic-range) kernel; convert the model with full-integer int8 "
         "quantization",
         at);
  }
  auto bias_type = o->quantized_bias_type();
  if (bias_type != tfl::TensorType::FLOAT32 && bias_type != tfl::TensorType::INT32) {
    fail(g, "{}: quantized_bias_type {} is not supported (int32 bias only)", at,
         tfl::EnumNameTensorType(bias_type));
  }
  return c;
}

OpOptions options_of(const Graph& g, const std::string& at, OpType type, const tfl::Operator& op) {
  switch (type) {
    case OpType::Conv2D: return conv_options(g, at, *op.builtin_options_as_Conv2DOptions());
    case OpType::DepthwiseConv2D:
      return depthwise_options(g, at, *op.builtin_options_as_DepthwiseConv2DOptions());
    case OpType::AveragePool2D:
    case OpType::MaxPool2D: return pool_options(g, at, *op.builtin_options_as_Pool2DOptions());
    case OpType::FullyConnected:
      return fc_options(g, at, op.builtin_options_as_FullyConnectedOptions());
    case OpType::Add: {
      const auto* o = op.builtin_options_as_AddOptions();
      return AddOptions{o ? activation(g, at, o->fused_activation_function()) : Activation::None};
    }
    case OpType::Mean: {
      const auto* o = op.builtin_options_as_ReducerOptions();
      return ReducerOptions{o && o->keep_dims()};
    }
    case OpType::Softmax: return SoftmaxOptions{op.builtin_options_as_SoftmaxOptions()->beta()};
    case OpType::Concatenation: {
      const auto* o = op.builtin_options_as_ConcatenationOptions();
      if (!o) return ConcatenationOptions{};
      return ConcatenationOptions{o->axis(), activation(g, at, o->fused_activation_function())};
    }
    default: return std::monostate{};
  }
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

[[noreturn]] void unsupported(const Graph& g, int index, const tfl::OperatorCode& c) {
  int32_t code = opcode(c);
  if (code == static_cast<int32_t>(BO::CUSTOM)) {
    std::string name = c.custom_code() ? c.custom_code()->str() : std::string();
    fail(g,
         "operator {} is the custom operator '{}', which aotbench cannot compile; convert the "
         "model with builtin operators only (supported: {})",
         index, printable_name(name), supported_list());
  }
  fail(g, "operator {} is {}, which aotbench does not support (supported: {})", index,
       builtin_name(code), supported_list());
}

Operator convert_operator(const tfl::Model& model, int index, const tfl::Operator& op, Graph& g) {
  const auto* codes = model.operator_codes();
  std::size_t n_codes = codes ? codes->size() : 0;
  if (op.opcode_index() >= n_codes) {
    fail(g, "operator {} refers to operator code {}, but the model has {}; the model is corrupt",
         index, op.opcode_index(), n_codes);
  }
  const tfl::OperatorCode& code = *codes->Get(op.opcode_index());
  const OpSpec* spec =
      std::find_if(std::begin(kSupported), std::end(kSupported),
                   [&](const OpSpec& s) { return opcode(code) == static_cast<int32_t>(s.code); });
  if (spec == std::end(kSupported)) unsupported(g, index, code);

  Operator out;
  out.index = index;
  out.type = spec->type;
  std::string at = where(index, spec->type);
  check_options_tag(g, at, *spec, op);
  out.options = options_of(g, at, spec->type, op);
  if (op.inputs()) out.inputs.assign(op.inputs()->begin(), op.inputs()->end());
  if (op.outputs()) out.outputs.assign(op.outputs()->begin(), op.outputs()->end());
  return out;
}

}  // namespace

void read_operators(const tfl::Model& model, const tfl::SubGraph& sg, Graph& g) {
  const auto* ops = sg.operators();
  if (!ops || ops->size() == 0) fail(g, "the model has no operators; nothing to compile");
  g.ops.reserve(ops->size());
  for (uint32_t i = 0; i < ops->size(); ++i) {
    g.ops.push_back(convert_operator(model, static_cast<int>(i), *ops->Get(i), g));
  }
}

}  // namespace aotbench::codegen::reader_detail
