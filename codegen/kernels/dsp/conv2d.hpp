#pragma once
// What the CONV_2D prepare steps of the dsp family share (conv2d.cpp, conv2d_short.cpp).
#include <string>
#include <vector>

#include "codegen/select/schedule.hpp"
#include "requant_table.hpp"

namespace aotbench::codegen::dsp {

// Why the dsp convolutions cannot run `op` (empty: they can): a grouped convolution, one that is
// not 1x1 unpadded with stride 1 when `pointwise`, input channels not a multiple of 4 there, or
// tensors the family does not take.
std::string conv2d_unsupported(const ScheduleContext& c, const LoweredOp& op, bool pointwise);

// The requantization table of a convolution with int8 weights `w` (the model's order), its bias
// folded in, one entry per output channel of whole channel pairs; `scaled`: the folded mode's
// factor 2 is carried by the weights.
RequantTable conv2d_requant(const ScheduleContext& c, const ab_conv2d_params& r, const std::vector<int8_t>& w,
                            bool scaled);

}  // namespace aotbench::codegen::dsp
