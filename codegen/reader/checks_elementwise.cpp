// Element-wise operators: SOFTMAX, QUANTIZE, DEQUANTIZE (ADD is with the arithmetic).
#include <algorithm>
#include <cmath>

#include "reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

void check_softmax(const OpCheck& c, const SoftmaxOptions& o) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.act(y, "output");
  if (x.shape.empty()) c.fail("input {} is a scalar", c.label(x.id));
  c.shape_is(y, x.shape, "output");
  if (!std::isfinite(o.beta) || o.beta <= 0) c.fail("beta {} must be positive", o.beta);
  // TFLite's int8 softmax writes probabilities with scale 1/256 and zero point -128.
  float scale = y.quant->scale[0];
  if (y.quant->zero_point[0] != -128 || std::fabs(scale - 1.0f / 256) > 0.001f / 256) {
    c.fail("output {} has scale {} and zero point {}; int8 SOFTMAX requires 1/256 and -128",
           c.label(y.id), scale, y.quant->zero_point[0]);
  }
}

void check_quantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  bool ok = (x.type == DType::Float32 || x.type == DType::UInt8 || x.type == DType::Int8) &&
            (y.type == DType::Int8 || (y.type == DType::UInt8 && x.type == DType::Int8));
  if (!ok)
    c.fail("converts {} to {}; supported are float32/uint8/int8 to int8 and int8 to uint8",
           dtype_name(x.type), dtype_name(y.type));
  if (x.type != DType::Float32) c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  c.shape_is(y, x.shape, "output");
}

void check_dequantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.act(x, "input");
  c.type(y, DType::Float32, "output");
  c.shape_is(y, x.shape, "output");
}

}  // namespace aotbench::codegen::reader_detail
