// Which dsp kernels run in place, and in what window (select/overlap.hpp), from their loops:
// - dsp_1x1*, dsp_im2col*: two output pixels at a time, both windows copied into the scratch
//   columns before either pixel's channels are written (ab_dsp_conv2d_s8); dsp_1x1_3px*,
//   dsp_im2col_3px*: three at a time alike (ab_dsp_conv2d_3px_s8, ab_dsp_conv2d_im2col_3px_s8; dsp_1x1_3px_*slabs
//   expand every pixel before any output); dsp_1x1_short* four (ab_dsp_conv2d_1x1_short_s8),
//   the last step the last 1-3;
// - dsp_dw, dsp_dw_small, dsp_dw3x3: channel blocks one after the other, output rows in order,
//   each input row transposed into the scratch ring once, before the output rows that need it
//   are written (ab_dsp_depthwise_conv2d_s8 and _3x3_s8): in place channel over channel, with
//   multiplier 1; dsp_dw3x3_image likewise, a block's rows all transposed before its outputs;
// - dsp_avgpool, dsp_maxpool: output pixels in raster order, four channels at a time, each group
//   reading the pixel's window again;
// - dsp_add: element i of both inputs read, then element i written, in order.
// Input and output are not restrict-qualified in these kernels, so the C compiler keeps that order.
#include <string_view>

#include "codegen/select/overlap.hpp"
#include "codegen/select/registry.hpp"

namespace aotbench::codegen {
namespace {

template <class P>
WindowGeometry geometry(const P& p, const Graph& g, const Operator& node) {
  WindowGeometry w;
  w.batches = p.output.n;
  w.in_h = p.input.h, w.in_w = p.input.w, w.in_c = p.input.c;
  w.out_h = p.output.h, w.out_w = p.output.w, w.out_c = p.output.c;
  w.stride_h = p.stride_h, w.stride_w = p.stride_w;
  w.pad_h = p.pad_h, w.pad_w = p.pad_w;
  w.in_bytes = static_cast<int64_t>(dtype_size(g.tensors.at(node.inputs.at(0)).type));
  w.out_bytes = static_cast<int64_t>(dtype_size(g.tensors.at(node.outputs.at(0)).type));
  if constexpr (requires { p.filter; }) {
    w.kernel_h = p.filter.h, w.kernel_w = p.filter.w;
    w.dilation_h = p.dilation_h, w.dilation_w = p.dilation_w;
  } else {
    w.kernel_h = p.filter_h, w.kernel_w = p.filter_w;
  }
  return w;
}

std::optional<OverlapWindow> dsp_overlap(std::string_view schedule, const ScheduleContext& c, const LoweredOp& op,
                                         std::size_t input) {
  const Operator& node = c.node;
  if (node.outputs.size() != 1 || !c.has_input(input)) return std::nullopt;
  if (schedule == "dsp_add") {
    const Tensor& in = c.g.tensors.at(node.inputs[input]);
    const Tensor& out = c.g.tensors.at(node.outputs[0]);
    if (in.num_elements() != out.num_elements()) return std::nullopt;
    return elementwise_window(out.num_elements(), 1, 1);
  }
  if (input != 0) return std::nullopt;
  if (const auto* p = std::get_if<ab_conv2d_params>(&op.params)) {
    return raster_window(geometry(*p, c.g, node),
                         schedule.starts_with("dsp_1x1_short")             ? 4
                         : schedule.find("_3px") != std::string_view::npos ? 3
                                                                           : 2,
                         false);
  }
  if (const auto* p = std::get_if<ab_depthwise_conv2d_params>(&op.params)) {
    if (p->depth_multiplier != 1) return std::nullopt;
    return channel_rows_window(geometry(*p, c.g, node));
  }
  if (const auto* p = std::get_if<ab_pool2d_params>(&op.params)) {
    return raster_window(geometry(*p, c.g, node), 1, true);
  }
  return std::nullopt;
}

// (the _ram convolutions widen their weights into the scratch before the first pixel, then loop alike)
constexpr std::string_view kInPlace[] = {
    "dsp_1x1", "dsp_1x1_w16", "dsp_1x1_ram", "dsp_1x1_short", "dsp_1x1_short_ram", "dsp_1x1_3px_w16",
    "dsp_1x1_3px_ram", "dsp_1x1_3px_dual_w16", "dsp_1x1_3px_dual_ram", "dsp_1x1_3px_kept", "dsp_1x1_3px_dual_kept",
    "dsp_1x1_3px_slabs", "dsp_1x1_3px_dual_slabs",
    "dsp_im2col", "dsp_im2col_w16", "dsp_im2col_ram", "dsp_im2col_3px_w16", "dsp_im2col_3px_ram",
    "dsp_im2col_3px_dual_w16", "dsp_im2col_3px_dual_ram", "dsp_dw", "dsp_dw_small", "dsp_dw3x3", "dsp_dw3x3_image",
    "dsp_add", "dsp_avgpool", "dsp_maxpool"};

}  // namespace

void dsp_overlaps(std::vector<Schedule>& schedules) {
  for (Schedule& s : schedules) {
    for (std::string_view name : kInPlace) {
      if (s.family != "dsp" || s.name != name) continue;
      s.overlap = [name](const ScheduleContext& c, const LoweredOp& op, std::size_t input) {
        return dsp_overlap(name, c, op, input);
      };
    }
  }
}

}  // namespace aotbench::codegen
