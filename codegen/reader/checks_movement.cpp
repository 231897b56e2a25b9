// Data movement and shapes: STRIDED_SLICE, SHAPE.
#include "ir/slice_rules.hpp"
#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// Element types the data-movement kernels copy (bytes, whatever they mean).
void movable(const OpCheck& c, const Tensor& t, const char* role) {
  c.type_in(t, {DType::Int8, DType::Int16, DType::Int32, DType::Bool}, role);
}

// TFLite Micro's STRIDED_SLICE: constant int32 begin/end/strides, rank up to 5 (TFLite's
// reference; TFLite Micro stops at 4); the ellipsis and new-axis masks and `offset` are not
// applied by TFLite Micro, so a model that sets them is refused rather than computed otherwise.
void check_strided_slice(const OpCheck& c, Operator& op) {
  const auto& o = std::get<StridedSliceOptions>(op.options);
  c.arity(4, 4);
  const Tensor &x = c.in(0), &y = c.out();
  movable(c, x, "input");
  c.type(y, x.type, "output");
  if (x.shape.size() > 5) c.fail("input rank {} is above the supported 5", x.shape.size());
  if (o.ellipsis_mask || o.new_axis_mask) {
    c.fail("ellipsis_mask {} / new_axis_mask {}: TFLite Micro does not apply these masks; convert "
           "with explicit slices", o.ellipsis_mask, o.new_axis_mask);
  }
  if (o.offset) c.fail("offset=true (end relative to begin) is not supported by TFLite Micro");
  std::vector<std::vector<int64_t>> v;
  for (std::size_t i = 1; i <= 3; ++i) {
    const char* role = i == 1 ? "begin" : i == 2 ? "end" : "strides";
    c.type(c.in(i), DType::Int32, role);
    v.push_back(c.int_values(c.in(i), role));
    if (v.back().size() != x.shape.size()) {
      c.fail("{} has {} entries for a rank-{} input", role, v.back().size(), x.shape.size());
    }
  }
  Shape want;
  for (std::size_t d = 0; d < x.shape.size(); ++d) {
    if (v[2][d] == 0) c.fail("stride of dimension {} is 0", d);
    const int64_t n = strided_slice_axis(o, static_cast<int>(d), x.shape[d], v[0][d], v[1][d], v[2][d]).count;
    if (n == 0) c.fail("the slice of dimension {} is empty; empty tensors are not supported", d);
    if (!(o.shrink_axis_mask & (1 << d))) want.push_back(static_cast<int32_t>(n));
  }
  c.shape_is(y, want, "output");
}

// SHAPE: the input's static shape as int32 or int64 (computed at generation time).
void check_shape(const OpCheck& c, Operator&) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(y, {DType::Int32, DType::Int64}, "output");
  c.shape_is(y, {static_cast<int32_t>(x.shape.size())}, "output");
}

const CheckEntry kChecks[] = {
    {OpType::StridedSlice, check_strided_slice, "int8, int16, int32, bool (rank <= 5)"},
    {OpType::Shape, check_shape, "any -> int32 or int64 (computed at generation time)"},
};

}  // namespace

std::span<const CheckEntry> movement_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
