// CONV_2D 1x1 on 4-16 input channels (kernel: ab_dsp_conv2d_short.h): the prepare step lays out one
// stream per channel pair (both accumulators' start values, the int16 weights word by word, each
// channel's requantization constants), walked by one pointer.
#include <fmt/format.h>

#include "conv2d.hpp"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_conv2d_short_params& p) {
  AB_RENDER_FIELDS(AB_DSP_CONV2D_SHORT_FIELDS)
}

namespace dsp {
namespace {

// The short-reduction schedules (ab_dsp_conv2d_short.h): 1x1 on at most this many input channels.
constexpr ab_idx_t kShortMaxChannels = 16;

std::string short_unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  if (r.input.c > kShortMaxChannels) {
    return fmt::format("{} input channels, more than {}: dsp_1x1 runs long reductions", r.input.c, kShortMaxChannels);
  }
  return conv2d_unsupported(c, op, true);
}

// One stream per channel pair, as the kernel reads it: both accumulators' start values, the int16
// weight words of both channels word by word, then each channel's multiplier, rounding and shift.
void apply_short(const ScheduleContext& c, LoweredOp& op, bool to_ram) {
  const auto& r = std::get<ab_conv2d_params>(op.params);
  const int weights_id = c.node.inputs[1];
  const std::vector<int8_t> w = int8_values(c.g, weights_id);
  const ab_idx_t groups = r.input.c / 4, pairs = (r.output.c + 1) / 2;
  const RequantTable t = conv2d_requant(c, r, w, true);
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

}  // namespace

std::vector<Schedule> conv2d_short_schedules() {
  return {
      short_schedule("dsp_1x1_short", 4, false,
                     "1x1 stride 1 on 4-16 input channels: 4 pixels x 2 channels, the reduction unrolled, each "
                     "channel pair's int16 weights, biases and requantization constants one stream in flash"),
      short_schedule("dsp_1x1_short_ram", 3, true, "as dsp_1x1_short, the stream copied into RAM on every run"),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
