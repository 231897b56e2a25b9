// AVERAGE_POOL_2D and MAX_POOL_2D schedules of the dsp family (kernel: ab_dsp_pool2d.h). The
// prepare step sizes the int16 lane sums of averages and picks the reciprocal that divides an
// unclipped window's sum with TFLite's rounding, checked for every sum the window can have.
#include <algorithm>
#include <cstdint>

#include "ab_dsp_pool2d.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_pool2d_params& p) { AB_RENDER_FIELDS(AB_DSP_POOL2D_FIELDS) }

namespace dsp {
namespace {

// TFLite's average of a window sum s over `count` elements (ab_ref_avg_pool2d.c).
int64_t reference_average(int64_t s, int64_t count) { return s > 0 ? (s + count / 2) / count : (s - count / 2) / count; }

// ab_dsp_average()'s reciprocal form for count elements; false unless it equals the reference
// for every sum of count int8 values.
bool reciprocal(int64_t count, ab_dsp_pool2d_params& p) {
  if (count < 3 || count > 256) return false;  // 2^32 / count must fit an int32; lanes limit count
  const int64_t m = ((int64_t{1} << 32) + count - 1) / count;
  const int64_t add = count / 2 + 128 * count;
  const bool ties = count % 2 == 0;
  for (int64_t s = -128 * count; s <= 127 * count; ++s) {
    const int64_t n = s + add + (ties && s < 0 ? -1 : 0);
    const int64_t fast = ((n * m) >> 32) - 128;  // SMMLA(n, m, -128)
    if (fast != reference_average(s, count)) return false;
  }
  p.recip = static_cast<int32_t>(m);
  p.round_add = static_cast<int32_t>(add);
  p.ties = ties;
  return true;
}

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_pool2d_params>(op.params);
  for (int t : {c.node.inputs.at(0), c.node.outputs.at(0)}) {
    if (c.g.tensors.at(static_cast<std::size_t>(t)).type != DType::Int8) return "not int8 tensors";
  }
  if (c.node.type == OpType::AveragePool2D && r.filter_w > 256) return "windows wider than 256 elements";
  return "";
}

void apply(const ScheduleContext& c, LoweredOp& op) {
  const auto& r = std::get<ab_pool2d_params>(op.params);
  const bool average = c.node.type == OpType::AveragePool2D;
  ab_dsp_pool2d_params p{};
  p.ref = r;
  if (average) {
    p.full_count = r.filter_h * r.filter_w;
    // int16 lanes hold the sum of up to 256 int8 values
    p.lane_rows = std::clamp<int32_t>(256 / std::max<int32_t>(r.filter_w, 1), 1, std::max<int32_t>(r.filter_h, 1));
    reciprocal(p.full_count, p);
  }
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = average ? "ab_dsp_avg_pool2d_s8" : "ab_dsp_max_pool2d_s8";
  op.params_type = "ab_dsp_pool2d_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_pool2d_params>>("ab_dsp_pool2d_params", p);
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> pool2d_schedules() {
  Schedule avg = dsp_schedule("dsp_avgpool", OpType::AveragePool2D, 20,
                              "4 channels per word load, SXTAB16 sums in int16 lanes, division by a checked reciprocal");
  avg.unsupported = unsupported;
  avg.apply = apply;
  Schedule max = dsp_schedule("dsp_maxpool", OpType::MaxPool2D, 20, "4 channels per word load, SSUB8 + SEL maxima");
  max.unsupported = unsupported;
  max.apply = apply;
  return {std::move(avg), std::move(max)};
}

}  // namespace dsp
}  // namespace aotbench::codegen
