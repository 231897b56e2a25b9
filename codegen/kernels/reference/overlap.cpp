// Which reference kernels run in place, and in what window (select/overlap.hpp). Each entry
// follows its kernel's loops as written in reference/*.c:
// - CONV_2D, DEPTHWISE_CONV_2D, AVERAGE/MAX_POOL_2D: output pixels in raster order, one output
//   channel at a time, each reading its window again (so a pixel's own window stays live while
//   the pixel is written);
// - element-wise kernels: element i read, then element i written, in order; for a binary
//   operator only an input with as many elements as the output (the broadcast one is read at
//   other offsets).
// The kernels take no restrict pointers, so the C compiler keeps that order.
#include <algorithm>
#include <string_view>

#include "codegen/select/overlap.hpp"
#include "codegen/select/registry.hpp"

namespace aotbench::codegen {
namespace {

int64_t elem_bytes(const Graph& g, int tensor) { return static_cast<int64_t>(dtype_size(g.tensors.at(tensor).type)); }

template <class P>
WindowGeometry window_geometry(const P& p, const Graph& g, const Operator& node) {
  WindowGeometry w;
  w.batches = p.output.n;
  w.in_h = p.input.h, w.in_w = p.input.w, w.in_c = p.input.c;
  w.out_h = p.output.h, w.out_w = p.output.w, w.out_c = p.output.c;
  w.stride_h = p.stride_h, w.stride_w = p.stride_w;
  w.pad_h = p.pad_h, w.pad_w = p.pad_w;
  w.in_bytes = elem_bytes(g, node.inputs.at(0));
  w.out_bytes = elem_bytes(g, node.outputs.at(0));
  return w;
}

template <class P>
WindowGeometry conv_geometry(const P& p, const Graph& g, const Operator& node) {
  WindowGeometry w = window_geometry(p, g, node);
  w.kernel_h = p.filter.h, w.kernel_w = p.filter.w;
  w.dilation_h = p.dilation_h, w.dilation_w = p.dilation_w;
  return w;
}

// Kernels that map element i of every full-size input to element i of the output, in order.
constexpr std::string_view kElementwise[] = {
    "ab_ref_add_s8",    "ab_ref_add_sub",    "ab_ref_mul",          "ab_ref_quantize",
    "ab_ref_lookup_s8", "ab_ref_logistic_s16", "ab_ref_tanh_s16",   "ab_ref_piecewise_linear",
    "ab_ref_dequantize_s8_f32", "ab_ref_dequantize_s16_f32", "ab_ref_dequantize_u8_f32",
};

}  // namespace

std::optional<OverlapWindow> reference_overlap(const ScheduleContext& c, const LoweredOp& op, std::size_t input) {
  const Operator& node = c.node;
  if (node.outputs.size() != 1 || !c.has_input(input)) return std::nullopt;
  const Tensor& in = c.g.tensors.at(node.inputs[input]);
  const Tensor& out = c.g.tensors.at(node.outputs[0]);
  if (std::find(std::begin(kElementwise), std::end(kElementwise), op.kernel) != std::end(kElementwise)) {
    if (in.num_elements() != out.num_elements()) return std::nullopt;
    return elementwise_window(out.num_elements(), static_cast<int64_t>(dtype_size(in.type)),
                              static_cast<int64_t>(dtype_size(out.type)));
  }
  if (input != 0) return std::nullopt;
  if (const auto* p = std::get_if<ab_conv2d_params>(&op.params)) {
    return raster_window(conv_geometry(*p, c.g, node), 1, true);
  }
  if (const auto* p = std::get_if<ab_depthwise_conv2d_params>(&op.params)) {
    return raster_window(conv_geometry(*p, c.g, node), 1, true);
  }
  if (const auto* p = std::get_if<ab_pool2d_params>(&op.params)) {
    if (op.kernel != "ab_ref_avg_pool2d_s8" && op.kernel != "ab_ref_max_pool2d_s8") return std::nullopt;
    WindowGeometry w = window_geometry(*p, c.g, node);
    w.kernel_h = p->filter_h, w.kernel_w = p->filter_w;
    return raster_window(w, 1, true);
  }
  return std::nullopt;
}

void reference_overlaps(std::vector<Schedule>& schedules) {
  for (Schedule& s : schedules) {
    if (s.family == "ref") s.overlap = reference_overlap;
  }
}

}  // namespace aotbench::codegen
