// Operators that move or reduce data: MEAN, PAD (and PADV2), RESHAPE, TRANSPOSE, CONCATENATION.
#include <fmt/ranges.h>

#include <limits>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

constexpr int64_t kMaxPad = std::numeric_limits<int32_t>::max();

void same_quant(const OpCheck& c, const Tensor& a, const Tensor& b, const char* role = "input") {
  if (a.quant->scale[0] != b.quant->scale[0] || a.quant->zero_point[0] != b.quant->zero_point[0]) {
    c.fail("{} and output quantization differ; this operator does not rescale", role);
  }
}

// TFLite Micro's int16 CONCATENATION takes symmetric tensors (or unquantized ones).
void symmetric_if_quantized(const OpCheck& c, const Tensor& t, const char* role) {
  if (t.quant && !t.quant->zero_point.empty() && t.quant->zero_point[0] != 0) {
    c.fail("{} {} is int16 with zero point {}; TFLite Micro takes symmetric int16 tensors (zero point 0)", role,
           c.label(t.id), t.quant->zero_point[0]);
  }
}

}  // namespace

// TFLite Micro's MEAN: int8 or int16 (any zero point), rescaled from the input's scale to the
// output's.
void check_mean(const OpCheck& c, const ReducerOptions& o) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(y, x.type, "output");
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  c.shape_is(y, reduced_shape(c, x, c.in(1), o.keep_dims), "output");
}

// PAD and PADV2 (TFLite Micro's kernel for both): int8, int16 or int32, rank up to 5, constant
// int32 paddings (TFLite Micro reads no other type). PADV2's pad value is a constant scalar of
// the input's type, for int8 quantized as the output.
void check_pad(const OpCheck& c) {
  const bool v2 = c.node.type == OpType::PadV2;
  c.arity(2, v2 ? 3 : 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16, DType::Int32}, "input");
  c.type(y, x.type, "output");
  if (x.type == DType::Int8) {
    c.act(x, "input");
    c.act(y, "output");
    same_quant(c, x, y);
  }
  if (x.shape.size() > 5) c.fail("input rank {} is above the supported 5", x.shape.size());
  const Tensor& p = c.in(1);
  if (p.shape != Shape{static_cast<int32_t>(x.shape.size()), 2}) {
    c.fail("paddings {} have shape {}; expected [{}x2]", c.label(p.id), shape_text(p.shape),
           x.shape.size());
  }
  c.type(p, DType::Int32, "paddings");
  std::vector<int64_t> pads = c.int_values(p, "paddings");
  Shape want = x.shape;
  for (std::size_t i = 0; i < want.size(); ++i) {
    int64_t before = pads[2 * i], after = pads[2 * i + 1];
    if (before < 0 || after < 0 || before > kMaxPad || after > kMaxPad) {
      c.fail("padding {},{} of dimension {} is out of range", before, after, i);
    }
    want[i] = checked_dim(c, want[i] + before + after);
  }
  c.shape_is(y, want, "output");
  if (!c.has(2)) return;
  const Tensor& v = c.in(2);
  c.type(v, x.type, "pad value");
  c.constant(v, "pad value");
  if (v.num_elements() != 1) c.fail("pad value {} has {} elements; expected one", c.label(v.id), v.num_elements());
  if (x.type == DType::Int8) {
    c.per_tensor(v, "pad value");
    same_quant(c, v, y, "pad value");
  }
}

// The output's static shape is the new shape: a shape input computed at run time (a Keras
// reshape with a dynamic batch) is folded away before code generation, and never read.
void check_reshape(const OpCheck& c) {
  c.arity(1, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16, DType::Int32, DType::Bool}, "input");
  if (x.type == DType::Int8) c.act(x, "input");
  c.type(y, x.type, "output");
  if (x.num_elements() != y.num_elements()) {
    c.fail("input {} has {} elements but output {} has {}", c.label(x.id), x.num_elements(),
           c.label(y.id), y.num_elements());
  }
}

// TRANSPOSE: int8 or int16 (TFLite Micro's types), rank up to 5, a constant int32 permutation.
void check_transpose(const OpCheck& c) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  c.type(y, x.type, "output");
  if (x.type == DType::Int8) {
    c.act(x, "input");
    c.act(y, "output");
  }
  if (x.shape.size() > 5) c.fail("input rank {} is above the supported 5", x.shape.size());
  c.type(c.in(1), DType::Int32, "permutation");
  std::vector<int64_t> perm = c.int_values(c.in(1), "permutation");
  std::size_t rank = x.shape.size();
  if (perm.size() != rank)
    c.fail("permutation has {} entries for a rank-{} input", perm.size(), rank);
  std::vector<bool> seen(rank, false);
  Shape want(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    if (perm[i] < 0 || static_cast<std::size_t>(perm[i]) >= rank || seen[perm[i]]) {
      c.fail("permutation {} is not a permutation of 0..{}",
             fmt::format("[{}]", fmt::join(perm, ",")), rank - 1);
    }
    seen[perm[i]] = true;
    want[i] = x.shape[perm[i]];
  }
  c.shape_is(y, want, "output");
}

// TFLite Micro concatenates by copying bytes, without rescaling: int8 inputs must be quantized
// as the output, int16 ones symmetric; int32, int64 and bool are plain values.
void check_concatenation(const OpCheck& c, ConcatenationOptions& o) {
  constexpr std::size_t kMaxInputs = 10;  // TFLite Micro's limit
  c.arity(1, kMaxInputs);
  const Tensor& y = c.out();
  c.type_in(y, {DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::Bool}, "output");
  if (y.type == DType::Int8) c.act(y, "output");
  if (y.type == DType::Int16) symmetric_if_quantized(c, y, "output");
  if (o.activation != Activation::None) c.fail("fused activations are not supported here");
  int32_t rank = static_cast<int32_t>(y.shape.size());
  if (rank > 6) c.fail("rank {} is above the supported 6", rank);
  if (o.axis < -rank || o.axis >= rank) c.fail("axis {} is outside rank {}", o.axis, rank);
  if (o.axis < 0) o.axis += rank;  // the IR keeps a non-negative axis
  Shape want = y.shape;
  int64_t total = 0;
  for (std::size_t i = 0; i < c.node.inputs.size(); ++i) {
    if (!c.has(i)) c.fail("input {} is missing", i);
    const Tensor& x = c.in(i);
    c.type(x, y.type, "input");
    if (x.type == DType::Int8) {
      c.act(x, "input");
      same_quant(c, x, y);
    }
    if (x.type == DType::Int16) symmetric_if_quantized(c, x, "input");
    c.rank_is(x, rank, "input");
    for (int32_t d = 0; d < rank; ++d) {
      if (d != o.axis && x.shape[d] != y.shape[d]) {
        c.fail("input {} has shape {}, which does not line up with the output's {}", c.label(x.id),
               shape_text(x.shape), shape_text(y.shape));
      }
    }
    total += x.shape[o.axis];
  }
  want[o.axis] = checked_dim(c, total);
  c.shape_is(y, want, "output");
}

}  // namespace aotbench::codegen::reader_detail
