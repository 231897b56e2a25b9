// DEPTHWISE_CONV_2D schedules of the dsp family (kernels: ab_dsp_depthwise_conv2d.h): input
// offset folded into the bias, int16 weight pairs per kernel row (scaled by the folded
// requantization's factor), and the scratch geometry: how wide a transposed row must be for the
// kernel's reads, how many rows the ring (or the 3x3 kernel's mirrored ring, or whole image)
// keeps, how many channels fit the scratch budget.
#include <fmt/format.h>

#include <algorithm>

#include "ab_dsp_depthwise_conv2d.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_depthwise_conv2d_params& p) {
  AB_RENDER_FIELDS(AB_DSP_DEPTHWISE_CONV2D_FIELDS)
}

namespace dsp {
namespace {

// The scratch the transposed rows may take; more channels than fit are done in blocks. dsp_dw_small
// takes the fewest channels a block may have (4, transposed a word at a time, where they divide
// the channel count): less RAM beside a tensor in place, for more passes over the ring.
constexpr int64_t kScratchBudget = 4096;
constexpr int64_t kSmallBudget = 0;

ab_idx_t ring_rows(const ab_depthwise_conv2d_params& r) { return (r.filter.h - 1) * r.dilation_h + 1; }

// The padded rows the windows of a 3x3 kernel read, from the top padding on.
ab_idx_t image_rows(const ab_depthwise_conv2d_params& r) { return (r.output.h - 1) * r.stride_h + 3; }

// The most input channels that fit the scratch budget and divide the channel count (so every
// block has the same, constant size), preferring multiples of 4, then of 2 (transposed a word
// at a time, ab_dsp_dw_transpose; other counts go byte by byte).
ab_idx_t block_channels(ab_idx_t channels, int64_t bytes_per_channel, int64_t budget) {
  if (budget == kSmallBudget) return channels % 4 == 0 ? 4 : 1;
  const int64_t fit = std::max<int64_t>(1, budget / bytes_per_channel);
  ab_idx_t best = 1, best2 = 0, best4 = 0;
  for (ab_idx_t b = 1; b <= channels && b <= fit; ++b) {
    if (channels % b != 0) continue;
    best = b;
    if (b % 2 == 0) best2 = b;
    if (b % 4 == 0) best4 = b;
  }
  return best4 ? best4 : best2 ? best2 : best;
}

// The kernels: any shape, or 3x3 with the weight words [w0, w1], [w1, w2] (ab_dsp_dw3_kernel_row).
// three_by_three_image: the 3x3 kernel on whole images (every padded row of a channel block);
// three_by_three_s2: the 3x3 kernel of stride 2 on the input as stored (ab_dsp_dw2_block).
enum class Kernel { any, three_by_three, three_by_three_image, three_by_three_s2 };

bool is_3x3(Kernel k) { return k != Kernel::any; }

bool three_by_three(const ab_depthwise_conv2d_params& r) {
  return r.filter.h == 3 && r.filter.w == 3 && r.dilation_h == 1 && r.dilation_w == 1 &&
         (r.stride_w == 1 || r.stride_w == 2);
}

// int16 values a transposed row needs: the padded input, and every position the kernel reads for
// the last block of four outputs (ab_dsp_dw_kernel_row's three ways of reading, or
// ab_dsp_dw3_kernel_row's two).
ab_idx_t row_width(const ab_depthwise_conv2d_params& r, ab_idx_t pairs, Kernel kernel) {
  const ab_idx_t last = (r.output.w - 1) / 4 * 4;  // first output of the last block
  ab_idx_t need = r.pad_w + r.input.w;
  if (is_3x3(kernel)) {
    const ab_idx_t block = ab_dsp_dw3_block(r.output.w, r.stride_w), last3 = (r.output.w - 1) / block * block;
    need = std::max(need, r.stride_w == 1 ? last3 + (block + 1) / 2 * 2 + 2 : 2 * last3 + 2 * block + 2);
  } else if (r.dilation_w == 1 && r.stride_w == 1) {
    need = std::max(need, last + 2 * pairs + 3);
  } else if (r.dilation_w == 1 && r.stride_w == 2) {
    need = std::max(need, 2 * last + 2 * pairs + 6);
  } else {
    need = std::max(need, (last + 3) * r.stride_w + (r.filter.w - 1) * r.dilation_w + 1);
  }
  return (need + 1) / 2 * 2;
}

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_depthwise_conv2d_params>(op.params);
  if (ring_rows(r) > AB_DSP_DW_MAX_RING) {
    return fmt::format("the window spans {} rows; the kernel keeps at most {}", ring_rows(r), AB_DSP_DW_MAX_RING);
  }
  return tensors_unsupported(c);
}

std::string unsupported_3x3(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_depthwise_conv2d_params>(op.params);
  if (!three_by_three(r)) {
    return "only 3x3 kernels, undilated, with a horizontal stride of 1 or 2 (dsp_dw takes any depthwise layer)";
  }
  return unsupported(c, op);
}

// The bytes of one channel's padded image (dsp_dw3x3_image).
int64_t image_bytes(const ab_depthwise_conv2d_params& r) {
  return int64_t{image_rows(r)} * row_width(r, 2, Kernel::three_by_three_image) * 2;
}

// dsp_dw3x3_image's scratch budget: kScratchBudget, or four channels' images where fewer fit it
// (VWW's 48x48 layers: 20 KB; its 24x24 ones: 5.3 KB, where two channels a block were transposed
// a halfword at a time), up to kImageBudget.
constexpr int64_t kImageBudget = 32768;
int64_t image_budget(const ab_depthwise_conv2d_params& r) {
  return 4 * image_bytes(r) > kScratchBudget ? 4 * image_bytes(r) : kScratchBudget;
}

std::string unsupported_3x3_image(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_depthwise_conv2d_params>(op.params);
  if (three_by_three(r) && image_budget(r) > kImageBudget) {
    return fmt::format("four channels' padded images take {} bytes, more than the {} the scratch may "
                       "(dsp_dw3x3 keeps three rows of them)",
                       4 * image_bytes(r), kImageBudget);
  }
  return unsupported_3x3(c, op);
}

// dsp_dw3x3_s2 reads the input as stored, two channels at a time (ab_dsp_dw2_block).
std::string unsupported_3x3_s2(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_depthwise_conv2d_params>(op.params);
  if (!three_by_three(r) || r.stride_w != 2) return "only 3x3 kernels, undilated, with a horizontal stride of 2";
  if (r.depth_multiplier != 1) return "only a depth multiplier of 1 (dsp_dw3x3 takes the others)";
  if (r.input.c % 2 != 0) return "only an even channel count (it reads two channels a halfword at a time)";
  return tensors_unsupported(c);
}

// One channel's kernel row as int16 lanes: [w0, w1] (and [w2, 0] ...) for the any-shape kernel,
// [w0, w1], [w1, w2] for the 3x3 one.
void push_kernel_row(std::vector<int16_t>& out, const int8_t* taps, ab_idx_t width, ab_idx_t pairs, int32_t scale,
                     Kernel kernel) {
  const auto tap = [&](ab_idx_t kw) { return static_cast<int16_t>(kw < width ? taps[kw] * scale : 0); };
  if (is_3x3(kernel)) {
    for (ab_idx_t kw : {0, 1, 1, 2}) out.push_back(tap(kw));
    return;
  }
  for (ab_idx_t kw = 0; kw < 2 * pairs; ++kw) out.push_back(tap(kw));
}

// dsp_dw3x3_s2's weights: the per-channel rows [w0, w1, w1, w2] regrouped per pair of channels
// (c, c+1) and kernel row as the words [w0, w1] of c, [w0, w1] of c+1, [w2 of c, w2 of c+1].
std::vector<int16_t> channel_pairs(const std::vector<int16_t>& rows, ab_idx_t channels) {
  const auto tap = [&](ab_idx_t ch, ab_idx_t kh, ab_idx_t kw) {
    return rows[static_cast<std::size_t>((ch * 3 + kh) * 4 + (kw == 2 ? 3 : kw))];
  };
  std::vector<int16_t> out;
  for (ab_idx_t ch = 0; ch < channels; ch += 2)
    for (ab_idx_t kh = 0; kh < 3; ++kh)
      for (int16_t v : {tap(ch, kh, 0), tap(ch, kh, 1), tap(ch + 1, kh, 0), tap(ch + 1, kh, 1), tap(ch, kh, 2),
                        tap(ch + 1, kh, 2)})
        out.push_back(v);
  return out;
}

void apply(const ScheduleContext& c, LoweredOp& op, int64_t budget, Kernel kernel) {
  const auto& r = std::get<ab_depthwise_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1], bias_id = c.has_input(2) ? c.node.inputs[2] : -1;
  const std::vector<int8_t> w = int8_values(c.g, weights_id);  // 1 x KH x KW x Cout
  const ab_idx_t cout = r.output.c, taps = r.filter.h * r.filter.w;
  // Channel-major copy of the weights, for the per-channel sums.
  std::vector<int8_t> by_channel(static_cast<std::size_t>(cout * taps));
  for (ab_idx_t oc = 0; oc < cout; ++oc)
    for (ab_idx_t t = 0; t < taps; ++t) by_channel[static_cast<std::size_t>(oc * taps + t)] = w[static_cast<std::size_t>(t * cout + oc)];
  const auto sums = channel_sums(by_channel, static_cast<std::size_t>(cout), static_cast<std::size_t>(taps),
                                 int32_values(c.g, bias_id, static_cast<std::size_t>(cout)));
  const RequantTable t = requant_table(sums, r.output_multiplier, r.output_shift, r.input_offset, r.output_offset,
                                       /*scaled_weights=*/true, static_cast<std::size_t>(cout),
                                       RequantBounds{.fold_constant_channels = true,
                                                     .clamped_at_zero_point = r.act_min >= r.output_offset});

  ab_dsp_depthwise_conv2d_params p{};
  p.ref = r;
  p.ref.output_multiplier = nullptr;
  p.ref.output_shift = nullptr;
  p.pairs = is_3x3(kernel) ? 2 : (r.filter.w + 1) / 2;
  p.row_width = row_width(r, p.pairs, kernel);
  p.ring_rows = kernel == Kernel::three_by_three_image ? image_rows(r) : ring_rows(r);
  // the 3x3 kernel's ring is mirrored: ring_rows - 1 more slots (ab_dsp_dw_ring_slots)
  const int64_t slots = kernel == Kernel::three_by_three ? 2 * p.ring_rows - 1 : p.ring_rows;
  int64_t per_channel = slots * p.row_width * 2;
  p.block_channels = block_channels(r.input.c, per_channel, budget);
  if (kernel == Kernel::three_by_three_s2) {  // no rows transposed: channel pairs, no scratch
    p.row_width = p.ring_rows = 0;
    p.block_channels = 2;
    per_channel = 0;
  }
  p.requant = t.mode;
  p.rq = add_param_array(op, "rq", t.rq);

  std::vector<int16_t> pairs;
  for (ab_idx_t oc = 0; oc < cout; ++oc)
    for (ab_idx_t kh = 0; kh < r.filter.h; ++kh)
      push_kernel_row(pairs, &by_channel[static_cast<std::size_t>(oc * taps + kh * r.filter.w)], r.filter.w, p.pairs,
                      t.weight_scale, kernel);
  GeneratedConstant packed;
  packed.source = weights_id;
  packed.name = "(int16 pairs of taps per kernel row)";
  packed.values = kernel == Kernel::three_by_three_s2 ? channel_pairs(pairs, cout) : std::move(pairs);
  op.constants = {std::move(packed)};
  op.args = {{ArgRole::Input, c.node.inputs[0]}, {ArgRole::Weights, -1, 0}, {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = kernel == Kernel::three_by_three         ? "ab_dsp_depthwise_conv2d_3x3_s8"
              : kernel == Kernel::three_by_three_image ? "ab_dsp_depthwise_conv2d_3x3_image_s8"
              : kernel == Kernel::three_by_three_s2    ? "ab_dsp_depthwise_conv2d_3x3_s2_s8"
                                                       : "ab_dsp_depthwise_conv2d_s8";
  op.params_type = "ab_dsp_depthwise_conv2d_params";
  op.schedule_params =
      std::make_unique<StructParams<ab_dsp_depthwise_conv2d_params>>("ab_dsp_depthwise_conv2d_params", p);
  op.scratch_bytes = int64_t{p.block_channels} * per_channel;
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> depthwise_conv2d_schedules() {
  Schedule s = dsp_schedule("dsp_dw", OpType::DepthwiseConv2D, 20,
                            "input rows transposed to int16 per channel, 4 outputs at a time with SMLAD on tap pairs");
  s.unsupported = unsupported;
  s.apply = [](const ScheduleContext& c, LoweredOp& op) { apply(c, op, kScratchBudget, Kernel::any); };
  Schedule small = dsp_schedule("dsp_dw_small", OpType::DepthwiseConv2D, 10,
                                "dsp_dw four channels at a time: the least scratch, more passes");
  small.unsupported = unsupported;
  small.apply = [](const ScheduleContext& c, LoweredOp& op) { apply(c, op, kSmallBudget, Kernel::any); };
  Schedule three = dsp_schedule("dsp_dw3x3", OpType::DepthwiseConv2D, 30,
                                "dsp_dw for 3x3 kernels of stride 1 or 2: weight words [w0,w1],[w1,w2] kept in "
                                "registers along the row, aligned tap-pair loads, no zero tap");
  three.unsupported = unsupported_3x3;
  three.apply = [](const ScheduleContext& c, LoweredOp& op) { apply(c, op, kScratchBudget, Kernel::three_by_three); };
  Schedule image = dsp_schedule("dsp_dw3x3_image", OpType::DepthwiseConv2D, 31,
                                "dsp_dw3x3 on the whole padded image of a channel block (small feature maps): "
                                "each channel's rows one after the other, its weights staying in the cache");
  image.unsupported = unsupported_3x3_image;
  image.apply = [](const ScheduleContext& c, LoweredOp& op) {
    apply(c, op, image_budget(std::get<ab_depthwise_conv2d_params>(op.params)), Kernel::three_by_three_image);
  };
  Schedule s2 = dsp_schedule("dsp_dw3x3_s2", OpType::DepthwiseConv2D, 25,
                             "3x3 kernels of horizontal stride 2 on the input as stored, two channels at a time "
                             "(no transposed rows, no scratch): SMLAD on each channel's tap pairs");
  s2.unsupported = unsupported_3x3_s2;
  s2.apply = [](const ScheduleContext& c, LoweredOp& op) { apply(c, op, kScratchBudget, Kernel::three_by_three_s2); };
  return {std::move(s), std::move(small), std::move(three), std::move(image), std::move(s2)};
}

}  // namespace dsp
}  // namespace aotbench::codegen
