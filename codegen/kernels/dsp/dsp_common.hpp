#pragma once
// What the dsp family's prepare steps share: reading constant tensors, channel sums of weights,
// the enumerator names of the family's parameter enums, and the family's headers and CPU needs.
#include <cstdint>
#include <string>
#include <vector>

#include "ab_dsp_params.h"
#include "codegen/lower/render_c.hpp"
#include "requant_table.hpp"
#include "codegen/select/schedule.hpp"

namespace aotbench::codegen::dsp {

// Values of a constant int8 / int32 tensor (the bias may be absent: tensor id -1 gives zeros).
std::vector<int8_t> int8_values(const Graph& g, int tensor);
std::vector<int32_t> int32_values(const Graph& g, int tensor, std::size_t count_if_absent);

// Per output channel sums of `rows` weight rows of `row_length` int8 values each, plus the bias.
// The weights are summed as the reference multiplies them: plus `filter_offset` (-(zero point)).
std::vector<ChannelSum> channel_sums(const std::vector<int8_t>& weights, std::size_t rows, std::size_t row_length,
                                     const std::vector<int32_t>& bias, int32_t filter_offset = 0);

// Weights as ab_dsp_fc_block (ab_dsp_fully_connected.h) reads them, blocks of up to
// AB_DSP_FC_BLOCK rows (output channels) of a row-major int8 matrix: per group of four features
// each row's four bytes (W8), or its int16 lanes [e0,e2],[e1,e3] times `weight_scale` (W16);
// features past the row's length are zero.
struct FcPacking {
  ab_dsp_weight_format format = AB_DSP_W8;
  int32_t weight_scale = 1;
  std::vector<int8_t> w8;
  std::vector<int16_t> w16;

  // Appends rows [first, end) (at most AB_DSP_FC_BLOCK) of `weights`, rows of `depth` values.
  void add_block(const std::vector<int8_t>& weights, std::size_t depth, std::size_t first, std::size_t end);
  // Appends every row, block by block.
  void add_matrix(const std::vector<int8_t>& weights, std::size_t rows, std::size_t depth);
  // The packed weights as the operator's generated constant, made from model tensor `source`.
  GeneratedConstant constant(int source, const std::string& what) const;
};

// Why a convolution-like operator's tensors do not suit the family ("" if they do): int8
// input and output, constant int8 weights, an absent or constant int32 bias.
std::string tensors_unsupported(const ScheduleContext& c);

// A schedule of the family with the fields every one of its schedules shares.
Schedule dsp_schedule(std::string name, OpType op, int preference, std::string help);

}  // namespace aotbench::codegen::dsp

const char* enum_c_name(ab_dsp_requant_mode v);
const char* enum_c_name(ab_dsp_weight_format v);
const char* enum_c_name(ab_dsp_add_mode v);
