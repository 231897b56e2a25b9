// MEAN, PAD, RESHAPE, TRANSPOSE and CONCATENATION: shapes, strides and MEAN's arithmetic (its
// reduced dimensions come from lower_reduce.cpp, which SUM and REDUCE_MAX/MIN share).
#include <algorithm>

#include "lower/lower_context.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

void check_rank(const OpContext& c, const Tensor& t) {
  if (t.shape.size() > AB_MAX_DIMS) c.fail("rank {} is above the supported {}", t.shape.size(),
                                           AB_MAX_DIMS);
}

void check_same_quant(const OpContext& c, const Tensor& in, const Tensor& out) {
  if (c.scale(in) != c.scale(out) || c.zero_point(in) != c.zero_point(out)) {
    c.fail("input and output quantization differ; this operator does not rescale");
  }
}

bool is_4d_height_width(const ab_mean_params& p) {
  return p.rank == 4 && !p.reduce[0] && p.reduce[1] && p.reduce[2] && !p.reduce[3];
}

// Which arithmetic TFLite Micro (of the configured vintage) applies to this MEAN.
void choose_mean_mode(const OpContext& c, const Tensor& in, const Tensor& out, ab_mean_params& p,
                      std::string& note) {
  const bool same_quant = c.scale(in) == c.scale(out) && c.zero_point(in) == c.zero_point(out);
  const QuantizedMultiplier base = quantize_multiplier(static_cast<double>(c.scale(in)) /
                                                       static_cast<double>(c.scale(out)));
  const bool keep_dims = c.options<ReducerOptions>().keep_dims;
  if (c.opts.mean == MeanArithmetic::Tflm2025) {
    const QuantizedMultiplier m = fold_mean_count(base, p.count);
    p.mode = AB_MEAN_INT_MULTIPLIER;
    p.multiplier = m.multiplier;
    p.shift = m.shift;
    note = "integer rescaling, 1/count folded into the multiplier (TFLite Micro 2025)";
  } else if (c.opts.mean == MeanArithmetic::Tflm2021 && keep_dims && is_4d_height_width(p)) {
    p.mode = AB_MEAN_INT_DIVIDE;
    p.multiplier = base.multiplier;
    p.shift = base.shift;
    note = "integer 4-D height/width mean (TFLite Micro 2021)";
  } else if (same_quant) {
    p.mode = AB_MEAN_INT_TRUNCATE;
    note = "equal quantization: truncating integer mean (TFLite Micro 2021-2024)";
  } else {
    p.mode = AB_MEAN_FLOAT;
    p.float_scale = c.scale(in) / c.scale(out);  // float division, as the reference does
    p.float_bias = static_cast<float>(-c.zero_point(in)) * p.float_scale;
    note = "float rescaling (TFLite Micro 2021-2024)";
  }
}

}  // namespace

LoweredOp lower_mean(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.type != out.type || (in.type != DType::Int8 && in.type != DType::Int16)) {
    c.fail("only int8 and int16 MEAN are supported");
  }
  const bool int16 = in.type == DType::Int16;
  if (int16 && c.opts.mean != MeanArithmetic::Tflm2025) {
    c.fail("int16 MEAN is supported with TFLite Micro 2025's arithmetic only");
  }
  LoweredOp l = start(c, int16 ? "ab_ref_mean_s16" : "ab_ref_mean_s8", "ab_mean_params");
  ab_mean_params p = reduction_params(c);
  choose_mean_mode(c, in, out, p, l.note);
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_pad(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_pad_s8", "ab_pad_params");
  check_rank(c, in);
  if (in.type != DType::Int8 || out.type != DType::Int8) c.fail("only int8 PAD is supported");
  check_same_quant(c, in, out);
  const std::vector<int64_t> pads = c.int_values(c.input(1));
  if (pads.size() != 2 * in.shape.size() || out.shape.size() != in.shape.size()) {
    c.fail("paddings do not match the input's rank {}", in.shape.size());
  }
  ab_pad_params p{};
  p.rank = static_cast<ab_idx_t>(in.shape.size());
  for (std::size_t d = 0; d < in.shape.size(); ++d) {
    p.in_shape[d] = in.shape[d];
    p.before[d] = pads[2 * d];
    p.out_shape[d] = out.shape[d];
    if (pads[2 * d] < 0 || in.shape[d] + pads[2 * d] + pads[2 * d + 1] != out.shape[d]) {
      c.fail("padding {},{} of dimension {} does not give the output's {}", pads[2 * d],
             pads[2 * d + 1], d, out.shape[d]);
    }
  }
  p.pad_value = static_cast<int8_t>(c.zero_point(out));  // PAD (no PADV2 constant): zero point
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_reshape(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_reshape", "ab_reshape_params");
  if (in.num_bytes() != out.num_bytes()) c.fail("input and output sizes differ");
  ab_reshape_params p{};
  p.bytes = in.num_bytes();
  l.params = p;
  l.is_noop = alias_root(c.graph, in.id) == alias_root(c.graph, out.id);
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_transpose(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_transpose_s8", "ab_transpose_params");
  check_rank(c, in);
  if (dtype_size(in.type) != 1 || in.type != out.type) c.fail("only 1-byte elements are supported");
  const std::vector<int64_t> perm = c.int_values(c.input(1));
  const std::size_t rank = in.shape.size();
  if (perm.size() != rank || out.shape.size() != rank) c.fail("permutation does not match rank");
  std::vector<int64_t> stride(rank, 1);
  for (std::size_t d = rank; d-- > 1;) stride[d - 1] = stride[d] * in.shape[d];
  ab_transpose_params p{};
  p.rank = static_cast<ab_idx_t>(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    if (perm[d] < 0 || perm[d] >= static_cast<int64_t>(rank) ||
        out.shape[d] != in.shape[static_cast<std::size_t>(perm[d])]) {
      c.fail("permutation entry {} does not match the output shape", d);
    }
    p.out_shape[d] = out.shape[d];
    p.in_stride[d] = stride[static_cast<std::size_t>(perm[d])];
  }
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_concatenation(const OpContext& c) {
  const auto& o = c.options<ConcatenationOptions>();
  const Tensor& out = c.output();
  LoweredOp l = start(c, "ab_ref_concatenation_s8", "ab_concatenation_params");
  const int64_t rank = static_cast<int64_t>(out.shape.size());
  const int64_t axis = o.axis < 0 ? o.axis + rank : o.axis;
  if (axis < 0 || axis >= rank) c.fail("axis {} is outside rank {}", o.axis, rank);
  if (c.num_inputs() > AB_MAX_CONCAT_INPUTS) c.fail("more than {} inputs", AB_MAX_CONCAT_INPUTS);
  if (o.activation != Activation::None) c.fail("fused activations are not supported");
  ab_concatenation_params p{};
  p.num_inputs = static_cast<ab_idx_t>(c.num_inputs());
  p.outer_size = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) p.outer_size *= out.shape[static_cast<std::size_t>(d)];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= out.shape[static_cast<std::size_t>(d)];
  int64_t along = 0;
  for (std::size_t i = 0; i < c.num_inputs(); ++i) {
    const Tensor& in = c.input(i);
    if (in.type != DType::Int8 || static_cast<int64_t>(in.shape.size()) != rank) {
      c.fail("input {} must be int8 of rank {}", i, rank);
    }
    const int64_t n = in.shape[static_cast<std::size_t>(axis)];
    if (in.num_elements() != p.outer_size * n * inner) c.fail("input {} does not line up", i);
    p.copy_size[i] = n * inner;
    along += n;
    l.args.push_back({ArgRole::Input, c.node.inputs[i]});
  }
  if (along != out.shape[static_cast<std::size_t>(axis)]) c.fail("inputs do not fill the output");
  l.params = p;
  l.inputs_as_array = true;
  l.args.push_back({ArgRole::Output, c.node.outputs[0]});
  return l;
}

}  // namespace aotbench::codegen::lower_detail
