#pragma once
// What the CONV_2D prepare steps of the dsp family share (conv2d.cpp, conv2d_short.cpp).
#include <string>

#include "codegen/select/schedule.hpp"

namespace aotbench::codegen::dsp {

// Why the dsp convolutions cannot run `op` (empty: they can): a grouped convolution, one that is
// not 1x1 unpadded with stride 1 when `pointwise`, input channels not a multiple of 4 there, or
// tensors the family does not take.
std::string conv2d_unsupported(const ScheduleContext& c, const LoweredOp& op, bool pointwise);

}  // namespace aotbench::codegen::dsp
