// Reductions: REDUCE_MAX, REDUCE_MIN, SUM, ARG_MAX, ARG_MIN (and the axes MEAN shares).
#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

// TFLite Micro reads the axes as int32 (its Prepare insists), resolves negative ones and drops
// duplicates; the output keeps the other dimensions, with 1s for the reduced ones if keep_dims.
Shape reduced_shape(const OpCheck& c, const Tensor& x, const Tensor& axes, bool keep_dims) {
  c.type(axes, DType::Int32, "axes");
  const int64_t rank = static_cast<int64_t>(x.shape.size());
  std::vector<bool> reduced(x.shape.size(), false);
  for (int64_t a : c.int_values(axes, "axis")) {
    if (a < -rank || a >= rank) c.fail("axis {} is outside the input's rank {}", a, rank);
    reduced[static_cast<std::size_t>(a < 0 ? a + rank : a)] = true;
  }
  Shape want;
  for (std::size_t i = 0; i < x.shape.size(); ++i) {
    if (!reduced[i])
      want.push_back(x.shape[i]);
    else if (keep_dims)
      want.push_back(1);
  }
  return want;
}

namespace {

// The shape-generic kernels walk at most AB_MAX_DIMS (6) dimensions.
constexpr std::size_t kMaxRank = 6;

void rank_at_most(const OpCheck& c, const Tensor& x) {
  if (x.shape.size() > kMaxRank) c.fail("input rank {} is above the supported {}", x.shape.size(), kMaxRank);
}

// REDUCE_MAX and REDUCE_MIN: TFLite Micro takes int8 only, and only when the output has the
// input's scale and zero point (the values are not rescaled).
void check_max_min(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  if (x.type == DType::Int16) c.fail("int16 input: TFLite Micro's REDUCE_MAX/MIN take int8 only");
  c.act(x, "input");
  c.act(y, "output");
  if (x.quant->scale[0] != y.quant->scale[0] || x.quant->zero_point[0] != y.quant->zero_point[0]) {
    c.fail("input and output quantization differ; TFLite Micro's {} does not rescale (it refuses the model)",
           op_name(op.type));
  }
  rank_at_most(c, x);
  c.shape_is(y, reduced_shape(c, x, c.in(1), std::get<ReducerOptions>(op.options).keep_dims), "output");
}

// SUM: int8 or int16, the sum of the zero-point-corrected inputs rescaled to the output's scale.
// Unlike most 16-bit kernels, TFLite Micro's SUM and MEAN take any int16 zero point.
void check_sum(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(y, x.type, "output");
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  rank_at_most(c, x);
  c.shape_is(y, reduced_shape(c, x, c.in(1), std::get<ReducerOptions>(op.options).keep_dims), "output");
}

// ARG_MAX and ARG_MIN: TFLite Micro compares int8 values (their quantization does not matter)
// and writes int32 indices; the axis is one int32 value.
void check_arg_min_max(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  const char* name = op_name(op.type);
  if (x.type != DType::Int8) {
    c.fail("input {} is {}; TFLite Micro's {} takes int8 (and float32, which aotbench does not compute)",
           c.label(x.id), dtype_name(x.type), name);
  }
  if (y.type != DType::Int32) {
    c.fail("output {} is {}; TFLite Micro's {} writes int32 indices only (convert with output_type int32)",
           c.label(y.id), dtype_name(y.type), name);
  }
  const Tensor& axis = c.in(1);
  c.type(axis, DType::Int32, "axis");
  const std::vector<int64_t> a = c.int_values(axis, "axis");
  if (a.size() != 1) c.fail("axis {} has {} values; expected one", c.label(axis.id), a.size());
  const int64_t rank = static_cast<int64_t>(x.shape.size());
  if (rank == 0) c.fail("input {} is a scalar; there is no axis to reduce", c.label(x.id));
  rank_at_most(c, x);
  if (a[0] < -rank || a[0] >= rank) c.fail("axis {} is outside the input's rank {}", a[0], rank);
  Shape want = x.shape;
  want.erase(want.begin() + (a[0] < 0 ? a[0] + rank : a[0]));
  c.shape_is(y, want, "output");
}

const CheckEntry kChecks[] = {
    {OpType::ReduceMax, check_max_min, "int8 (output quantized as the input; int32 axes, rank <= 6)"},
    {OpType::ReduceMin, check_max_min, "int8 (output quantized as the input; int32 axes, rank <= 6)"},
    {OpType::Sum, check_sum, "int8; int16 (any zero point) (int32 axes, rank <= 6)"},
    {OpType::ArgMax, check_arg_min_max, "int8 -> int32 (one int32 axis)"},
    {OpType::ArgMin, check_arg_min_max, "int8 -> int32 (one int32 axis)"},
};

}  // namespace

std::span<const CheckEntry> reduce_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
