// The reference family: TFLite Micro's reference arithmetic for every operator kind, one C file
// each. Lowering already fills these kernels' parameters, so applying a reference schedule only
// names the header and source the generated code needs.
#include "codegen/select/registry.hpp"

namespace aotbench::codegen {

std::vector<Schedule> reference_schedules() {
  struct Entry {
    OpType op;
    const char* source;
    const char* second_source = nullptr;  // a kernel shared with other operators
  };
  static const Entry entries[] = {
      {OpType::Conv2D, "ab_ref_conv2d.c"},
      {OpType::DepthwiseConv2D, "ab_ref_depthwise_conv2d.c"},
      {OpType::FullyConnected, "ab_ref_fully_connected.c"},
      {OpType::Add, "ab_ref_add.c"},
      {OpType::AveragePool2D, "ab_ref_avg_pool2d.c"},
      {OpType::MaxPool2D, "ab_ref_max_pool2d.c"},
      {OpType::Mean, "ab_ref_mean.c"},
      {OpType::Pad, "ab_ref_pad.c"},
      {OpType::Reshape, "ab_ref_reshape.c"},
      {OpType::Softmax, "ab_ref_softmax.c"},
      {OpType::Transpose, "ab_ref_view_copy.c"},
      {OpType::Concatenation, "ab_ref_concatenation.c"},
      {OpType::Quantize, "ab_ref_quantize.c"},
      {OpType::Dequantize, "ab_ref_dequantize.c"},

      // arithmetic
      {OpType::Mul, "ab_ref_mul.c"},
      {OpType::Sub, "ab_ref_add.c"},
      {OpType::SquaredDifference, "ab_ref_add.c"},
      {OpType::Div, "ab_ref_div.c"},
      {OpType::Maximum, "ab_ref_maximum_minimum.c"},
      {OpType::Minimum, "ab_ref_maximum_minimum.c"},
      {OpType::Prelu, "ab_ref_prelu.c"},

      // activation
      {OpType::Logistic, "ab_ref_logistic_tanh.c", "ab_ref_lookup.c"},
      {OpType::Tanh, "ab_ref_logistic_tanh.c", "ab_ref_lookup.c"},
      {OpType::HardSwish, "ab_ref_lookup.c"},
      {OpType::Rsqrt, "ab_ref_rsqrt.c", "ab_ref_lookup.c"},
      {OpType::Relu, "ab_ref_piecewise_linear.c"},
      {OpType::Relu6, "ab_ref_piecewise_linear.c"},
      {OpType::ReluN1To1, "ab_ref_piecewise_linear.c"},
      {OpType::LeakyRelu, "ab_ref_piecewise_linear.c"},
      {OpType::Abs, "ab_ref_piecewise_linear.c"},
      {OpType::LogSoftmax, "ab_ref_log_softmax.c"},
      {OpType::Cast, "ab_ref_cast.c"},

      // reduce
      {OpType::ReduceMax, "ab_ref_reduce_max_min.c"},
      {OpType::ReduceMin, "ab_ref_reduce_max_min.c"},
      {OpType::Sum, "ab_ref_mean.c"},
      {OpType::ArgMax, "ab_ref_arg_min_max.c"},
      {OpType::ArgMin, "ab_ref_arg_min_max.c"},

      // movement
      {OpType::StridedSlice, "ab_ref_view_copy.c"},
      {OpType::Shape, "ab_ref_view_copy.c"},
      {OpType::Slice, "ab_ref_view_copy.c"},
      {OpType::Split, "ab_ref_split.c"},
      {OpType::SplitV, "ab_ref_split.c"},
      {OpType::Pack, "ab_ref_concatenation.c"},
      {OpType::Unpack, "ab_ref_split.c"},
      {OpType::Tile, "ab_ref_view_copy.c"},
      {OpType::Gather, "ab_ref_gather.c"},
      {OpType::Squeeze, "ab_ref_reshape.c"},
      {OpType::ExpandDims, "ab_ref_reshape.c"},
      {OpType::SpaceToDepth, "ab_ref_view_copy.c"},
      {OpType::DepthToSpace, "ab_ref_view_copy.c"},
      {OpType::BatchToSpaceNd, "ab_ref_batch_space.c"},
      {OpType::SpaceToBatchNd, "ab_ref_batch_space.c"},
      {OpType::MirrorPad, "ab_ref_pad.c"},
      {OpType::PadV2, "ab_ref_pad.c"},
      {OpType::BroadcastTo, "ab_ref_view_copy.c"},
      {OpType::Fill, "ab_ref_view_copy.c"},
      {OpType::ZerosLike, "ab_ref_view_copy.c"},

      // resize
      {OpType::ResizeBilinear, "ab_ref_resize_bilinear.c"},
      {OpType::ResizeNearestNeighbor, "ab_ref_resize_nearest.c"},

      // layers (the 16x8 convolutions are in the first families' sources)
      {OpType::TransposeConv, "ab_ref_transpose_conv.c"},
      {OpType::BatchMatmul, "ab_ref_batch_matmul.c"},
      {OpType::L2Normalization, "ab_ref_l2_normalization.c"},

      // recurrent
      {OpType::Svdf, "ab_ref_svdf.c"},
      {OpType::UnidirectionalSequenceLstm, "ab_ref_unidirectional_sequence_lstm.c"},

      // signal
      {OpType::SignalWindow, "ab_ref_signal_window.c"},
      {OpType::SignalFftAutoScale, "ab_ref_signal_fft_auto_scale.c"},
      {OpType::SignalRfft, "ab_ref_signal_rfft.c"},
      {OpType::SignalEnergy, "ab_ref_signal_energy.c"},
      {OpType::SignalFilterBank, "ab_ref_signal_filter_bank.c"},
      {OpType::SignalFilterBankSquareRoot, "ab_ref_signal_filter_bank_square_root.c"},
      {OpType::SignalFilterBankSpectralSubtraction, "ab_ref_signal_spectral_subtraction.c"},
      {OpType::SignalPcan, "ab_ref_signal_pcan.c"},
      {OpType::SignalFilterBankLog, "ab_ref_signal_filter_bank_log.c"},
  };
  std::vector<Schedule> out;
  for (const Entry& e : entries) {
    Schedule s;
    s.name = "ref";
    s.family = "ref";
    s.ops = {e.op};
    s.help = "TFLite Micro's reference arithmetic, plain C loops";
    s.unsupported = [](const ScheduleContext&, const LoweredOp&) { return std::string(); };
    s.apply = [](const ScheduleContext&, LoweredOp& op) { op.headers = {"ab_ref_kernels.h"}; };
    s.sources = {std::string("reference/") + e.source};
    if (e.second_source) s.sources.push_back(std::string("reference/") + e.second_source);
    s.include_dirs = {"include", "reference"};
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace aotbench::codegen
