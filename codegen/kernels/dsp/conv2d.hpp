#pragma once
// What the CONV_2D prepare steps of the dsp family share (conv2d.cpp, conv2d_short.cpp,
// conv2d_rows.cpp, conv2d_im2col_3px.cpp).
#include <string>
#include <vector>

#include "codegen/select/schedule.hpp"
#include "requant_table.hpp"

namespace aotbench::codegen::dsp {

// Why the dsp convolutions cannot run `op` (empty: they can): a grouped convolution, one that is
// not 1x1 unpadded with stride 1 when `pointwise`, input channels not a multiple of 4 there, or
// tensors the family does not take.
std::string conv2d_unsupported(const ScheduleContext& c, const LoweredOp& op, bool pointwise);

// 1x1, stride 1, unpadded: the columns are the input pixels themselves.
bool is_pointwise(const ab_conv2d_params& r);

// The register block of the kernels on ab_dsp_conv2d.h's columns: two pixels (ab_dsp_conv2d.h),
// or three (ab_dsp_conv2d_3px.h; ab_dsp_conv2d_im2col_3px.h for other windows) in the M4's
// instruction order or in the order of a dual-issue core.
enum class PixelBlock { Two, Three, ThreeDualIssue };

// The prepare step of those kernels: the requantization table, the weights in `format`
// (ab_dsp_conv2d.h's layout), the kernel of `block`, the scratch it needs.
void apply_conv2d_columns(const ScheduleContext& c, LoweredOp& op, bool pointwise, ab_dsp_weight_format format,
                          PixelBlock block);

// The requantization table of a convolution with int8 weights `w` (the model's order), its bias
// folded in, one entry per output channel of whole channel pairs; `scaled`: the folded mode's
// factor 2 is carried by the weights.
RequantTable conv2d_requant(const ScheduleContext& c, const ab_conv2d_params& r, const std::vector<int8_t>& w,
                            bool scaled);

}  // namespace aotbench::codegen::dsp
