#pragma once
// What the dsp family's prepare steps share: reading constant tensors, channel sums of weights,
// the enumerator names of the family's parameter enums, and the family's headers and CPU needs.
#include <cstdint>
#include <string>
#include <vector>

#include "ab_dsp_params.h"
#include "lower/render_c.hpp"
#include "requant_table.hpp"
#include "select/schedule.hpp"

namespace aotbench::codegen::dsp {

// Values of a constant int8 / int32 tensor (the bias may be absent: tensor id -1 gives zeros).
std::vector<int8_t> int8_values(const Graph& g, int tensor);
std::vector<int32_t> int32_values(const Graph& g, int tensor, std::size_t count_if_absent);

// Per output channel sums of `rows` weight rows of `row_length` int8 values each, plus the bias.
std::vector<ChannelSum> channel_sums(const std::vector<int8_t>& weights, std::size_t rows, std::size_t row_length,
                                     const std::vector<int32_t>& bias);

// Why a convolution-like operator's tensors do not suit the family ("" if they do): int8
// input and output, constant int8 weights, an absent or constant int32 bias.
std::string tensors_unsupported(const ScheduleContext& c);

// A schedule of the family with the fields every one of its schedules shares.
Schedule dsp_schedule(std::string name, OpType op, int preference, std::string help);

}  // namespace aotbench::codegen::dsp

const char* enum_c_name(ab_dsp_requant_mode v);
const char* enum_c_name(ab_dsp_weight_format v);
const char* enum_c_name(ab_dsp_add_mode v);
