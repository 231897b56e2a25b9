// CONV_2D schedules of the dsp family (kernels: ab_dsp_conv2d.h, ab_dsp_conv2d_3px.h). The prepare
// step here folds the input offset into the bias, picks the requantization mode, and lays the
// weights out as the kernel reads them: rows of the window padded to a multiple of four, pairs of
// output channels interleaved group by group, as int8 or as int16 lanes. The two-pixel block
// (ab_dsp_conv2d.h) runs any convolution; the three-pixel one (ab_dsp_conv2d_3px.h) pointwise ones
// with int16 lanes, on the same weights (other windows: conv2d_im2col_3px.cpp). Short reductions:
// conv2d_short.cpp; first layers: conv2d_rows.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "conv2d.hpp"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_conv2d_params& p) { AB_RENDER_FIELDS(AB_DSP_CONV2D_FIELDS) }

namespace dsp {
namespace {

ab_idx_t round4(ab_idx_t n) { return (n + 3) / 4 * 4; }

}  // namespace

bool is_pointwise(const ab_conv2d_params& r) {
  return r.filter.h == 1 && r.filter.w == 1 && r.stride_h == 1 && r.stride_w == 1 && r.pad_h == 0 &&
         r.pad_w == 0 && r.input.h == r.output.h && r.input.w == r.output.w;
}

std::string conv2d_unsupported(const ScheduleContext& c, const LoweredOp& op, bool pointwise) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  if (r.filter.c != r.input.c) return "grouped convolution";
  if (pointwise && !is_pointwise(r)) return "not a 1x1 convolution with stride 1 and no padding";
  if (pointwise && r.input.c % 4 != 0) return fmt::format("{} input channels, not a multiple of 4", r.input.c);
  return tensors_unsupported(c);
}

namespace {

// Element k of weight row `oc` in the kernel's order: kernel rows padded to row_run (zeros), the
// column's end padded to a whole group (zeros).
int32_t weight_at(const std::vector<int8_t>& w, const ab_conv2d_params& r, ab_idx_t row_run, ab_idx_t oc,
                  ab_idx_t k) {
  if (oc >= r.output.c) return 0;  // the padding channel of an odd count
  const ab_idx_t kh = k / row_run, j = k % row_run, used = r.filter.w * r.input.c;
  if (kh >= r.filter.h || j >= used) return 0;
  return w[static_cast<std::size_t>((oc * r.filter.h + kh) * used + j)];
}

}  // namespace

void apply_conv2d_columns(const ScheduleContext& c, LoweredOp& op, bool pointwise, ab_dsp_weight_format format,
                          PixelBlock block) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1];
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const ab_idx_t pairs = (r.output.c + 1) / 2;
  const bool stored16 = format == AB_DSP_W16 || format == AB_DSP_W16_IN_RAM;

  ab_dsp_conv2d_params p{};
  p.ref = r;
  p.ref.output_multiplier = nullptr;  // the table below replaces them
  p.ref.output_shift = nullptr;
  // Rows packed one after the other where padding each row to a group would cost groups.
  const ab_idx_t used = r.filter.w * r.input.c;
  p.packed = !pointwise && round4(r.filter.h * used) < r.filter.h * round4(used);
  p.row_run = p.packed ? used : round4(used);
  p.depth = round4(r.filter.h * p.row_run);

  // The folded mode's factor 2: in the int16 weights, else a shift of every output; weights
  // widened into RAM take it in the widening (a SADD16 a widened word) where outputs outnumber
  // those words.
  const bool widen_doubles = format == AB_DSP_W8_TO_RAM &&
                             int64_t{r.output.n} * r.output.h * r.output.w * r.output.c > int64_t{pairs} * p.depth;
  const RequantTable t = conv2d_requant(c, r, w, stored16 || widen_doubles);
  p.pointwise = pointwise;
  p.weights = format;
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  p.widen_doubles = widen_doubles && t.weight_scale == 2;
  // (kept in RAM: the table follows the weights in the same constant)
  p.rq = format == AB_DSP_W16_IN_RAM ? nullptr : add_param_array(op, "rq", t.rq);

  // Per channel pair and group of four: [e0,e2],[e1,e3] of the even channel, then the odd one
  // (int16 lanes), or the four bytes of each (int8).
  GeneratedConstant packed;
  packed.source = weights_id;
  std::vector<int8_t> w8;
  std::vector<int16_t> w16;
  for (ab_idx_t pair = 0; pair < pairs; ++pair) {
    for (ab_idx_t g = 0; g < p.depth / 4; ++g) {
      for (ab_idx_t oc = 2 * pair; oc < 2 * pair + 2; ++oc) {
        int32_t e[4];
        for (ab_idx_t j = 0; j < 4; ++j) e[j] = weight_at(w, r, p.row_run, oc, 4 * g + j);
        if (!stored16) {
          for (int32_t v : e) w8.push_back(static_cast<int8_t>(v));
        } else {
          for (int j : {0, 2, 1, 3}) w16.push_back(static_cast<int16_t>(e[j] * t.weight_scale));
        }
      }
    }
  }
  if (!stored16) {
    packed.name = format == AB_DSP_W8 ? "(int8, interleaved channel pairs)"
                                      : "(int8, interleaved channel pairs, widened into RAM per run)";
    packed.values = std::move(w8);
  } else if (format == AB_DSP_W16) {
    packed.name = "(int16 lanes, interleaved channel pairs)";
    packed.values = std::move(w16);
  } else {
    // the requantization table after the weights, each int32 as two int16 (little-endian, as
    // every target and host): one RAM copy, nothing copied per run
    for (int32_t v : t.rq) {
      w16.push_back(static_cast<int16_t>(static_cast<uint32_t>(v) & 0xffffu));
      w16.push_back(static_cast<int16_t>(static_cast<uint32_t>(v) >> 16));
    }
    packed.name = "(int16 lanes, interleaved channel pairs, then the requantization table; kept in RAM)";
    packed.values = std::move(w16);
    packed.in_ram = true;
    // each channel pair's weights (4 * depth bytes) on a multiple of their size where that is a
    // power of two: the kernel's loop then ends on the weight pointer's low bits
    const int64_t pair_bytes = int64_t{4} * p.depth;
    if ((pair_bytes & (pair_bytes - 1)) == 0 && pair_bytes <= AB_DSP_KEPT_MAX_ALIGNMENT) packed.alignment = pair_bytes;
  }
  op.constants = {std::move(packed)};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  const bool three = block != PixelBlock::Two;
  const bool dual = block == PixelBlock::ThreeDualIssue;
  op.kernel = !three     ? "ab_dsp_conv2d_s8"
              : pointwise ? (dual ? "ab_dsp_conv2d_3px_dual_s8" : "ab_dsp_conv2d_3px_s8")
                          : (dual ? "ab_dsp_conv2d_im2col_3px_dual_s8" : "ab_dsp_conv2d_im2col_3px_s8");
  op.params_type = "ab_dsp_conv2d_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_conv2d_params>>("ab_dsp_conv2d_params", p);
  op.scratch_bytes = (three ? 6 : 4) * p.depth;  // two or three int16 columns
  if (p.packed) op.scratch_bytes += p.depth;  // the window's bytes
  if (format == AB_DSP_W8_TO_RAM) {  // the widened weights and the requantization table
    op.scratch_bytes += int64_t{pairs} * 4 * p.depth + int64_t{pairs} * 2 * AB_DSP_RQ_STRIDE * 4;
  }
  op.headers = {"ab_dsp_kernels.h"};
}

namespace {

Schedule conv_schedule(const char* name, int preference, bool pointwise, ab_dsp_weight_format format,
                       const char* help, PixelBlock block = PixelBlock::Two) {
  Schedule s = dsp_schedule(name, OpType::Conv2D, preference, help);
  s.unsupported = [pointwise](const ScheduleContext& c, const LoweredOp& op) { return conv2d_unsupported(c, op, pointwise); };
  s.apply = [pointwise, format, block](const ScheduleContext& c, LoweredOp& op) {
    apply_conv2d_columns(c, op, pointwise, format, block);
  };
  return s;
}


}  // namespace

RequantTable conv2d_requant(const ScheduleContext& c, const ab_conv2d_params& r, const std::vector<int8_t>& w,
                            bool scaled) {
  const int bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const auto cout = static_cast<std::size_t>(r.output.c);
  const auto sums = channel_sums(w, cout, static_cast<std::size_t>(r.filter.h * r.filter.w * r.input.c),
                                 int32_values(c.g, bias_id, cout));
  return requant_table(sums, r.output_multiplier, r.output_shift, r.input_offset, r.output_offset, scaled,
                       (cout + 1) / 2 * 2,
                       RequantBounds{.fold_constant_channels = true, .clamped_at_zero_point = r.act_min >= r.output_offset});
}

std::vector<Schedule> conv2d_schedules() {
  return {
      conv_schedule("dsp_1x1", 40, true, AB_DSP_W8,
                    "1x1 stride 1: input pixels expanded to int16 pairs, 2 pixels x 2 channels with SMLAD, int8 weights"),
      conv_schedule("dsp_1x1_w16", 30, true, AB_DSP_W16,
                    "as dsp_1x1 with the weights expanded to int16 at generation time: faster, twice the weight bytes"),
      conv_schedule("dsp_im2col", 20, false, AB_DSP_W8,
                    "any window: each output pixel's window expanded to an int16 column, then as dsp_1x1"),
      conv_schedule("dsp_im2col_w16", 10, false, AB_DSP_W16, "as dsp_im2col with int16 weights"),
      conv_schedule("dsp_1x1_ram", 8, true, AB_DSP_W8_TO_RAM,
                    "as dsp_1x1_w16, the int8 weights widened (and the requantization table copied) into RAM "
                    "on every run: no flash reads in the loop, 4 bytes of RAM per weight"),
      conv_schedule("dsp_im2col_ram", 6, false, AB_DSP_W8_TO_RAM,
                    "as dsp_im2col_w16, the int8 weights widened into RAM on every run"),
      conv_schedule("dsp_1x1_3px_w16", 5, true, AB_DSP_W16,
                    "as dsp_1x1_w16, 3 pixels x 2 channels at a time: 5 loads for 6 SMLADs (wide layers)",
                    PixelBlock::Three),
      conv_schedule("dsp_1x1_3px_ram", 4, true, AB_DSP_W8_TO_RAM,
                    "as dsp_1x1_ram, 3 pixels x 2 channels at a time: 5 loads for 6 SMLADs (wide layers)",
                    PixelBlock::Three),
      conv_schedule("dsp_1x1_3px_dual_w16", 3, true, AB_DSP_W16,
                    "as dsp_1x1_3px_w16, the loads between the SMLADs for a dual-issue core (Cortex-M7)",
                    PixelBlock::ThreeDualIssue),
      conv_schedule("dsp_1x1_3px_dual_ram", 2, true, AB_DSP_W8_TO_RAM,
                    "as dsp_1x1_3px_ram, the loads between the SMLADs for a dual-issue core (Cortex-M7)",
                    PixelBlock::ThreeDualIssue),
      conv_schedule("dsp_1x1_3px_kept", 1, true, AB_DSP_W16_IN_RAM,
                    "as dsp_1x1_3px_w16, the int16 weights kept in RAM (initialized data, copied from flash at "
                    "start-up, not per run): 2 bytes of RAM per weight for the whole run",
                    PixelBlock::Three),
      conv_schedule("dsp_1x1_3px_dual_kept", 0, true, AB_DSP_W16_IN_RAM,
                    "as dsp_1x1_3px_kept, the loads between the SMLADs for a dual-issue core (Cortex-M7)",
                    PixelBlock::ThreeDualIssue),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
