// Step 3: tensors. Shapes must be static and positive, types ones aotbench compiles, constant
// data exactly as large as the shape says, quantization affine and self-consistent.
#include <fmt/ranges.h>

#include <cmath>
#include <cstring>
#include <optional>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

constexpr std::size_t kMaxRank = 6;
// Any single tensor above this is certainly not an MCU model, and keeps all size maths in range.
constexpr int64_t kMaxTensorBytes = int64_t{1} << 31;

std::string tensor_label(uint32_t index, const tfl::Tensor& t) {
  return fmt::format("tensor #{} '{}'", index,
                     printable_name(t.name() ? t.name()->str() : std::string()));
}

std::optional<DType> convert_type(tfl::TensorType type) {
  switch (type) {
    case tfl::TensorType::INT8: return DType::Int8;
    case tfl::TensorType::UINT8: return DType::UInt8;
    case tfl::TensorType::INT16: return DType::Int16;
    case tfl::TensorType::INT32: return DType::Int32;
    case tfl::TensorType::INT64: return DType::Int64;
    case tfl::TensorType::FLOAT32: return DType::Float32;
    case tfl::TensorType::BOOL: return DType::Bool;
    case tfl::TensorType::UINT32: return DType::UInt32;
    case tfl::TensorType::UINT64: return DType::UInt64;
    default: return std::nullopt;
  }
}

std::string unsupported_type_text(const std::string& label, tfl::TensorType type) {
  const char* name = tfl::EnumNameTensorType(type);
  return fmt::format(
      "{} has type {}, which aotbench does not support; convert the model to full-integer "
      "int8 quantization",
      label, *name ? name : fmt::format("#{}", static_cast<int>(type)));
}

// shape_signature marks dimensions the converter left open with -1. An open batch dimension over
// a concrete batch of 1 is the usual Keras export and compiles as batch 1 (as TFLite Micro does);
// any other open dimension is a model built for run-time shapes.
void check_signature(const Graph& g, const std::string& label, const tfl::Tensor& t,
                     const std::vector<int32_t>& shape) {
  const auto* sig = t.shape_signature();
  if (!sig || sig->size() == 0) return;
  if (sig->size() != shape.size()) {
    fail(g, "{} has a shape_signature of rank {} but a shape of rank {}; the model is corrupt",
         label, sig->size(), shape.size());
  }
  for (uint32_t i = 0; i < sig->size(); ++i) {
    int32_t d = sig->Get(i);
    if (d == -1 && i == 0 && shape[0] == 1) continue;
    if (d < 0) {
      fail(g,
           "{} has a dynamic shape (dimension {} of its shape_signature is {}); fix the input "
           "sizes when converting the model",
           label, i, d);
    }
    if (d != shape[i]) {
      fail(g, "{} has shape_signature dimension {} = {} but shape {}; the model is corrupt", label,
           i, d, shape[i]);
    }
  }
}

std::vector<int32_t> convert_shape(const Graph& g, const std::string& label, const tfl::Tensor& t) {
  std::vector<int32_t> shape;
  if (t.shape()) shape.assign(t.shape()->begin(), t.shape()->end());
  if (shape.size() > kMaxRank)
    fail(g, "{} has rank {}; at most {} is supported", label, shape.size(), kMaxRank);
  for (int32_t d : shape) {
    if (d < 0)
      fail(g,
           "{} has a dynamic shape (dimension {}); give the model a fixed input "
           "shape before converting it",
           label, d);
    if (d == 0) fail(g, "{} has a zero-sized dimension; empty tensors are not supported", label);
  }
  check_signature(g, label, t, shape);
  return shape;
}

// The verifier aligns a vector's length to 4 bytes, not its 8-byte elements: copy them bytewise.
std::vector<int64_t> zero_points(const flatbuffers::Vector<int64_t>& v) {
  std::vector<int64_t> out(v.size());
  if (!out.empty()) std::memcpy(out.data(), v.Data(), out.size() * sizeof(int64_t));
  return out;
}

std::optional<Quantization> convert_quant(const Graph& g, const std::string& label,
                                          const tfl::Tensor& t, const std::vector<int32_t>& shape) {
  const tfl::QuantizationParameters* q = t.quantization();
  if (!q) return std::nullopt;
  if (q->details_type() != tfl::QuantizationDetails::NONE) {
    fail(g,
         "{} uses a non-affine quantization scheme ({}); only scale/zero-point quantization "
         "is supported",
         label, static_cast<int>(q->details_type()));
  }
  std::size_t n_scale = q->scale() ? q->scale()->size() : 0;
  std::size_t n_zp = q->zero_point() ? q->zero_point()->size() : 0;
  if (n_scale == 0 && n_zp == 0) return std::nullopt;  // an empty table means "not quantized"
  if (n_scale != n_zp) {
    fail(g, "{} has {} quantization scales but {} zero points; the model is corrupt", label,
         n_scale, n_zp);
  }
  Quantization out;
  out.scale.assign(q->scale()->begin(), q->scale()->end());
  out.zero_point = zero_points(*q->zero_point());
  out.axis = q->quantized_dimension();
  for (float s : out.scale) {
    if (!std::isfinite(s) || s < 0) {
      fail(g, "{} has an invalid quantization scale {}; the model is corrupt", label, s);
    }
  }
  // Some converters copy the weights' axis onto 1-D biases; a vector has only one axis.
  if (n_scale > 1 && shape.size() == 1 && shape[0] == static_cast<int32_t>(n_scale)) out.axis = 0;
  if (n_scale > 1) {
    if (out.axis < 0 || static_cast<std::size_t>(out.axis) >= shape.size()) {
      fail(g, "{} has per-channel quantization along axis {}, outside its rank {}", label, out.axis,
           shape.size());
    }
    if (static_cast<std::size_t>(shape[out.axis]) != n_scale) {
      fail(g, "{} has {} per-channel scales but dimension {} is {}; the model is corrupt", label,
           n_scale, out.axis, shape[out.axis]);
    }
  }
  return out;
}

// The constant data of a buffer: inside the flatbuffer, or (models > 2 GB) after it.
std::span<const uint8_t> buffer_bytes(const Graph& g, const std::string& label,
                                      const tfl::Buffer& b) {
  if (b.offset() > 1) {
    uint64_t file = g.storage.size();
    if (b.data() && b.data()->size() > 0) {
      fail(g, "{}: its buffer has both inline data and an external offset; the model is corrupt",
           label);
    }
    if (b.offset() > file || b.size() > file - b.offset()) {
      fail(g,
           "{}: its data (offset {}, {} bytes) lies beyond the end of the {}-byte file "
           "(truncated?)",
           label, b.offset(), b.size(), file);
    }
    return {g.storage.data() + b.offset(), static_cast<std::size_t>(b.size())};
  }
  if (!b.data()) return {};
  return {b.data()->data(), b.data()->size()};
}

Tensor convert_tensor(const tfl::Model& model, uint32_t index, const tfl::Tensor& t, Graph& g) {
  std::string label = tensor_label(index, t);
  Tensor out;
  out.id = static_cast<int>(index);
  out.name = t.name() ? t.name()->str() : std::string();
  out.is_variable = t.is_variable();
  if (t.sparsity()) fail(g, "{} is sparse; densify the model before converting it", label);
  if (t.external_buffer() != 0) {
    fail(g, "{} keeps its data in an external file; embed the weights in the .tflite", label);
  }
  out.type = *convert_type(t.type());
  out.shape = convert_shape(g, label, t);
  int64_t bytes = static_cast<int64_t>(dtype_size(out.type));
  for (int32_t d : out.shape) {
    bytes *= d;
    if (bytes > kMaxTensorBytes) fail(g, "{} is larger than 2 GiB; not supported", label);
  }
  out.quant = convert_quant(g, label, t, out.shape);

  const auto* buffers = model.buffers();
  std::size_t n_buffers = buffers ? buffers->size() : 0;
  if (t.buffer() >= n_buffers) {
    fail(g, "{} refers to buffer {}, but the model has {} buffers; the model is corrupt", label,
         t.buffer(), n_buffers);
  }
  // TFLite Micro gives a variable tensor memory of its own and resets it, whatever its buffer
  // holds: its contents are state, never a constant.
  if (!out.is_variable) out.data = buffer_bytes(g, label, *buffers->Get(t.buffer()));
  if (!out.data.empty() && static_cast<int64_t>(out.data.size()) != bytes) {
    fail(g, "{}: constant data is {} bytes but {}{} needs {}; the model is corrupt", label,
         out.data.size(), dtype_name(out.type), fmt::format("[{}]", fmt::join(out.shape, "x")),
         bytes);
  }
  return out;
}


// The tensors an operator reads or writes, or the graph exchanges. Converters attach others that
// nothing computes with (an LSTM's empty "intermediate" statistics tensors): those are kept as
// names only, and whatever they hold is not checked.
std::vector<bool> referenced_tensors(const tfl::SubGraph& sg, std::size_t count) {
  std::vector<bool> used(count, false);
  auto mark = [&](const flatbuffers::Vector<int32_t>* ids) {
    if (!ids) return;
    for (int32_t id : *ids) {
      if (id >= 0 && static_cast<std::size_t>(id) < count) used[static_cast<std::size_t>(id)] = true;
    }
  };
  mark(sg.inputs());
  mark(sg.outputs());
  if (sg.operators()) {
    for (const tfl::Operator* op : *sg.operators()) {
      mark(op->inputs());
      mark(op->outputs());
    }
  }
  return used;
}

}  // namespace

std::vector<TypeProblem> read_tensors(const tfl::Model& model, const tfl::SubGraph& sg, Graph& g) {
  const auto* tensors = sg.tensors();
  if (!tensors || tensors->size() == 0) fail(g, "the subgraph has no tensors");
  const std::vector<bool> used = referenced_tensors(sg, tensors->size());
  std::vector<TypeProblem> problems;
  g.tensors.reserve(tensors->size());
  for (uint32_t i = 0; i < tensors->size(); ++i) {
    const tfl::Tensor& t = *tensors->Get(i);
    if (used[i] && convert_type(t.type())) {
      g.tensors.push_back(convert_tensor(model, i, t, g));
      continue;
    }
    // Unused, or of a type aotbench cannot compute with: kept by name; the latter is reported
    // with the model's other problems.
    if (used[i]) problems.push_back({static_cast<int>(i), unsupported_type_text(tensor_label(i, t), t.type())});
    Tensor named;
    named.id = static_cast<int>(i);
    named.name = t.name() ? t.name()->str() : std::string();
    g.tensors.push_back(std::move(named));
  }
  return problems;
}

}  // namespace aotbench::codegen::reader_detail
