#include "codegen/select/signature.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

namespace aotbench::codegen {
namespace {

std::string dims(const std::vector<int32_t>& shape) {
  std::string s;
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? "x" : "") + std::to_string(shape[i]);
  return s.empty() ? "scalar" : s;
}

std::string quantization(const Tensor& t) {
  if (!t.quant) return "none";
  std::string s = t.quant->per_channel() ? "pc" : "pt";
  for (int64_t zp : t.quant->zero_point)
    if (zp != 0) return s + "+zp";
  return s;
}

struct Describe {
  std::string operator()(std::monostate) const { return ""; }
  std::string operator()(const Conv2DOptions& o) const {
    return fmt::format(" s={}x{} d={}x{} pad={}+{}/{}/{}/{} act={}", o.stride_h, o.stride_w, o.dilation_h,
                       o.dilation_w, padding_name(o.padding), o.folded.top, o.folded.bottom, o.folded.left,
                       o.folded.right, activation_name(o.activation));
  }
  std::string operator()(const DepthwiseConv2DOptions& o) const {
    return fmt::format(" s={}x{} d={}x{} m={} pad={}+{}/{}/{}/{} act={}", o.stride_h, o.stride_w, o.dilation_h,
                       o.dilation_w, o.depth_multiplier, padding_name(o.padding), o.folded.top, o.folded.bottom,
                       o.folded.left, o.folded.right, activation_name(o.activation));
  }
  std::string operator()(const FullyConnectedOptions& o) const {
    return fmt::format(" act={}", activation_name(o.activation));
  }
  std::string operator()(const AddOptions& o) const { return fmt::format(" act={}", activation_name(o.activation)); }
  std::string operator()(const Pool2DOptions& o) const {
    return fmt::format(" f={}x{} s={}x{} pad={} act={}", o.filter_h, o.filter_w, o.stride_h, o.stride_w,
                       padding_name(o.padding), activation_name(o.activation));
  }
  std::string operator()(const ReducerOptions& o) const { return fmt::format(" keep={}", o.keep_dims); }
  std::string operator()(const SoftmaxOptions& o) const { return fmt::format(" beta={}", o.beta); }
  std::string operator()(const ConcatenationOptions& o) const {
    return fmt::format(" axis={} act={}", o.axis, activation_name(o.activation));
  }
  std::string operator()(const StridedSliceOptions& o) const {
    return fmt::format(" masks={}/{}/{}/{}/{} offset={}", o.begin_mask, o.end_mask, o.ellipsis_mask,
                       o.new_axis_mask, o.shrink_axis_mask, o.offset);
  }
  std::string operator()(const LeakyReluOptions& o) const { return fmt::format(" alpha={}", o.alpha); }
  std::string operator()(const AxisCountOptions& o) const { return fmt::format(" axis={} n={}", o.axis, o.count); }
  std::string operator()(const GatherOptions& o) const {
    return fmt::format(" axis={} batch_dims={}", o.axis, o.batch_dims);
  }
  std::string operator()(const SqueezeOptions& o) const { return fmt::format(" dims={}", fmt::join(o.dims, ",")); }
  std::string operator()(const BlockSizeOptions& o) const { return fmt::format(" block={}", o.block_size); }
  std::string operator()(const MirrorPadOptions& o) const { return o.symmetric ? " symmetric" : " reflect"; }
  std::string operator()(const ResizeOptions& o) const {
    return fmt::format(" align_corners={} half_pixel={}", o.align_corners, o.half_pixel_centers);
  }
  std::string operator()(const TransposeConvOptions& o) const {
    return fmt::format(" s={}x{} pad={} act={}", o.stride_h, o.stride_w, padding_name(o.padding),
                       activation_name(o.activation));
  }
  std::string operator()(const BatchMatmulOptions& o) const { return fmt::format(" adj={}/{}", o.adj_x, o.adj_y); }
  std::string operator()(const SvdfOptions& o) const {
    return fmt::format(" rank={} act={}", o.rank, activation_name(o.activation));
  }
  std::string operator()(const SequenceLstmOptions& o) const {
    return fmt::format(" act={} clip={}/{} time_major={}", activation_name(o.activation), o.cell_clip, o.proj_clip,
                       o.time_major);
  }
  std::string operator()(const SignalOptions& o) const {
    std::string s;
    for (const auto& [key, value] : o.values) s += fmt::format(" {}={}", key, value);
    return s;
  }
};

// Small constant integer inputs (axes, paddings, slice bounds, permutations) decide what an
// operator does as much as its options do.
std::string constant_values(const Tensor& t) {
  if (!t.is_constant() || (t.type != DType::Int32 && t.type != DType::Int64) || t.num_elements() > 16) return "";
  std::vector<int64_t> v;
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    if (t.type == DType::Int32) {
      int32_t x;
      std::memcpy(&x, t.data.data() + 4 * i, 4);
      v.push_back(x);
    } else {
      int64_t x;
      std::memcpy(&x, t.data.data() + 8 * i, 8);
      v.push_back(x);
    }
  }
  return fmt::format("={{{}}}", fmt::join(v, ","));
}

}  // namespace

std::string op_signature(const Graph& g, const Operator& op) {
  std::string s = op_name(op.type);
  const char* roles[] = {"in", "w", "b"};
  for (std::size_t i = 0; i < op.inputs.size(); ++i) {
    if (op.inputs[i] < 0) continue;
    const Tensor& t = g.tensors.at(static_cast<std::size_t>(op.inputs[i]));
    const std::string role = i < 3 && (i == 0 || t.is_constant()) ? roles[i] : "in" + std::to_string(i);
    s += fmt::format(" {}={}:{}:{}{}", role, dims(t.shape), dtype_name(t.type), quantization(t), constant_values(t));
  }
  for (int out : op.outputs) {
    const Tensor& t = g.tensors.at(static_cast<std::size_t>(out));
    s += fmt::format(" out={}:{}:{}", dims(t.shape), dtype_name(t.type), quantization(t));
  }
  return s + std::visit(Describe{}, op.options);
}

std::string shape_text(const Tensor& t) {
  std::vector<int32_t> shape = t.shape;
  if (shape.size() > 1 && shape[0] == 1) shape.erase(shape.begin());
  return dims(shape);
}

}  // namespace aotbench::codegen
