// MEAN, PAD, RESHAPE, TRANSPOSE and CONCATENATION: shapes, strides and MEAN's arithmetic (its
// reduced dimensions come from lower_reduce.cpp, which SUM and REDUCE_MAX/MIN share).
#include <algorithm>

#include "codegen/lower/view_copy.hpp"

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
  LoweredOp l = start(c, "ab_ref_pad", "ab_pad_params");
  if (in.type == DType::Int8) check_same_quant(c, in, out);
  // TFLite Micro pads int8 with the output's zero point, int16 and int32 with 0.
  l.params = pad_params(c, AB_PAD_CONSTANT, in.type == DType::Int8 ? c.zero_point(out) : 0);
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

// TRANSPOSE: a strided copy, the output in order, the input through the permuted strides.
LoweredOp lower_transpose(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  LoweredOp l = start(c, "ab_ref_view_copy", "ab_view_copy_params");
  check_rank(c, in);
  if (in.type != out.type) c.fail("input and output types differ");
  const std::vector<int64_t> perm = c.int_values(c.input(1));
  const std::size_t rank = in.shape.size();
  if (perm.size() != rank || out.shape.size() != rank) c.fail("permutation does not match rank");
  const std::vector<int64_t> in_strides = row_major_strides(in.shape);
  std::vector<int64_t> sizes(rank), strides(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    if (perm[d] < 0 || perm[d] >= static_cast<int64_t>(rank) ||
        out.shape[d] != in.shape[static_cast<std::size_t>(perm[d])]) {
      c.fail("permutation entry {} does not match the output shape", d);
    }
    sizes[d] = out.shape[d];
    strides[d] = in_strides[static_cast<std::size_t>(perm[d])];
  }
  l.params = dense_output_copy(c, sizes, strides, 0, dtype_size(in.type));
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

// CONCATENATION: the inputs' bytes joined along the axis (TFLite Micro does not rescale).
LoweredOp lower_concatenation(const OpContext& c) {
  const auto& o = c.options<ConcatenationOptions>();
  const Tensor& out = c.output();
  LoweredOp l = start(c, "ab_ref_concatenation", "ab_join_params");
  if (o.activation != Activation::None) c.fail("fused activations are not supported");
  const int64_t rank = static_cast<int64_t>(out.shape.size());
  std::vector<const Tensor*> parts;
  for (std::size_t i = 0; i < c.num_inputs(); ++i) {
    parts.push_back(&c.input(i));
    if (static_cast<int64_t>(parts.back()->shape.size()) != rank) c.fail("input {} is not of rank {}", i, rank);
    l.args.push_back({ArgRole::Input, c.node.inputs[i]});
  }
  l.params = join_params(c, l, out, o.axis < 0 ? o.axis + rank : o.axis, parts, false);
  l.inputs_as_array = true;
  l.args.push_back({ArgRole::Output, c.node.outputs[0]});
  return l;
}

}  // namespace aotbench::codegen::lower_detail
