// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR: TFLite's source coordinates of the output pixels.
#include <tuple>

#include "codegen/ir/resize_rules.hpp"
#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

// Input and output as NHWC of one element type, the output as large as the size input says.
void check_shapes(const OpContext& c, const Tensor& in, const Tensor& out) {
  if (in.shape.size() != 4 || out.shape.size() != 4) c.fail("input and output must be 4-D");
  if (in.type != out.type) c.fail("input and output types differ");
  const std::vector<int64_t> size = c.int_values(c.input(1));
  if (size.size() != 2 || size[0] != out.shape[1] || size[1] != out.shape[2] || in.shape[0] != out.shape[0] ||
      in.shape[3] != out.shape[3]) {
    c.fail("the output shape does not match the input and the size");
  }
}

LoweredOp lower_resize_bilinear(const OpContext& c) {
  const auto& o = c.options<ResizeOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  check_shapes(c, in, out);
  if (in.type != DType::Int8) c.fail("only int8 is supported");
  LoweredOp l = start(c, "ab_ref_resize_bilinear_s8", "ab_resize_bilinear_params");
  ab_resize_bilinear_params p{};
  p.input = c.dims4(in);
  p.output = c.dims4(out);
  p.scale_h = static_cast<int32_t>(bilinear_scale_10(in.shape[1], out.shape[1], o.align_corners));
  p.scale_w = static_cast<int32_t>(bilinear_scale_10(in.shape[2], out.shape[2], o.align_corners));
  p.half_pixel_centers = o.half_pixel_centers ? 1 : 0;
  // The reader refuses what would read past the input; keep the kernel safe whatever the caller.
  for (auto [in_size, out_size, scale] : {std::tuple{p.input.h, p.output.h, p.scale_h},
                                          std::tuple{p.input.w, p.output.w, p.scale_w}}) {
    if (bilinear_sample(out_size - 1, scale, o.half_pixel_centers, in_size).lower >= in_size) {
      c.fail("the integer coordinates pass the input's last pixel");
    }
  }
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

std::vector<int32_t> nearest_table(int32_t in, int32_t out, const ResizeOptions& o) {
  std::vector<int32_t> t(static_cast<std::size_t>(out));
  for (int32_t v = 0; v < out; ++v) t[static_cast<std::size_t>(v)] = nearest_index(v, in, out, o.align_corners,
                                                                                   o.half_pixel_centers);
  return t;
}

LoweredOp lower_resize_nearest(const OpContext& c) {
  const auto& o = c.options<ResizeOptions>();
  const Tensor &in = c.input(0), &out = c.output();
  check_shapes(c, in, out);
  if (in.type != DType::Int8 && in.type != DType::Int16) c.fail("only int8 and int16 are supported");
  LoweredOp l = start(c, "ab_ref_resize_nearest", "ab_resize_nearest_params");
  ab_resize_nearest_params p{};
  p.input = c.dims4(in);
  p.output = c.dims4(out);
  p.elem_bytes = static_cast<ab_idx_t>(dtype_size(in.type));
  p.rows = add_array(l, "rows", nearest_table(in.shape[1], out.shape[1], o));
  p.cols = add_array(l, "cols", nearest_table(in.shape[2], out.shape[2], o));
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::ResizeBilinear, lower_resize_bilinear},
    {OpType::ResizeNearestNeighbor, lower_resize_nearest},
};

}  // namespace

std::span<const LowerEntry> resize_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_resize_bilinear_params& p) { AB_RENDER_FIELDS(AB_RESIZE_BILINEAR_FIELDS) }
void render_fields(FieldWriter& w, const ab_resize_nearest_params& p) { AB_RENDER_FIELDS(AB_RESIZE_NEAREST_FIELDS) }

}  // namespace aotbench::codegen
