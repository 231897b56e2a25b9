// Builtin options: each TFLite options table into the IR's options of its operator. Keyed by the
// options table, not the operator, since several operators share one table (ADD/SUB/MUL/DIV carry
// a fused activation; SPLIT and SPLIT_V a count).
#include "codegen/reader/options.hpp"

#include "codegen/ir/dump.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

using BOpt = tfl::BuiltinOptions;

Padding padding(const Graph& g, const std::string& at, tfl::Padding p) {
  if (p == tfl::Padding::SAME) return Padding::Same;
  if (p == tfl::Padding::VALID) return Padding::Valid;
  fail(g, "{}: unknown padding type {}; the model is corrupt", at, static_cast<int>(p));
}

void check_positive(const Graph& g, const std::string& at, const char* what, int32_t v) {
  if (v < 1) fail(g, "{}: {} is {}; it must be at least 1 (the model is corrupt)", at, what, v);
}

// quantized_bias_type: the bias type a quantizer meant (FLOAT32, the schema's default, when
// unset); TFLite Micro reads it only for a 16x8 layer without a bias (INT32: int32 accumulator).
DType bias_type(const Graph& g, const std::string& at, tfl::TensorType type) {
  switch (type) {
    case tfl::TensorType::FLOAT32: return DType::Float32;
    case tfl::TensorType::INT32: return DType::Int32;
    case tfl::TensorType::INT64: return DType::Int64;
    default:
      fail(g, "{}: quantized_bias_type {} is not supported (int32 or int64 bias only)", at,
           tfl::EnumNameTensorType(type));
  }
}

// The window of CONV_2D and DEPTHWISE_CONV_2D, whose option tables (theirs and ours) name these
// fields alike: padding, strides, dilations (each at least 1) and the fused activation.
template <class Ours, class Theirs>
Ours conv_window(const Graph& g, const std::string& at, const Theirs& o) {
  Ours c;
  c.padding = padding(g, at, o.padding());
  c.stride_w = o.stride_w(), c.stride_h = o.stride_h();
  c.dilation_w = o.dilation_w_factor(), c.dilation_h = o.dilation_h_factor();
  c.activation = fused_activation(g, at, o.fused_activation_function());
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
  c.quantized_bias_type = bias_type(g, at, o.quantized_bias_type());
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
  c.activation = fused_activation(g, at, o.fused_activation_function());
  for (auto [what, v] : {std::pair{"stride_w", c.stride_w},
                         {"stride_h", c.stride_h},
                         {"filter_width", c.filter_w},
                         {"filter_height", c.filter_h}}) {
    check_positive(g, at, what, v);
  }
  return c;
}

OpOptions fc_options(const Graph& g, const std::string& at, const tfl::FullyConnectedOptions& o) {
  FullyConnectedOptions c;
  c.activation = fused_activation(g, at, o.fused_activation_function());
  c.keep_num_dims = o.keep_num_dims();
  if (o.weights_format() != tfl::FullyConnectedOptionsWeightsFormat::DEFAULT) {
    fail(g, "{}: shuffled weight formats are not supported; convert without weight shuffling", at);
  }
  if (o.asymmetric_quantize_inputs()) {
    fail(g,
         "{}: is a hybrid (dynamic-range) kernel; convert the model with full-integer int8 "
         "quantization",
         at);
  }
  c.quantized_bias_type = bias_type(g, at, o.quantized_bias_type());
  return c;
}

OpOptions transpose_conv_options(const Graph& g, const std::string& at,
                                 const tfl::TransposeConvOptions& o) {
  TransposeConvOptions c;
  c.padding = padding(g, at, o.padding());
  c.stride_w = o.stride_w(), c.stride_h = o.stride_h();
  c.activation = fused_activation(g, at, o.fused_activation_function());
  check_positive(g, at, "stride_w", c.stride_w);
  check_positive(g, at, "stride_h", c.stride_h);
  bias_type(g, at, o.quantized_bias_type());
  return c;
}

void no_hybrid(const Graph& g, const std::string& at, bool asymmetric_quantize_inputs) {
  if (asymmetric_quantize_inputs) {
    fail(g, "{}: is a hybrid (dynamic-range) kernel; convert the model with full-integer int8 "
            "quantization", at);
  }
}

// A table's value through its typed accessor, or nullptr when the union holds another one.
template <class T>
const T* table(const tfl::Operator& op) {
  return static_cast<const T*>(op.builtin_options());
}

}  // namespace

Activation fused_activation(const Graph& g, const std::string& at, tfl::ActivationFunctionType a,
                            bool tanh_allowed) {
  switch (a) {
    case tfl::ActivationFunctionType::NONE: return Activation::None;
    case tfl::ActivationFunctionType::RELU: return Activation::Relu;
    case tfl::ActivationFunctionType::RELU6: return Activation::Relu6;
    case tfl::ActivationFunctionType::RELU_N1_TO_1: return Activation::ReluN1To1;
    case tfl::ActivationFunctionType::TANH:
      if (tanh_allowed) return Activation::Tanh;
      break;
    default: break;
  }
  const char* name = tfl::EnumNameActivationFunctionType(a);
  fail(g, "{}: fused activation {} is not supported (NONE, RELU, RELU6, RELU_N1_TO_1 are)", at,
       *name ? name : fmt::format("#{}", static_cast<int>(a)));
}

OpOptions convert_options(const Graph& g, const std::string& at, const tfl::Operator& op) {
  if (!op.builtin_options()) return std::monostate{};
  auto act = [&](tfl::ActivationFunctionType a) { return ActivationOptions{fused_activation(g, at, a)}; };
  switch (op.builtin_options_type()) {
    case BOpt::Conv2DOptions: return conv_options(g, at, *table<tfl::Conv2DOptions>(op));
    case BOpt::DepthwiseConv2DOptions:
      return depthwise_options(g, at, *table<tfl::DepthwiseConv2DOptions>(op));
    case BOpt::Pool2DOptions: return pool_options(g, at, *table<tfl::Pool2DOptions>(op));
    case BOpt::FullyConnectedOptions:
      return fc_options(g, at, *table<tfl::FullyConnectedOptions>(op));
    case BOpt::AddOptions: return act(table<tfl::AddOptions>(op)->fused_activation_function());
    case BOpt::SubOptions: return act(table<tfl::SubOptions>(op)->fused_activation_function());
    case BOpt::MulOptions: return act(table<tfl::MulOptions>(op)->fused_activation_function());
    case BOpt::DivOptions: return act(table<tfl::DivOptions>(op)->fused_activation_function());
    case BOpt::L2NormOptions:
      return act(table<tfl::L2NormOptions>(op)->fused_activation_function());
    case BOpt::ReducerOptions: return ReducerOptions{table<tfl::ReducerOptions>(op)->keep_dims()};
    case BOpt::SoftmaxOptions: return SoftmaxOptions{table<tfl::SoftmaxOptions>(op)->beta()};
    case BOpt::ConcatenationOptions: {
      const auto* o = table<tfl::ConcatenationOptions>(op);
      return ConcatenationOptions{o->axis(), fused_activation(g, at, o->fused_activation_function())};
    }
    case BOpt::StridedSliceOptions: {
      const auto* o = table<tfl::StridedSliceOptions>(op);
      return StridedSliceOptions{o->begin_mask(),    o->end_mask(),         o->ellipsis_mask(),
                                 o->new_axis_mask(), o->shrink_axis_mask(), o->offset()};
    }
    case BOpt::LeakyReluOptions: return LeakyReluOptions{table<tfl::LeakyReluOptions>(op)->alpha()};
    case BOpt::PackOptions: {
      const auto* o = table<tfl::PackOptions>(op);
      return AxisCountOptions{o->axis(), o->values_count()};
    }
    case BOpt::UnpackOptions: {
      const auto* o = table<tfl::UnpackOptions>(op);
      return AxisCountOptions{o->axis(), o->num()};
    }
    case BOpt::SplitOptions: return AxisCountOptions{0, table<tfl::SplitOptions>(op)->num_splits()};
    case BOpt::SplitVOptions: return AxisCountOptions{0, table<tfl::SplitVOptions>(op)->num_splits()};
    case BOpt::GatherOptions: {
      const auto* o = table<tfl::GatherOptions>(op);
      return GatherOptions{o->axis(), o->batch_dims()};
    }
    case BOpt::SqueezeOptions: {
      const auto* dims = table<tfl::SqueezeOptions>(op)->squeeze_dims();
      return SqueezeOptions{dims ? std::vector<int32_t>(dims->begin(), dims->end()) : std::vector<int32_t>{}};
    }
    case BOpt::SpaceToDepthOptions: {
      const int32_t b = table<tfl::SpaceToDepthOptions>(op)->block_size();
      check_positive(g, at, "block_size", b);
      return BlockSizeOptions{b};
    }
    case BOpt::DepthToSpaceOptions: {
      const int32_t b = table<tfl::DepthToSpaceOptions>(op)->block_size();
      check_positive(g, at, "block_size", b);
      return BlockSizeOptions{b};
    }
    case BOpt::MirrorPadOptions:
      return MirrorPadOptions{table<tfl::MirrorPadOptions>(op)->mode() == tfl::MirrorPadMode::SYMMETRIC};
    case BOpt::ResizeBilinearOptions: {
      const auto* o = table<tfl::ResizeBilinearOptions>(op);
      return ResizeOptions{o->align_corners(), o->half_pixel_centers()};
    }
    case BOpt::ResizeNearestNeighborOptions: {
      const auto* o = table<tfl::ResizeNearestNeighborOptions>(op);
      return ResizeOptions{o->align_corners(), o->half_pixel_centers()};
    }
    case BOpt::TransposeConvOptions:
      return transpose_conv_options(g, at, *table<tfl::TransposeConvOptions>(op));
    case BOpt::BatchMatMulOptions: {
      const auto* o = table<tfl::BatchMatMulOptions>(op);
      no_hybrid(g, at, o->asymmetric_quantize_inputs());
      return BatchMatmulOptions{o->adj_x(), o->adj_y()};
    }
    case BOpt::SVDFOptions: {
      const auto* o = table<tfl::SVDFOptions>(op);
      no_hybrid(g, at, o->asymmetric_quantize_inputs());
      check_positive(g, at, "rank", o->rank());
      return SvdfOptions{o->rank(), fused_activation(g, at, o->fused_activation_function())};
    }
    case BOpt::UnidirectionalSequenceLSTMOptions: {
      const auto* o = table<tfl::UnidirectionalSequenceLSTMOptions>(op);
      no_hybrid(g, at, o->asymmetric_quantize_inputs());
      if (o->diagonal_recurrent_tensors()) {
        fail(g, "{}: diagonal recurrent weights are not supported", at);
      }
      return SequenceLstmOptions{fused_activation(g, at, o->fused_activation_function(), true),
                                 o->cell_clip(), o->proj_clip(), o->time_major()};
    }
    default: return std::monostate{};  // tables without fields, or fields the IR takes from tensors
  }
}

}  // namespace aotbench::codegen::reader_detail
