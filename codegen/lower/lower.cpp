#include "codegen/lower/lower.hpp"

#include <algorithm>
#include <cstring>
#include <span>

#include "codegen/ir/dump.hpp"
#include "codegen/lower/lower_context.hpp"

namespace aotbench::codegen {

const char* arg_role_name(ArgRole r) {
  switch (r) {
    case ArgRole::Input: return "input";
    case ArgRole::Weights: return "weights";
    case ArgRole::Bias: return "bias";
    case ArgRole::Output: return "output";
    case ArgRole::Scratch: return "scratch";
    case ArgRole::State: return "state";
  }
  return "?";
}

namespace {

template <class Values>
std::span<const uint8_t> bytes_of(const Values& values) {
  return std::visit(
      [](const auto& v) {
        return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(v.data()),
                                        v.size() * sizeof(v[0]));
      },
      values);
}

}  // namespace

const void* ParamArray::data() const {
  return std::visit([](const auto& v) -> const void* { return v.data(); }, values);
}

std::size_t ParamArray::size() const {
  return std::visit([](const auto& v) { return v.size(); }, values);
}

const char* ParamArray::c_type() const {
  static const char* const names[] = {"int8_t", "int16_t", "int32_t"};
  return names[values.index()];
}

int64_t ParamArray::element(std::size_t i) const {
  return std::visit([i](const auto& v) { return static_cast<int64_t>(v.at(i)); }, values);
}

std::size_t GeneratedConstant::size() const {
  return std::visit([](const auto& v) { return v.size(); }, values);
}

std::span<const uint8_t> GeneratedConstant::bytes() const { return bytes_of(values); }

const ParamArray* LoweredOp::array_at(const void* data) const {
  for (const ParamArray& a : arrays) {
    if (a.data() == data) return &a;
  }
  return nullptr;
}

const int32_t* LoweredOp::array_data(const std::string& field) const {
  for (const ParamArray& a : arrays) {
    if (a.field != field) continue;
    const auto* v = std::get_if<std::vector<int32_t>>(&a.values);
    return v ? v->data() : nullptr;
  }
  return nullptr;
}

namespace lower_detail {

const Tensor& OpContext::input(std::size_t i) const {
  if (!has_input(i)) fail("input {} is missing", i);
  return graph.tensors.at(static_cast<std::size_t>(node.inputs[i]));
}

const Tensor& OpContext::output(std::size_t i) const {
  if (i >= node.outputs.size() || node.outputs[i] < 0) fail("output {} is missing", i);
  return graph.tensors.at(static_cast<std::size_t>(node.outputs[i]));
}

const std::vector<float>& OpContext::scales(const Tensor& t) const {
  if (!t.quant || t.quant->scale.empty()) {
    fail("tensor #{} '{}' has no quantization parameters", t.id, printable_name(t.name));
  }
  return t.quant->scale;
}

float OpContext::scale(const Tensor& t) const {
  const auto& s = scales(t);
  if (s.size() != 1) fail("tensor #{} '{}' is quantized per channel; expected one scale", t.id,
                          printable_name(t.name));
  return s[0];
}

int32_t OpContext::zero_point(const Tensor& t) const {
  scales(t);
  if (t.quant->zero_point.empty()) return 0;
  return static_cast<int32_t>(t.quant->zero_point[0]);
}

ab_dims4 OpContext::dims4(const Tensor& t) const {
  if (t.shape.size() != 4) fail("tensor #{} '{}' has rank {}; expected 4", t.id,
                                printable_name(t.name), t.shape.size());
  return ab_dims4{t.shape[0], t.shape[1], t.shape[2], t.shape[3]};
}

std::vector<int64_t> OpContext::int_values(const Tensor& t) const {
  if (!t.is_constant() || (t.type != DType::Int32 && t.type != DType::Int64)) {
    fail("tensor #{} '{}' must be a constant int32 or int64 tensor", t.id, printable_name(t.name));
  }
  const std::size_t width = dtype_size(t.type);
  std::vector<int64_t> v(static_cast<std::size_t>(t.num_elements()));
  if (t.data.size() < v.size() * width) fail("tensor #{} has too little data", t.id);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (width == 4) {
      int32_t x;
      std::memcpy(&x, t.data.data() + 4 * i, 4);
      v[i] = x;
    } else {
      std::memcpy(&v[i], t.data.data() + 8 * i, 8);
    }
  }
  return v;
}

LoweredOp start(const OpContext& c, const char* kernel, const char* params_type) {
  LoweredOp l;
  l.op_index = c.node.index;
  l.op_type = c.node.type;
  l.kernel = kernel;
  l.params_type = params_type;
  return l;
}

const int32_t* add_array(LoweredOp& l, const char* field, std::vector<int32_t> values) {
  return add_param_array(l, field, std::move(values));
}

namespace {

// Right-aligns `shape` into AB_MAX_DIMS dimensions, padding with leading 1s.
std::vector<int64_t> extended(const OpContext& c, const std::vector<int32_t>& shape) {
  if (shape.size() > AB_MAX_DIMS) {
    c.fail("rank {} is above the supported {}", shape.size(), AB_MAX_DIMS);
  }
  std::vector<int64_t> e(AB_MAX_DIMS, 1);
  std::copy(shape.begin(), shape.end(), e.begin() + (AB_MAX_DIMS - shape.size()));
  return e;
}

// Element strides of an input inside the output's iteration; 0 along broadcast dimensions.
void broadcast_strides(const std::vector<int64_t>& in, const std::vector<int64_t>& out,
                       ab_idx_t* stride) {
  int64_t s = 1;
  for (int d = AB_MAX_DIMS - 1; d >= 0; --d) {
    stride[d] = (in[d] == 1 && out[d] != 1) ? 0 : s;
    s *= in[d];
  }
}

}  // namespace

ab_broadcast broadcast_of(const OpContext& c, const Tensor& a, const Tensor& b, const Tensor& out) {
  const auto ea = extended(c, a.shape), eb = extended(c, b.shape), eo = extended(c, out.shape);
  ab_broadcast p{};
  for (int d = 0; d < AB_MAX_DIMS; ++d) {
    const bool ok = (ea[d] == eo[d] || ea[d] == 1) && (eb[d] == eo[d] || eb[d] == 1);
    if (!ok) c.fail("input shapes do not broadcast to the output's");
    p.out_shape[d] = eo[d];
  }
  p.flat_size = out.num_elements();
  p.broadcast = (ea != eo || eb != eo) ? 1 : 0;
  broadcast_strides(ea, eo, p.in1_stride);
  broadcast_strides(eb, eo, p.in2_stride);
  return p;
}

ab_elem_type elem_type(const OpContext& c, const Tensor& t) {
  switch (t.type) {
    case DType::Int8: return AB_ELEM_INT8;
    case DType::Int16: return AB_ELEM_INT16;
    case DType::Int32: return AB_ELEM_INT32;
    default: c.fail("tensor #{} is {}; this kernel takes int8, int16 or int32", t.id, dtype_name(t.type));
  }
}

std::vector<KernelArg> inputs_then_outputs(const OpContext& c) {
  std::vector<KernelArg> args;
  for (int t : c.node.inputs) args.push_back({ArgRole::Input, t});
  for (int t : c.node.outputs) args.push_back({ArgRole::Output, t});
  return args;
}

namespace {

// The operators of the first families.
const LowerEntry kCoreLowerings[] = {
    {OpType::Conv2D, lower_conv2d},
    {OpType::DepthwiseConv2D, lower_depthwise_conv2d},
    {OpType::FullyConnected, lower_fully_connected},
    {OpType::AveragePool2D, lower_pool2d},
    {OpType::MaxPool2D, lower_pool2d},
    {OpType::Mean, lower_mean},
    {OpType::Pad, lower_pad},
    {OpType::Reshape, lower_reshape},
    {OpType::Softmax, lower_softmax},
    {OpType::Transpose, lower_transpose},
    {OpType::Concatenation, lower_concatenation},
    {OpType::Quantize, lower_quantize},
    {OpType::Dequantize, lower_dequantize},
};

LoweredOp dispatch(const OpContext& c) {
  for (std::span<const LowerEntry> family :
       {std::span<const LowerEntry>(kCoreLowerings), arithmetic_lowerings(),
        activation_lowerings(), reduce_lowerings(), movement_lowerings(), resize_lowerings(),
        layer_lowerings(), recurrent_lowerings(), signal_lowerings()}) {
    for (const LowerEntry& e : family) {
      if (e.type == c.node.type) return e.lower(c);
    }
  }
  c.fail("has no kernel");
}

}  // namespace
}  // namespace lower_detail

LoweredOp lower_operator(const Graph& g, const Operator& op, const LowerOptions& options) {
  return lower_detail::dispatch(lower_detail::OpContext(g, op, options));
}

std::vector<LoweredOp> lower_graph(const Graph& g, const LowerOptions& options) {
  std::vector<LoweredOp> ops;
  ops.reserve(g.ops.size());
  for (const Operator& op : g.ops) ops.push_back(lower_operator(g, op, options));
  return ops;
}

}  // namespace aotbench::codegen
