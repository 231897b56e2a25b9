// Reductions: REDUCE_MAX, REDUCE_MIN, SUM (through the MEAN kernels), ARG_MAX, ARG_MIN, and the
// reduced dimensions MEAN shares with them.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {

ab_mean_params reduction_params(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.shape.size() > AB_MAX_DIMS) c.fail("rank {} is above the supported {}", in.shape.size(), AB_MAX_DIMS);
  // TFLite Micro resolves negative axes and ignores duplicates.
  const int64_t rank = static_cast<int64_t>(in.shape.size());
  std::vector<bool> reduced(in.shape.size(), false);
  for (int64_t a : c.int_values(c.input(1))) {
    if (a < -rank || a >= rank) c.fail("axis {} is outside the input's rank {}", a, rank);
    reduced[static_cast<std::size_t>(a < 0 ? a + rank : a)] = true;
  }
  ab_mean_params p{};
  p.rank = static_cast<ab_idx_t>(rank);
  p.count = 1;
  int64_t kept = 1;
  for (std::size_t d = 0; d < in.shape.size(); ++d) {
    p.in_shape[d] = in.shape[d];
    p.reduce[d] = reduced[d] ? 1 : 0;
    if (reduced[d]) {
      p.count *= in.shape[d];
    } else {
      kept *= in.shape[d];
    }
  }
  if (kept != out.num_elements()) c.fail("output has {} elements; expected {}", out.num_elements(), kept);
  if (in.quant && out.quant) {
    p.input_zero_point = c.zero_point(in);
    p.output_zero_point = c.zero_point(out);
  }
  return p;
}

namespace {

// SUM: MEAN's integer arithmetic with the multiplier input_scale / output_scale as it is (TFLite
// Micro's QuantizedMeanOrSum with compute_sum).
LoweredOp lower_sum(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.type != out.type || (in.type != DType::Int8 && in.type != DType::Int16)) {
    c.fail("only int8 and int16 SUM are supported");
  }
  LoweredOp l = start(c, in.type == DType::Int8 ? "ab_ref_mean_s8" : "ab_ref_mean_s16", "ab_mean_params");
  ab_mean_params p = reduction_params(c);
  const QuantizedMultiplier m =
      quantize_multiplier(static_cast<double>(c.scale(in)) / static_cast<double>(c.scale(out)));
  // Shifting left by 31 or more is undefined in the reference (and meaningless in a model).
  if (m.shift > 30) c.fail("the input scale is 2^30 or more times the output's");
  p.mode = AB_MEAN_INT_MULTIPLIER;
  p.multiplier = m.multiplier;
  p.shift = m.shift;
  l.note = "integer rescaling of the sum (TFLite Micro's QuantizedMeanOrSum)";
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

ab_extreme extreme_of(OpType t) {
  return t == OpType::ReduceMax || t == OpType::ArgMax ? AB_EXTREME_MAX : AB_EXTREME_MIN;
}

LoweredOp lower_max_min(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.type != DType::Int8 || out.type != DType::Int8) c.fail("only int8 is supported");
  if (c.scale(in) != c.scale(out) || c.zero_point(in) != c.zero_point(out)) {
    c.fail("input and output quantization differ; this operator does not rescale");
  }
  LoweredOp l = start(c, "ab_ref_reduce_max_min_s8", "ab_reduce_max_min_params");
  const ab_mean_params r = reduction_params(c);
  ab_reduce_max_min_params p{};
  p.extreme = extreme_of(c.node.type);
  p.rank = r.rank;
  std::copy(std::begin(r.in_shape), std::end(r.in_shape), std::begin(p.in_shape));
  std::copy(std::begin(r.reduce), std::end(r.reduce), std::begin(p.reduce));
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

LoweredOp lower_arg_min_max(const OpContext& c) {
  const Tensor &in = c.input(0), &out = c.output();
  if (in.type != DType::Int8 || out.type != DType::Int32) c.fail("only int8 input and int32 output are supported");
  const std::vector<int64_t> axis = c.int_values(c.input(1));
  const int64_t rank = static_cast<int64_t>(in.shape.size());
  if (axis.size() != 1 || axis[0] < -rank || axis[0] >= rank) c.fail("the axis is not one axis of the input");
  const int64_t a = axis[0] < 0 ? axis[0] + rank : axis[0];
  LoweredOp l = start(c, "ab_ref_arg_min_max_s8", "ab_arg_min_max_params");
  ab_arg_min_max_params p{};
  p.extreme = extreme_of(c.node.type);
  p.outer = 1;
  p.inner = 1;
  for (int64_t d = 0; d < rank; ++d) {
    const ab_idx_t n = in.shape[static_cast<std::size_t>(d)];
    if (d < a) p.outer *= n;
    if (d > a) p.inner *= n;
  }
  p.axis_size = in.shape[static_cast<std::size_t>(a)];
  if (p.outer * p.inner != out.num_elements()) c.fail("output has {} elements; expected {}", out.num_elements(),
                                                      p.outer * p.inner);
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::ReduceMax, lower_max_min}, {OpType::ReduceMin, lower_max_min}, {OpType::Sum, lower_sum},
    {OpType::ArgMax, lower_arg_min_max}, {OpType::ArgMin, lower_arg_min_max},
};

}  // namespace

std::span<const LowerEntry> reduce_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

const char* enum_c_name(ab_extreme v) {
  switch (v) {
    case AB_EXTREME_MAX: return "AB_EXTREME_MAX";
    case AB_EXTREME_MIN: return "AB_EXTREME_MIN";
  }
  throw std::invalid_argument("unknown extreme " + std::to_string(v));
}

void render_fields(FieldWriter& w, const ab_reduce_max_min_params& p) { AB_RENDER_FIELDS(AB_REDUCE_MAX_MIN_FIELDS) }
void render_fields(FieldWriter& w, const ab_arg_min_max_params& p) { AB_RENDER_FIELDS(AB_ARG_MIN_MAX_FIELDS) }

}  // namespace aotbench::codegen
