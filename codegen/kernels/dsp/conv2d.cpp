// CONV_2D schedules of the dsp family (kernels: ab_dsp_conv2d.h, ab_dsp_conv2d_3px.h,
// ab_dsp_conv2d_short.h, ab_dsp_conv2d_rows.h). The prepare step here folds the input offset into
// the bias, picks the requantization mode, and lays the weights out as the kernel reads them: rows
// of the window padded to a multiple of four, pairs of output channels interleaved group by group,
// as int8 or as int16 lanes. The two-pixel block (ab_dsp_conv2d.h) runs any convolution; the
// three-pixel one (ab_dsp_conv2d_3px.h) pointwise ones with int16 lanes, on the same weights. The
// short-reduction schedules take a stream per channel pair instead (apply_short); dsp_rows (first
// layers) reads windows in place from widened input rows: its prepare step sizes those rows and
// orders the weights per channel pair, word by word of the window.
#include <fmt/format.h>

#include <algorithm>

#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_conv2d_params& p) { AB_RENDER_FIELDS(AB_DSP_CONV2D_FIELDS) }
void render_fields(FieldWriter& w, const ab_dsp_conv2d_short_params& p) {
  AB_RENDER_FIELDS(AB_DSP_CONV2D_SHORT_FIELDS)
}

void render_fields(FieldWriter& w, const ab_dsp_conv2d_rows_params& p) {
  AB_RENDER_FIELDS(AB_DSP_CONV2D_ROWS_FIELDS)
}

namespace dsp {
namespace {

ab_idx_t round4(ab_idx_t n) { return (n + 3) / 4 * 4; }

bool is_pointwise(const ab_conv2d_params& r) {
  return r.filter.h == 1 && r.filter.w == 1 && r.stride_h == 1 && r.stride_w == 1 && r.pad_h == 0 &&
         r.pad_w == 0 && r.input.h == r.output.h && r.input.w == r.output.w;
}

std::string unsupported(const ScheduleContext& c, const LoweredOp& op, bool pointwise) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  if (r.filter.c != r.input.c) return "grouped convolution";
  if (pointwise && !is_pointwise(r)) return "not a 1x1 convolution with stride 1 and no padding";
  if (pointwise && r.input.c % 4 != 0) return fmt::format("{} input channels, not a multiple of 4", r.input.c);
  return tensors_unsupported(c);
}

// Element k of weight row `oc` in the kernel's order: kernel rows padded to row_run (zeros), the
// column's end padded to a whole group (zeros).
int32_t weight_at(const std::vector<int8_t>& w, const ab_conv2d_params& r, ab_idx_t row_run, ab_idx_t oc,
                  ab_idx_t k) {
  if (oc >= r.output.c) return 0;  // the padding channel of an odd count
  const ab_idx_t kh = k / row_run, j = k % row_run, used = r.filter.w * r.input.c;
  if (kh >= r.filter.h || j >= used) return 0;
  return w[static_cast<std::size_t>((oc * r.filter.h + kh) * used + j)];
}

// The kernel's register block: two pixels, or three (in the M4's instruction order, or in the
// order of a dual-issue core).
enum class PixelBlock { Two, Three, ThreeDualIssue };

void apply(const ScheduleContext& c, LoweredOp& op, bool pointwise, ab_dsp_weight_format format, PixelBlock block) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1], bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const std::size_t row_length = static_cast<std::size_t>(r.filter.h * r.filter.w * r.input.c);
  const auto sums = channel_sums(w, static_cast<std::size_t>(r.output.c), row_length,
                                 int32_values(c.g, bias_id, static_cast<std::size_t>(r.output.c)));
  const ab_idx_t pairs = (r.output.c + 1) / 2;
  const bool stored16 = format == AB_DSP_W16;

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
  const RequantTable t = requant_table(sums, r.output_multiplier, r.output_shift, r.input_offset, r.output_offset,
                                       stored16 || widen_doubles, static_cast<std::size_t>(2 * pairs),
                                       RequantBounds{.fold_constant_channels = true,
                                                     .clamped_at_zero_point = r.act_min >= r.output_offset});
  p.pointwise = pointwise;
  p.weights = format;
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  p.widen_doubles = widen_doubles && t.weight_scale == 2;
  p.rq = add_param_array(op, "rq", t.rq);

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
  } else {
    packed.name = "(int16 lanes, interleaved channel pairs)";
    packed.values = std::move(w16);
  }
  op.constants = {std::move(packed)};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  const bool three = block != PixelBlock::Two;
  op.kernel = block == PixelBlock::Two     ? "ab_dsp_conv2d_s8"
              : block == PixelBlock::Three ? "ab_dsp_conv2d_3px_s8"
                                           : "ab_dsp_conv2d_3px_dual_s8";
  op.params_type = "ab_dsp_conv2d_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_conv2d_params>>("ab_dsp_conv2d_params", p);
  op.scratch_bytes = (three ? 6 : 4) * p.depth;  // two or three int16 columns
  if (p.packed) op.scratch_bytes += p.depth;  // the window's bytes
  if (format == AB_DSP_W8_TO_RAM) {  // the widened weights and the requantization table
    op.scratch_bytes += int64_t{pairs} * 4 * p.depth + int64_t{pairs} * 2 * AB_DSP_RQ_STRIDE * 4;
  }
  op.headers = {"ab_dsp_kernels.h"};
}

// The short-reduction schedules (ab_dsp_conv2d_short.h): 1x1 on at most this many input channels.
constexpr ab_idx_t kShortMaxChannels = 16;

std::string short_unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  if (r.input.c > kShortMaxChannels) {
    return fmt::format("{} input channels, more than {}: dsp_1x1 runs long reductions", r.input.c, kShortMaxChannels);
  }
  return unsupported(c, op, true);
}

// One stream per channel pair, as the kernel reads it: both accumulators' start values, the int16
// weight words of both channels word by word, then each channel's multiplier, rounding and shift.
void apply_short(const ScheduleContext& c, LoweredOp& op, bool to_ram) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1], bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const ab_idx_t groups = r.input.c / 4, pairs = (r.output.c + 1) / 2;
  const auto sums = channel_sums(w, static_cast<std::size_t>(r.output.c), static_cast<std::size_t>(r.input.c),
                                 int32_values(c.g, bias_id, static_cast<std::size_t>(r.output.c)));
  const RequantTable t = requant_table(sums, r.output_multiplier, r.output_shift, r.input_offset, r.output_offset,
                                       true, static_cast<std::size_t>(2 * pairs),
                                       RequantBounds{.fold_constant_channels = true,
                                                     .clamped_at_zero_point = r.act_min >= r.output_offset});
  const auto rq = [&](ab_idx_t oc, int k) { return t.rq[static_cast<std::size_t>(oc * AB_DSP_RQ_STRIDE + k)]; };
  // Word j of channel oc: lanes [e0,e2] (j even) or [e1,e3] (j odd) of group j / 2, scaled.
  const auto word = [&](ab_idx_t oc, ab_idx_t j) {
    const auto lane = [&](ab_idx_t e) {
      const int32_t v = oc < r.output.c ? w[static_cast<std::size_t>(oc * r.input.c + 4 * (j / 2) + e)] : 0;
      return static_cast<uint32_t>(static_cast<uint16_t>(static_cast<int16_t>(v * t.weight_scale)));
    };
    return static_cast<int32_t>(lane(j % 2) | lane(j % 2 + 2) << 16);
  };
  std::vector<int32_t> stream;
  for (ab_idx_t pair = 0; pair < pairs; ++pair) {
    const ab_idx_t c0 = 2 * pair, c1 = c0 + 1;
    stream.push_back(rq(c0, 0));
    stream.push_back(rq(c1, 0));
    for (ab_idx_t j = 0; j < 2 * groups; ++j) {
      stream.push_back(word(c0, j));
      stream.push_back(word(c1, j));
    }
    for (ab_idx_t oc : {c0, c1}) {
      for (int k = 1; k < AB_DSP_RQ_STRIDE; ++k) stream.push_back(rq(oc, k));
    }
  }

  ab_dsp_conv2d_short_params p{};
  p.ref = r;
  p.ref.output_multiplier = nullptr;  // in the stream
  p.ref.output_shift = nullptr;
  p.groups = groups;
  p.to_ram = to_ram;
  p.requant = t.mode;
  p.acc_shift = t.acc_shift;
  GeneratedConstant packed;
  packed.source = weights_id;
  packed.name = "(per channel pair: biases, int16 weight lanes, requantization constants)";
  const int64_t stream_bytes = static_cast<int64_t>(stream.size()) * 4;
  packed.values = std::move(stream);
  op.constants = {std::move(packed)};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_conv2d_1x1_short_s8";
  op.params_type = "ab_dsp_conv2d_short_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_conv2d_short_params>>("ab_dsp_conv2d_short_params", p);
  // four pixels' columns, the asm loop's two words (and the copy)
  op.scratch_bytes = 32 * groups + 8 + (to_ram ? stream_bytes : 0);
  op.headers = {"ab_dsp_kernels.h"};
}

Schedule short_schedule(const char* name, int preference, bool to_ram, const char* help) {
  Schedule s = dsp_schedule(name, OpType::Conv2D, preference, help);
  s.unsupported = short_unsupported;
  s.apply = [to_ram](const ScheduleContext& c, LoweredOp& op) { apply_short(c, op, to_ram); };
  return s;
}

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
  const int weights_id = c.node.inputs[1], bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const ab_idx_t row_values = r.filter.w * r.input.c;
  const auto sums =
      channel_sums(w, static_cast<std::size_t>(r.output.c), static_cast<std::size_t>(r.filter.h * row_values),
                   int32_values(c.g, bias_id, static_cast<std::size_t>(r.output.c)));
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
  const RequantTable t = requant_table(sums, r.output_multiplier, r.output_shift, r.input_offset, r.output_offset,
                                       widen_doubles, static_cast<std::size_t>(2 * pairs),
                                       RequantBounds{.fold_constant_channels = true,
                                                     .clamped_at_zero_point = r.act_min >= r.output_offset});
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
  // the slots, each pair's biases and widened weights, the table, a row's last pixels (three at a time)
  op.scratch_bytes = (int64_t{g.span} * g.slot_words() + words + 2 * pairs) * 4 +
                     int64_t{pairs} * 2 * AB_DSP_RQ_STRIDE * 4 + 5 * int64_t{r.output.c};
  op.headers = {"ab_dsp_kernels.h"};
}

Schedule conv_schedule(const char* name, int preference, bool pointwise, ab_dsp_weight_format format,
                       const char* help, PixelBlock block = PixelBlock::Two) {
  Schedule s = dsp_schedule(name, OpType::Conv2D, preference, help);
  s.unsupported = [pointwise](const ScheduleContext& c, const LoweredOp& op) { return unsupported(c, op, pointwise); };
  s.apply = [pointwise, format, block](const ScheduleContext& c, LoweredOp& op) {
    apply(c, op, pointwise, format, block);
  };
  return s;
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
      short_schedule("dsp_1x1_short", 4, false,
                     "1x1 stride 1 on 4-16 input channels: 4 pixels x 2 channels, the reduction unrolled, each "
                     "channel pair's int16 weights, biases and requantization constants one stream in flash"),
      short_schedule("dsp_1x1_short_ram", 3, true, "as dsp_1x1_short, the stream copied into RAM on every run"),
      rows_schedule(),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
