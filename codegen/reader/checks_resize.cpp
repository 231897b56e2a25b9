// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR.
#include <limits>

#include "codegen/ir/resize_rules.hpp"
#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// Both take a 4-D NHWC input and a constant int32 [2] size (height, width); the output keeps
// the input's batch and channels. Neither rescales: TFLite Micro interpolates or copies the raw
// values whatever the two tensors' quantization says (int16 zero points included).
void check_resize(const OpCheck& c, std::initializer_list<DType> types) {
  c.arity(2, 2);
  const Tensor &x = c.in(0), &size = c.in(1), &y = c.out();
  c.type_in(x, types, "input");
  c.type(y, x.type, "output");
  c.per_tensor(x, "input");
  c.per_tensor(y, "output");
  c.rank_is(x, 4, "input");
  c.type(size, DType::Int32, "size");
  if (size.shape != Shape{2}) {
    c.fail("size {} has shape {}; expected [2] (height, width)", c.label(size.id), shape_text(size.shape));
  }
  const std::vector<int64_t> hw = c.int_values(size, "size");
  if (hw[0] <= 0 || hw[1] <= 0) c.fail("size {}x{} is not positive", hw[0], hw[1]);
  c.shape_is(y, {x.shape[0], checked_dim(c, hw[0]), checked_dim(c, hw[1]), x.shape[3]}, "output");
}

// The integer bilinear coordinates of one axis must fit TFLite's int32 arithmetic, and the
// rounded scale must not carry the last output past the last input pixel (the reference would
// read outside the input: a large upscale of a tiny axis, e.g. 1 -> 46 without align_corners).
void check_bilinear_axis(const OpCheck& c, const ResizeOptions& o, const char* axis, int64_t in, int64_t out) {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  const int64_t scale = bilinear_scale_10(in, out, o.align_corners);
  if (1024 * in + out > kMax || (out - 1) * scale + scale > kMax) {
    c.fail("resizing the {} from {} to {} overflows TFLite's int32 coordinates", axis, in, out);
  }
  const BilinearSample last = bilinear_sample(out - 1, scale, o.half_pixel_centers, in);
  if (last.lower > in - 1) {
    c.fail("resizing the {} from {} to {} makes TFLite Micro's integer bilinear resize read past the input "
           "(its rounded scale); TFLite Micro's result is undefined. Set align_corners or change the size",
           axis, in, out);
  }
}

// TFLite Micro's bilinear resize is int8 only (its integer path), and refuses half-pixel
// centers with aligned corners.
void check_bilinear(const OpCheck& c, Operator& op) {
  const auto& o = std::get<ResizeOptions>(op.options);
  if (o.align_corners && o.half_pixel_centers) {
    c.fail("align_corners and half_pixel_centers are both set; TFLite Micro takes at most one");
  }
  if (c.in(0).type == DType::Int16) c.fail("int16 input: TFLite Micro's RESIZE_BILINEAR takes int8 only");
  check_resize(c, {DType::Int8});
  const Tensor &x = c.in(0), &y = c.out();
  check_bilinear_axis(c, o, "height", x.shape[1], y.shape[1]);
  check_bilinear_axis(c, o, "width", x.shape[2], y.shape[2]);
}

// Nearest neighbour copies int8 or int16 elements; every combination of the two flags is taken.
void check_nearest(const OpCheck& c, Operator&) { check_resize(c, {DType::Int8, DType::Int16}); }

const CheckEntry kChecks[] = {
    {OpType::ResizeBilinear, check_bilinear, "int8 (4-D; constant int32 size; not both flags)"},
    {OpType::ResizeNearestNeighbor, check_nearest, "int8, int16 (4-D; constant int32 size)"},
};

}  // namespace

std::span<const CheckEntry> resize_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
