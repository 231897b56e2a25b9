// Layers with weights beyond convolution and fully connected: TRANSPOSE_CONV (int8, 16x8),
// BATCH_MATMUL (int8, int16), L2_NORMALIZATION (int8), with TFLite Micro's Prepare arithmetic.
#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

// Inputs: output shape, weights, input, optional bias. TFLite Micro derives the padding from
// the output's size as if the output were a convolution's input (ComputePaddingHeightWidth with
// the output's height and width), and requantizes per output channel.
LoweredOp lower_transpose_conv(const OpContext& c) {
  const auto& o = c.options<TransposeConvOptions>();
  const Tensor &filter = c.input(1), &in = c.input(2), &out = c.output();
  const bool has_bias = c.has_input(3);
  const char* kernel = in.type == DType::Int8                           ? "ab_ref_transpose_conv_s8"
                       : has_bias && c.input(3).type == DType::Int16 ? "ab_ref_transpose_conv_s16_b16"
                                                                       : "ab_ref_transpose_conv_s16";
  LoweredOp l = start(c, kernel, "ab_transpose_conv_params");
  ab_transpose_conv_params p{};
  p.input = c.dims4(in);
  p.filter = c.dims4(filter);
  p.output = c.dims4(out);
  if (p.filter.c != p.input.c || p.filter.n != p.output.c || p.input.n != p.output.n) {
    c.fail("weights {}x{}x{}x{} do not fit input channels {} and output channels {}", p.filter.n, p.filter.h,
           p.filter.w, p.filter.c, p.input.c, p.output.c);
  }
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.pad_h = window_dim(o.padding, out.shape[1], filter.shape[1], o.stride_h, 1).pad_before;
  p.pad_w = window_dim(o.padding, out.shape[2], filter.shape[2], o.stride_w, 1).pad_before;
  p.input_offset = -c.zero_point(in);
  p.output_offset = c.zero_point(out);
  set_activation(p, activation_range(o.activation, c.scale(out), c.zero_point(out), out.type));
  std::vector<int32_t> mult, shift;
  per_channel_multipliers(c, in, filter, out, p.output.c, mult, shift);
  if (in.type == DType::Int16) check_int64_requantization(c, shift);
  p.output_multiplier = add_array(l, "output_multiplier", std::move(mult));
  p.output_shift = add_array(l, "output_shift", std::move(shift));
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[2]},
            {ArgRole::Weights, c.node.inputs[1]},
            {ArgRole::Bias, has_bias ? c.node.inputs[3] : -1},
            {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// Row-major element strides of `shape`.
std::vector<int64_t> strides_of(const std::vector<int32_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

// Strides of an operand's batch dimensions, right-aligned to AB_MATMUL_BATCH_DIMS; 0 where it
// has none or size 1 (broadcast), as TFLite's batch loops do.
void batch_strides(const std::vector<int32_t>& operand, ab_idx_t* stride) {
  const std::vector<int64_t> s = strides_of(operand);
  const std::size_t batch = operand.size() - 2;
  for (std::size_t i = 0; i < AB_MATMUL_BATCH_DIMS; ++i) {
    const std::size_t from_end = AB_MATMUL_BATCH_DIMS - i;  // 1 for the last batch dimension
    stride[i] = from_end <= batch && operand[batch - from_end] > 1 ? s[batch - from_end] : 0;
  }
}

// TFLite Micro multiplies rhs^T by lhs^T in its own layout; the sums and their requantization
// (GetQuantizedConvolutionMultipler: the scale product in float) are the same as lhs times rhs.
LoweredOp lower_batch_matmul(const OpContext& c) {
  const auto& o = c.options<BatchMatmulOptions>();
  const Tensor &lhs = c.input(0), &rhs = c.input(1), &out = c.output();
  LoweredOp l = start(c, lhs.type == DType::Int8 ? "ab_ref_batch_matmul_s8" : "ab_ref_batch_matmul_s16",
                      "ab_batch_matmul_params");
  ab_batch_matmul_params p{};
  const std::size_t nl = lhs.shape.size(), nr = rhs.shape.size(), no = out.shape.size();
  if (nl < 2 || nr < 2 || no < 2 || no - 2 > AB_MATMUL_BATCH_DIMS) c.fail("operand ranks must be 2 to 5");
  for (std::size_t i = 0; i < AB_MATMUL_BATCH_DIMS; ++i) {
    const std::size_t from_end = AB_MATMUL_BATCH_DIMS - i;
    p.batch[i] = from_end <= no - 2 ? out.shape[no - 2 - from_end] : 1;
  }
  batch_strides(lhs.shape, p.lhs_batch_stride);
  batch_strides(rhs.shape, p.rhs_batch_stride);
  p.rows = out.shape[no - 2];
  p.cols = out.shape[no - 1];
  p.depth = o.adj_x ? lhs.shape[nl - 2] : lhs.shape[nl - 1];
  // lhs is rows x depth in memory, or depth x rows with adj_x; rhs depth x cols, or cols x depth.
  p.lhs_row_stride = o.adj_x ? 1 : p.depth;
  p.lhs_depth_stride = o.adj_x ? p.rows : 1;
  p.rhs_depth_stride = o.adj_y ? 1 : p.cols;
  p.rhs_col_stride = o.adj_y ? p.depth : 1;
  p.lhs_offset = -c.zero_point(lhs);
  p.rhs_offset = -c.zero_point(rhs);
  p.output_offset = c.zero_point(out);
  const double product = static_cast<double>(c.scale(lhs) * c.scale(rhs));
  const QuantizedMultiplier m = quantize_multiplier(product / static_cast<double>(c.scale(out)));
  if (lhs.type == DType::Int16) check_int64_requantization(c, std::span(&m.shift, 1));
  p.output_multiplier = m.multiplier;
  p.output_shift = m.shift;
  set_activation(p, activation_range(Activation::None, c.scale(out), c.zero_point(out), out.type));
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_l2_normalization(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_l2_normalization_s8", "ab_l2_normalization_params");
  ab_l2_normalization_params p{};
  if (in.shape.empty() || in.shape.back() <= 0) c.fail("the input has no last dimension to normalize");
  p.depth = in.shape.back();
  p.outer_size = in.num_elements() / p.depth;
  p.input_zero_point = c.zero_point(in);
  if (out.num_elements() != in.num_elements()) c.fail("output and input sizes differ");
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::TransposeConv, lower_transpose_conv},
    {OpType::BatchMatmul, lower_batch_matmul},
    {OpType::L2Normalization, lower_l2_normalization},
};

}  // namespace

std::span<const LowerEntry> layer_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_transpose_conv_params& p) { AB_RENDER_FIELDS(AB_TRANSPOSE_CONV_FIELDS) }
void render_fields(FieldWriter& w, const ab_batch_matmul_params& p) { AB_RENDER_FIELDS(AB_BATCH_MATMUL_FIELDS) }
void render_fields(FieldWriter& w, const ab_l2_normalization_params& p) {
  AB_RENDER_FIELDS(AB_L2_NORMALIZATION_FIELDS)
}

}  // namespace aotbench::codegen
