// Pointwise CONV_2D with the three-pixel register block on int8 weights widened into RAM a slab of
// channel pairs at a time (kernel: ab_dsp_conv2d_3px_slabs.h): for the wide layers whose widened
// weights would not fit in RAM whole. Weights and requantization table are conv2d.cpp's
// AB_DSP_W8_TO_RAM ones; only the slab's size and the scratch differ.
#include <fmt/format.h>

#include <algorithm>

#include "codegen/lower/render_c.hpp"
#include "conv2d.hpp"
#include "dsp_common.hpp"

namespace aotbench::codegen::dsp {
namespace {

// RAM for the widened weights of one slab: 8 KB, a small part of what the layers that need slabs
// would widen whole (64-256 KB), and enough channel pairs that each slab's pass over the blocks is
// cheap beside its multiply-accumulates.
constexpr int64_t kSlabBytes = 8 * 1024;

ab_idx_t pairs_of(const LoweredOp& op) { return (std::get<ab_conv2d_params>(op.params).output.c + 1) / 2; }
ab_idx_t pair_bytes(const LoweredOp& op) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  return 4 * ((r.input.c + 3) / 4 * 4);  // int16 lanes of two channels' columns
}
ab_idx_t slab_pairs(const LoweredOp& op) {
  return static_cast<ab_idx_t>(std::clamp<int64_t>(kSlabBytes / pair_bytes(op), 1, pairs_of(op)));
}

std::string slabs_unsupported(const ScheduleContext& c, const LoweredOp& op) {
  if (std::string why = conv2d_unsupported(c, op, true); !why.empty()) return why;
  if (slab_pairs(op) >= pairs_of(op))
    return fmt::format("its widened weights ({} B) fit one slab: dsp_1x1_3px_ram runs it",
                       int64_t{pairs_of(op)} * pair_bytes(op));
  return "";
}

Schedule slabs_schedule(const char* name, int preference, PixelBlock block, const char* help) {
  Schedule s = dsp_schedule(name, OpType::Conv2D, preference, help);
  s.unsupported = slabs_unsupported;
  s.apply = [block](const ScheduleContext& c, LoweredOp& op) {
    apply_conv2d_columns(c, op, true, AB_DSP_W8_TO_RAM, block);
    auto& p = static_cast<StructParams<ab_dsp_conv2d_params>&>(*op.schedule_params).value;
    p.slab_pairs = slab_pairs(op);
    const auto& r = p.ref;
    const int64_t blocks = (int64_t{r.output.n} * r.output.h * r.output.w + 2) / 3;
    op.scratch_bytes = blocks * 6 * p.depth + int64_t{pairs_of(op)} * 2 * AB_DSP_RQ_STRIDE * 4 +
                       int64_t{p.slab_pairs} * 4 * p.depth;
    op.kernel = block == PixelBlock::ThreeDualIssue ? "ab_dsp_conv2d_3px_slabs_dual_s8" : "ab_dsp_conv2d_3px_slabs_s8";
  };
  return s;
}

}  // namespace

std::vector<Schedule> conv2d_3px_slabs_schedules() {
  return {
      slabs_schedule("dsp_1x1_3px_slabs", 4, PixelBlock::Three,
                     "as dsp_1x1_3px_ram, the weights widened into RAM 8 KB at a time, every input pixel expanded "
                     "once: wide layers whose widened weights do not fit in RAM whole"),
      slabs_schedule("dsp_1x1_3px_dual_slabs", 2, PixelBlock::ThreeDualIssue,
                     "as dsp_1x1_3px_slabs, the loads between the SMLADs for a dual-issue core (Cortex-M7)"),
  };
}

}  // namespace aotbench::codegen::dsp
