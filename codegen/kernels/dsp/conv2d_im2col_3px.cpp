// CONV_2D of any window but the pointwise one with the three-pixel register block (kernel:
// ab_dsp_conv2d_im2col_3px.h): IC's 3x3 layers. The columns, weights and requantization table are
// those of the other im2col schedules (conv2d.cpp's prepare step), in int16 lanes; pointwise layers
// have dsp_1x1_3px*, which expand the input pixels without a gather.
#include "conv2d.hpp"
#include "dsp_common.hpp"

namespace aotbench::codegen::dsp {
namespace {

std::string im2col_3px_unsupported(const ScheduleContext& c, const LoweredOp& op) {
  if (is_pointwise(std::get<ab_conv2d_params>(op.params))) return "a pointwise convolution: dsp_1x1_3px* run it";
  return conv2d_unsupported(c, op, false);
}

Schedule im2col_3px_schedule(const char* name, int preference, ab_dsp_weight_format format, PixelBlock block,
                             const char* help) {
  Schedule s = dsp_schedule(name, OpType::Conv2D, preference, help);
  s.unsupported = im2col_3px_unsupported;
  s.apply = [format, block](const ScheduleContext& c, LoweredOp& op) {
    apply_conv2d_columns(c, op, false, format, block);
  };
  return s;
}

}  // namespace

std::vector<Schedule> conv2d_im2col_3px_schedules() {
  return {
      im2col_3px_schedule("dsp_im2col_3px_w16", 5, AB_DSP_W16, PixelBlock::Three,
                          "as dsp_im2col_w16, 3 pixels x 2 channels at a time: 5 loads for 6 SMLADs (3x3 layers)"),
      im2col_3px_schedule("dsp_im2col_3px_ram", 4, AB_DSP_W8_TO_RAM, PixelBlock::Three,
                          "as dsp_im2col_ram, 3 pixels x 2 channels at a time: 5 loads for 6 SMLADs (3x3 layers)"),
      im2col_3px_schedule("dsp_im2col_3px_dual_w16", 3, AB_DSP_W16, PixelBlock::ThreeDualIssue,
                          "as dsp_im2col_3px_w16, the loads between the SMLADs for a dual-issue core (Cortex-M7)"),
      im2col_3px_schedule("dsp_im2col_3px_dual_ram", 2, AB_DSP_W8_TO_RAM, PixelBlock::ThreeDualIssue,
                          "as dsp_im2col_3px_ram, the loads between the SMLADs for a dual-issue core (Cortex-M7)"),
  };
}

}  // namespace aotbench::codegen::dsp
