// Element-wise operators: SOFTMAX, QUANTIZE, DEQUANTIZE (ADD is with the arithmetic).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {

// SOFTMAX as TFLite Micro takes it: int8 to int8 (scale 1/256, zero point -128) or int16
// (1/65536, -32768), int16 to int16 (symmetric, 1/32768).
void check_softmax(const OpCheck& c, const SoftmaxOptions& o) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16}, "input");
  if (x.type == DType::Int8) {
    c.type_in(y, {DType::Int8, DType::Int16}, "output");
  } else {
    c.type(y, DType::Int16, "output");
  }
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  if (x.shape.empty()) c.fail("input {} is a scalar", c.label(x.id));
  c.shape_is(y, x.shape, "output");
  if (!std::isfinite(o.beta) || o.beta <= 0) c.fail("beta {} must be positive", o.beta);
  // The kernels write probabilities at a fixed scale, offset by the output type's minimum
  // (int8, and int16 from int8) or symmetric (int16 from int16).
  const float scale = y.quant->scale[0];
  const int64_t zero_point = y.quant->zero_point[0];
  if (x.type == DType::Int16) {
    c.integer_quant(x, "input");
    c.integer_quant(y, "output");
    if (std::fabs(scale - 1.0f / 32768) > 0.001f / 32768) {
      c.fail("output {} has scale {}; int16 SOFTMAX requires 1/32768", c.label(y.id), scale);
    }
  } else if (y.type == DType::Int16) {
    if (zero_point != -32768 || std::fabs(scale - 1.0f / 65536) > 0.001f / 65536) {
      c.fail("output {} has scale {} and zero point {}; int8 to int16 SOFTMAX requires 1/65536 and -32768",
             c.label(y.id), scale, zero_point);
    }
  } else if (zero_point != -128 || std::fabs(scale - 1.0f / 256) > 0.001f / 256) {
    c.fail("output {} has scale {} and zero point {}; int8 SOFTMAX requires 1/256 and -128", c.label(y.id), scale,
           zero_point);
  }
}

// The conversions TFLite Micro's QUANTIZE makes: float32 to int8 or int16 (affine), and the
// requantizations between integer types its Requantize is instantiated for.
void check_quantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  using D = DType;
  static const std::pair<D, D> kConversions[] = {
      {D::Float32, D::Int8}, {D::Float32, D::Int16}, {D::Int8, D::Int8},   {D::Int8, D::UInt8},
      {D::UInt8, D::Int8},   {D::Int8, D::Int16},    {D::Int8, D::Int32},  {D::Int16, D::Int8},
      {D::Int16, D::Int16},  {D::Int16, D::Int32},   {D::Int32, D::Int8},  {D::Int32, D::Int16},
  };
  const bool ok = std::find(std::begin(kConversions), std::end(kConversions), std::pair{x.type, y.type}) !=
                  std::end(kConversions);
  if (!ok)
    c.fail("converts {} to {}; supported are float32 to int8/int16, int8 to int8/uint8/int16/int32, uint8 to int8, "
           "int16 to int8/int16/int32 and int32 to int8/int16",
           dtype_name(x.type), dtype_name(y.type));
  if (x.type != DType::Float32) c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  c.shape_is(y, x.shape, "output");
}

void check_dequantize(const OpCheck& c) {
  c.arity(1, 1);
  const Tensor &x = c.in(0), &y = c.out();
  c.type_in(x, {DType::Int8, DType::Int16, DType::UInt8}, "input");
  c.per_tensor(x, "input");
  c.type(y, DType::Float32, "output");
  c.shape_is(y, x.shape, "output");
}

}  // namespace aotbench::codegen::reader_detail
