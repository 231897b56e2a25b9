// Cases of the resizes: RESIZE_BILINEAR (int8) with each flag combination TFLite Micro takes, and
// RESIZE_NEAREST_NEIGHBOR (int8, int16) with all four; up- and down-scaling, non-square sizes,
// single rows and columns, batches, and (now and then) output quantization that differs from the
// input's, which TFLite Micro ignores.
#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

OpCase resize_case(CaseRng& rng, int n, TT type, BO code, bool align_corners, bool half_pixel_centers) {
  const bool bilinear = code == BO::RESIZE_BILINEAR;
  const std::vector<int32_t> in_shape{static_cast<int32_t>(rng.uniform(1, 3)), static_cast<int32_t>(rng.uniform(1, 7)),
                                      static_cast<int32_t>(rng.uniform(1, 7)), static_cast<int32_t>(rng.uniform(1, 5))};
  // Up to twice as large, down to a single row or column.
  const int64_t out_h = rng.uniform(1, 2 * in_shape[1] + 1), out_w = rng.uniform(1, 2 * in_shape[2] + 1);
  CaseBuilder b(case_name(bilinear ? "resize_bilinear" : "resize_nearest", type, n));
  const auto [lo, hi] = type_range(type);
  const Quant q{rng.scale(), type == TT::INT8 ? rng.uniform(lo, hi) : 0};
  const Quant qo = n % 5 == 4 ? Quant{q.scale * 2, rng.uniform(lo / 8, hi / 8)} : q;
  const int32_t x = b.input(type, in_shape, q);
  const int32_t size = b.constant_values(TT::INT32, {2}, {out_h, out_w});
  const std::vector<int32_t> out_shape{in_shape[0], static_cast<int32_t>(out_h), static_cast<int32_t>(out_w), in_shape[3]};
  const int32_t out = b.tensor(type, out_shape, qo);
  if (bilinear) {
    tfl::ResizeBilinearOptionsT o;
    o.align_corners = align_corners;
    o.half_pixel_centers = half_pixel_centers;
    b.op(code, {x, size}, {out}, o);
  } else {
    tfl::ResizeNearestNeighborOptionsT o;
    o.align_corners = align_corners;
    o.half_pixel_centers = half_pixel_centers;
    b.op(code, {x, size}, {out}, o);
  }
  b.output(out);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> resize_cases() {
  CaseRng rng(31);
  std::vector<OpCase> cases;
  int n = 0;
  for (int i = 0; i < 8; ++i) {
    // TFLite Micro's bilinear resize refuses align_corners with half_pixel_centers.
    for (auto [align, half] : {std::pair{false, false}, {true, false}, {false, true}}) {
      cases.push_back(resize_case(rng, n++, TT::INT8, BO::RESIZE_BILINEAR, align, half));
    }
  }
  n = 0;
  for (int i = 0; i < 6; ++i) {
    for (auto [align, half] : {std::pair{false, false}, {true, false}, {false, true}, {true, true}}) {
      for (TT type : {TT::INT8, TT::INT16}) {
        cases.push_back(resize_case(rng, n++, type, BO::RESIZE_NEAREST_NEIGHBOR, align, half));
      }
    }
  }
  return cases;
}

}  // namespace aotbench::codegen::test
