// OpCheck: the assertions the per-operator checks are written in.
#include "codegen/reader/op_check.hpp"

#include <algorithm>
#include <cstdint>

namespace aotbench::codegen::reader_detail {

std::string OpCheck::label(int id) const {
  return fmt::format("tensor #{} '{}'", id, printable_name(graph.tensors[id].name));
}

void OpCheck::arity(std::size_t min_in, std::size_t max_in) const {
  std::size_t n = node.inputs.size();
  if (n < min_in || n > max_in) {
    if (min_in == max_in) fail("has {} inputs; expected {}", n, min_in);
    fail("has {} inputs; expected {} to {}", n, min_in, max_in);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (node.inputs[i] == -1 && i < min_in) fail("input {} is missing", i);
  }
}

// The tensor's type, or a message that says what was expected (and spots hybrid kernels).
void OpCheck::type(const Tensor& t, DType want, const char* role) const {
  if (t.type == want) return;
  if (t.type == DType::Float32 && want == DType::Int8) {
    fail(
        "{} {} is float32: float (or hybrid float/int8) compute is not supported; convert the "
        "model with full-integer int8 quantization",
        role, label(t.id));
  }
  fail("{} {} is {}; expected {}", role, label(t.id), dtype_name(t.type), dtype_name(want));
}

void OpCheck::constant(const Tensor& t, const char* role) const {
  if (t.is_variable) {
    fail("{} {} is a variable tensor (state), not a constant; only constant {}s are supported", role,
         label(t.id), role);
  }
  if (!t.is_constant())
    fail("{} {} is not a constant; only constant {}s are supported", role, label(t.id), role);
}

// An activation: one scale and zero point, the zero point inside the type's range.
void OpCheck::per_tensor(const Tensor& t, const char* role) const {
  if (!t.quant)
    fail(
        "{} {} has no quantization parameters; re-convert with full-integer "
        "quantization",
        role, label(t.id));
  if (t.quant->per_channel())
    fail("{} {} is quantized per channel; expected one scale", role, label(t.id));
  if (!(t.quant->scale[0] > 0))
    fail("{} {} has scale {}; must be positive", role, label(t.id), t.quant->scale[0]);
  zero_points_in_range(t, role);
}

void OpCheck::zero_points_in_range(const Tensor& t, const char* role) const {
  int64_t lo = -128, hi = 127;
  if (t.type == DType::UInt8) lo = 0, hi = 255;
  if (t.type == DType::Int16) lo = INT16_MIN, hi = INT16_MAX;
  if (t.type == DType::Int32) lo = INT32_MIN, hi = INT32_MAX;
  for (int64_t zp : t.quant->zero_point) {
    if (zp < lo || zp > hi)
      fail("{} {} has zero point {}, outside {}", role, label(t.id), zp, dtype_name(t.type));
  }
}

// int8 activation with per-tensor quantization.
void OpCheck::act(const Tensor& t, const char* role) const {
  type(t, DType::Int8, role);
  per_tensor(t, role);
}

void OpCheck::type_in(const Tensor& t, std::initializer_list<DType> allowed, const char* role) const {
  std::string names;
  std::size_t i = 0;
  for (DType d : allowed) {
    if (t.type == d) return;
    names += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + std::string(dtype_name(d));
    ++i;
  }
  fail("{} {} is {}; {} takes {}", role, label(t.id), dtype_name(t.type), op_name(node.type), names);
}

void OpCheck::integer_quant(const Tensor& t, const char* role) const {
  if (t.type == DType::Int32) return;
  per_tensor(t, role);
  if (t.type == DType::Int16 && t.quant->zero_point[0] != 0) {
    fail("{} {} is int16 with zero point {}; 16-bit kernels take symmetric tensors (zero point 0)", role,
         label(t.id), t.quant->zero_point[0]);
  }
}

Shape OpCheck::broadcast_shape(const Tensor& a, const Tensor& b, std::size_t max_rank) const {
  const std::size_t rank = std::max(a.shape.size(), b.shape.size());
  if (a.shape != b.shape && rank > max_rank) {
    fail("broadcasting beyond {} dimensions is not supported", max_rank);
  }
  Shape want(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    auto dim = [&](const Shape& s) { return i + s.size() >= rank ? s[i + s.size() - rank] : 1; };
    const int32_t da = dim(a.shape), db = dim(b.shape);
    if (da != db && da != 1 && db != 1) {
      fail("input shapes {} and {} do not broadcast", shape_text(a.shape), shape_text(b.shape));
    }
    want[i] = std::max(da, db);
  }
  return want;
}

// Symmetric int8 weights, per tensor or per channel along `axis` (count = channels).
void OpCheck::weights(const Tensor& t, std::size_t rank, int axis, bool per_channel_ok) const {
  type(t, DType::Int8, "weights");
  constant(t, "weights");
  rank_is(t, rank, "weights");
  if (!t.quant) fail("weights {} have no quantization parameters", label(t.id));
  if (t.quant->per_channel()) {
    if (!per_channel_ok)
      fail(
          "weights {} are quantized per channel; only per-tensor weights "
          "are supported for this operator",
          label(t.id));
    if (t.quant->axis != axis)
      fail("weights {} are quantized along axis {}; expected axis {}", label(t.id), t.quant->axis,
           axis);
  }
  zero_points_in_range(t, "weights");
}

void OpCheck::zero_weight_offsets(const Tensor& t) const {
  for (int64_t zp : t.quant->zero_point) {
    if (zp != 0)
      fail(
          "weights {} have zero point {}; int8 convolution weights must be "
          "symmetric (zero point 0)",
          label(t.id), zp);
  }
}

void OpCheck::bias(std::size_t i, int64_t channels, std::initializer_list<DType> allowed) const {
  if (!has(i)) return;
  const Tensor& b = in(i);
  type_in(b, allowed, "bias");
  constant(b, "bias");
  if (b.num_elements() != channels)
    fail("bias {} has {} elements; expected {}", label(b.id), b.num_elements(), channels);
}

void OpCheck::rank_is(const Tensor& t, std::size_t rank, const char* role) const {
  if (t.shape.size() != rank)
    fail("{} {} has rank {}; expected {}", role, label(t.id), t.shape.size(), rank);
}

void OpCheck::shape_is(const Tensor& t, const Shape& want, const char* role) const {
  if (t.shape != want)
    fail(
        "{} {} has shape {}, but the operator computes {} from its inputs; "
        "the model is corrupt",
        role, label(t.id), shape_text(t.shape), shape_text(want));
}

// Small constant int32/int64 vectors (axes, paddings, permutations), read little-endian.
std::vector<int64_t> OpCheck::int_values(const Tensor& t, const char* role) const {
  if (t.type != DType::Int32 && t.type != DType::Int64) {
    fail("{} {} is {}; expected int32 or int64", role, label(t.id), dtype_name(t.type));
  }
  constant(t, role);
  std::vector<int64_t> v(t.num_elements());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (t.type == DType::Int32) {
      int32_t x;
      std::memcpy(&x, t.data.data() + 4 * i, 4);
      v[i] = x;
    } else {
      std::memcpy(&v[i], t.data.data() + 8 * i, 8);
    }
  }
  return v;
}

}  // namespace aotbench::codegen::reader_detail
