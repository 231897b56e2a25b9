// CONV_2D of first layers (kernel: ab_dsp_conv2d_rows.h): the prepare step sizes the widened input
// rows the kernel reads windows from in place, and orders the weights per channel pair, word by
// word of the window.
#include <fmt/format.h>

#include <algorithm>

#include "conv2d.hpp"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_conv2d_rows_params& p) {
  AB_RENDER_FIELDS(AB_DSP_CONV2D_ROWS_FIELDS)
}

namespace dsp {
namespace {

// dsp_rows: ab_dsp_conv2d_rows.h. The geometry of the widened rows (ab_dsp_conv2d_rows_params).
constexpr ab_idx_t kRowsMaxChannels = 4;
constexpr ab_idx_t kRowsMaxUnrolled = 16;  // AB_UNROLL's count: kernel rows, words of a window row
constexpr ab_idx_t kRowsMaxOffset = 4096;  // bytes an LDR's immediate offset reaches
// Bytes of slots for several output rows at a time: the row's other work (widening, moving) then
// runs less often, and so does the refetch of the dot products' code it pushes out of the L4R5's
// 1 KB instruction cache.
constexpr int64_t kRowsSlotBudget = 4096;
constexpr ab_idx_t kRowsMaxOutRows = 4;

struct RowsGeometry {
  ab_idx_t row_words = 0, copy_words = 0, copies = 1, lead = 0, out_rows = 1, span = 1;
  ab_idx_t slot_words() const { return copies * copy_words; }
};

RowsGeometry rows_geometry(const ab_conv2d_params& r) {
  RowsGeometry g;
  const ab_idx_t step = r.stride_w * r.input.c;  // values from one pixel's window to the next's
  g.row_words = (r.filter.w * r.input.c + 1) / 2;
  g.copies = step % 2 == 0 ? 1 : 2;
  g.lead = r.pad_w * r.input.c;  // so the window of pixel ox starts at value ox * step
  // A row's even pixels, then its odd ones, three at a time: the last three of each reach past
  // the row's end (into the slack), each window to its row_words-th word; the odd pixels' one
  // value further on in the second copy, if any. The input's row ends at lead + width there.
  ab_idx_t values = g.lead + 1 + r.input.w * r.input.c;
  for (ab_idx_t parity = 0; parity < 2 && parity < r.output.w; ++parity) {
    const ab_idx_t pixels = (r.output.w - parity + 1) / 2, threes = (pixels + 2) / 3;
    const ab_idx_t last = parity + 2 * (3 * threes - 1);
    values = std::max(values, last * step + (g.copies == 2 ? parity : 0) + 2 * g.row_words);
  }
  const ab_idx_t unit = 16 / g.copies;  // a slot (both copies) of whole 64-byte units, moved by LDM/STM
  g.copy_words = ((values + 1) / 2 + unit - 1) / unit * unit;
  const auto span = [&](ab_idx_t rows) { return (rows - 1) * r.stride_h + (r.filter.h - 1) * r.dilation_h + 1; };
  while (g.out_rows < kRowsMaxOutRows && g.out_rows < r.output.h &&
         int64_t{span(g.out_rows + 1)} * g.slot_words() * 4 <= kRowsSlotBudget) {
    ++g.out_rows;
  }
  g.span = span(g.out_rows);
  return g;
}

std::string rows_unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  if (r.filter.c != r.input.c) return "grouped convolution";
  if (r.input.c > kRowsMaxChannels) {
    return fmt::format("{} input channels: dsp_rows is for first layers of at most {} (dsp_im2col* runs the rest)",
                       r.input.c, kRowsMaxChannels);
  }
  if (r.dilation_w != 1) return "dilated across: a window's row is not one run of the input's row";
  const RowsGeometry g = rows_geometry(r);
  if (r.filter.h > kRowsMaxUnrolled || g.row_words > kRowsMaxUnrolled) {
    return fmt::format("a window of {} rows of {} int16 pairs: dsp_rows unrolls at most {} of each", r.filter.h,
                       g.row_words, kRowsMaxUnrolled);
  }
  const ab_idx_t step = r.stride_w * r.input.c;  // three pixels two apart: 2 * step words from the first
  if (4 * ((r.filter.h - 1) * r.dilation_h * g.slot_words() + g.row_words - 1 + 2 * step) >= kRowsMaxOffset) {
    return "input rows too wide: a window's last word lies 4 KB or more past its first (dsp_im2col* runs it)";
  }
  return tensors_unsupported(c);
}

void apply_rows(const ScheduleContext& c, LoweredOp& op) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1];
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const ab_idx_t row_values = r.filter.w * r.input.c;
  const RowsGeometry g = rows_geometry(r);

  ab_dsp_conv2d_rows_params p{};
  p.ref = r;
  p.ref.output_multiplier = nullptr;  // the table below replaces them
  p.ref.output_shift = nullptr;
  p.row_words = g.row_words;
  p.copy_words = g.copy_words;
  p.copies = g.copies;
  p.lead = g.lead;
  p.out_rows = g.out_rows;
  p.span = g.span;
  // widened words; the folded mode's factor 2 in the widening where outputs outnumber them
  const ab_idx_t pairs = (r.output.c + 1) / 2;
  const int64_t words = int64_t{pairs} * 2 * r.filter.h * g.row_words;
  const bool widen_doubles = int64_t{r.output.n} * r.output.h * r.output.w * r.output.c > words;
  const RequantTable t = conv2d_requant(c, r, w, widen_doubles);
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  p.widen_doubles = widen_doubles && t.weight_scale == 2;
  p.rq = add_param_array(op, "rq", t.rq);

  // The int16 lanes as the kernel reads them: per channel pair, kernel row and word of the
  // window's row, each channel's pair of values (0 past the row and for a padding channel).
  std::vector<int8_t> lanes;
  for (ab_idx_t pair = 0; pair < pairs; ++pair) {
    for (ab_idx_t kh = 0; kh < r.filter.h; ++kh) {
      for (ab_idx_t j = 0; j < g.row_words; ++j) {
        for (ab_idx_t oc = 2 * pair; oc < 2 * pair + 2; ++oc) {
          for (ab_idx_t e = 2 * j; e < 2 * j + 2; ++e) {
            const bool real = oc < r.output.c && e < row_values;
            lanes.push_back(real ? w[static_cast<std::size_t>((oc * r.filter.h + kh) * row_values + e)] : 0);
          }
        }
      }
    }
  }
  // Stored as int8 for ab_dsp_widen_weights, which makes [b0,b2],[b1,b3] of every four bytes.
  GeneratedConstant packed;
  packed.source = weights_id;
  packed.name = "(int8, per channel pair the window's int16 pairs, widened into RAM per run)";
  std::vector<int8_t> bytes;
  for (std::size_t m = 0; m + 4 <= lanes.size(); m += 4) {
    for (std::size_t k : {m, m + 2, m + 1, m + 3}) bytes.push_back(lanes[k]);
  }
  packed.values = std::move(bytes);
  op.constants = {std::move(packed)};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_conv2d_rows_s8";
  op.params_type = "ab_dsp_conv2d_rows_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_conv2d_rows_params>>("ab_dsp_conv2d_rows_params", p);
  // the slots, each pair's stream (biases, widened weights, table entries), a row's last pixels (three at a time)
  op.scratch_bytes = (int64_t{g.span} * g.slot_words() + words + 2 * pairs) * 4 +
                     int64_t{pairs} * 2 * AB_DSP_RQ_STRIDE * 4 + 5 * int64_t{r.output.c};
  op.headers = {"ab_dsp_kernels.h"};
}

Schedule rows_schedule() {
  Schedule s = dsp_schedule("dsp_rows", OpType::Conv2D, 5,
                            "first layers (at most 4 input channels): input rows widened to int16 once, windows "
                            "read in place, 3 pixels x 2 channels with SMLAD, weights widened into RAM per run");
  s.unsupported = rows_unsupported;
  s.apply = apply_rows;
  return s;
}

}  // namespace

std::vector<Schedule> conv2d_rows_schedules() { return {rows_schedule()}; }

}  // namespace dsp
}  // namespace aotbench::codegen
