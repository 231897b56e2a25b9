// The reference family: TFLite Micro's reference arithmetic for every operator kind, one C file
// each. Lowering already fills these kernels' parameters, so applying a reference schedule only
// names the header and source the generated code needs.
#include "select/registry.hpp"

namespace aotbench::codegen {

std::vector<Schedule> reference_schedules() {
  struct Entry {
    OpType op;
    const char* source;
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
      {OpType::Transpose, "ab_ref_transpose.c"},
      {OpType::Concatenation, "ab_ref_concatenation.c"},
      {OpType::Quantize, "ab_ref_quantize.c"},
      {OpType::Dequantize, "ab_ref_dequantize.c"},

      // arithmetic
      {OpType::Mul, "ab_ref_mul.c"},

      // activation

      // reduce

      // movement
      {OpType::StridedSlice, "ab_ref_view_copy.c"},
      {OpType::Shape, "ab_ref_view_copy.c"},

      // resize

      // layers (the 16x8 convolutions are in the first families' sources)
      {OpType::TransposeConv, "ab_ref_transpose_conv.c"},
      {OpType::BatchMatmul, "ab_ref_batch_matmul.c"},
      {OpType::L2Normalization, "ab_ref_l2_normalization.c"},

      // recurrent
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
    s.include_dirs = {"include", "reference"};
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace aotbench::codegen
