// Layers with weights beyond convolution and fully connected: TRANSPOSE_CONV, BATCH_MATMUL,
// L2_NORMALIZATION, as TFLite Micro takes them.
#include <algorithm>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// Inputs: output shape, weights (OHWI), input, optional bias. TFLite Micro sizes everything by
// the output tensor (its padding comes from the output's size), so the output_shape input is never
// read: a constant one has to agree with it, a computed one (shape arithmetic, folded away before
// code generation) is taken as it.
void check_transpose_conv(const OpCheck& c, Operator&) {
  c.arity(3, 4);
  const Tensor &shape = c.in(0), &w = c.in(1), &x = c.in(2), &y = c.out();
  layer_activations(c, x, y);
  c.rank_is(x, 4, "input");
  c.rank_is(y, 4, "output");
  c.weights(w, 4, 0, true);
  c.zero_weight_offsets(w);
  if (w.shape[3] != x.shape[3]) {
    c.fail("weights {} expect {} input channels but the input has {}", c.label(w.id), w.shape[3], x.shape[3]);
  }
  if (shape.is_constant()) {
    const std::vector<int64_t> want = c.int_values(shape, "output shape");
    if (!std::equal(want.begin(), want.end(), y.shape.begin(), y.shape.end())) {
      c.fail("the output shape input {} does not match the output {} {}", c.label(shape.id), c.label(y.id),
             shape_text(y.shape));
    }
  }
  if (y.shape[0] != x.shape[0] || y.shape[3] != w.shape[0]) {
    c.fail("output {} has shape {}; expected {} images of {} channels", c.label(y.id), shape_text(y.shape),
           x.shape[0], w.shape[0]);
  }
  if (x.type == DType::Int16) {
    c.bias(3, w.shape[0], {DType::Int64, DType::Int16});  // 16x8: TFLite Micro widens an int16 one
  } else {
    c.bias(3, w.shape[0]);
  }
}

// lhs x rhs over the last two dimensions (each operand transposed first if adj_x / adj_y), the
// leading (batch) dimensions broadcast; ranks 2 to 5.
void check_batch_matmul(const OpCheck& c, Operator& op) {
  const auto& o = std::get<BatchMatmulOptions>(op.options);
  c.arity(2, 2);
  const Tensor &lhs = c.in(0), &rhs = c.in(1), &y = c.out();
  c.type_in(lhs, {DType::Int8, DType::Int16}, "lhs");
  c.type(rhs, lhs.type, "rhs");
  c.type(y, lhs.type, "output");
  for (auto [t, role] : {std::pair{&lhs, "lhs"}, {&rhs, "rhs"}, {&y, "output"}}) c.integer_quant(*t, role);
  for (auto [t, role] : {std::pair{&lhs, "lhs"}, {&rhs, "rhs"}}) {
    if (t->shape.size() < 2 || t->shape.size() > 5) {
      c.fail("{} {} has rank {}; BATCH_MATMUL takes ranks 2 to 5", role, c.label(t->id), t->shape.size());
    }
  }
  const Shape& l = lhs.shape;
  const Shape& r = rhs.shape;
  const std::size_t nl = l.size(), nr = r.size();
  const int32_t rows = o.adj_x ? l[nl - 1] : l[nl - 2], depth = o.adj_x ? l[nl - 2] : l[nl - 1];
  const int32_t rhs_depth = o.adj_y ? r[nr - 1] : r[nr - 2], cols = o.adj_y ? r[nr - 2] : r[nr - 1];
  if (depth != rhs_depth) {
    c.fail("lhs {} sums over {} elements but rhs {} over {}", shape_text(l), depth, shape_text(r), rhs_depth);
  }
  // Batch dimensions right-aligned, each pair equal or one of them 1.
  const std::size_t batch = std::max(nl, nr) - 2;
  Shape want(batch);
  for (std::size_t i = 0; i < batch; ++i) {
    auto dim = [&](const Shape& s) { return i + s.size() >= batch + 2 ? s[i + s.size() - 2 - batch] : 1; };
    const int32_t a = dim(l), b = dim(r);
    if (a != b && a != 1 && b != 1) {
      c.fail("the batch dimensions of lhs {} and rhs {} do not broadcast", shape_text(l), shape_text(r));
    }
    want[i] = std::max(a, b);
  }
  want.push_back(rows);
  want.push_back(cols);
  c.shape_is(y, want, "output");
}

// int8 only in TFLite Micro, without a fused activation; the output is in units of 1/128
// whatever its quantization (TFLite Micro does not read it).
void check_l2_normalization(const OpCheck& c, Operator& op) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  if (x.shape.empty() || x.shape.size() > 4) {
    c.fail("input {} has rank {}; TFLite Micro's L2_NORMALIZATION takes ranks 1 to 4", c.label(x.id), x.shape.size());
  }
  if (std::get<ActivationOptions>(op.options).activation != Activation::None) {
    c.fail("has a fused activation; TFLite Micro's L2_NORMALIZATION takes none");
  }
  c.shape_is(y, x.shape, "output");
}

const CheckEntry kChecks[] = {
    {OpType::TransposeConv, check_transpose_conv,
     "int8, int8 weights (per channel or per tensor, symmetric), int32 bias; int16 (zero point 0), int8 weights, "
     "int64 or int16 bias"},
    {OpType::BatchMatmul, check_batch_matmul, "int8; int16 (zero point 0)"},
    {OpType::L2Normalization, check_l2_normalization, "int8 -> int8 (in units of 1/128)"},
};

}  // namespace

std::span<const CheckEntry> layer_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
