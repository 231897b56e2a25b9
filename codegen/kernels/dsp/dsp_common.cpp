#include "dsp_common.hpp"

#include "ab_dsp_fully_connected.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

const char* enum_c_name(ab_dsp_requant_mode v) {
  return v == AB_DSP_RQ_FOLDED ? "AB_DSP_RQ_FOLDED" : v == AB_DSP_RQ_EXACT ? "AB_DSP_RQ_EXACT" : "AB_DSP_RQ_FOLDED_CLAMPED";
}

const char* enum_c_name(ab_dsp_weight_format v) {
  return v == AB_DSP_W8          ? "AB_DSP_W8"
         : v == AB_DSP_W16       ? "AB_DSP_W16"
         : v == AB_DSP_W8_TO_RAM ? "AB_DSP_W8_TO_RAM"
                                 : "AB_DSP_W16_IN_RAM";
}

const char* enum_c_name(ab_dsp_add_mode v) {
  return v == AB_DSP_ADD_TABLE ? "AB_DSP_ADD_TABLE" : v == AB_DSP_ADD_LINEAR ? "AB_DSP_ADD_LINEAR" : "AB_DSP_ADD_EXACT";
}

namespace aotbench::codegen::dsp {

std::vector<int8_t> int8_values(const Graph& g, int tensor) {
  const Tensor& t = g.tensors.at(static_cast<std::size_t>(tensor));
  return {reinterpret_cast<const int8_t*>(t.data.data()), reinterpret_cast<const int8_t*>(t.data.data()) + t.data.size()};
}

std::vector<int32_t> int32_values(const Graph& g, int tensor, std::size_t count_if_absent) {
  if (tensor < 0) return std::vector<int32_t>(count_if_absent, 0);
  const Tensor& t = g.tensors.at(static_cast<std::size_t>(tensor));
  std::vector<int32_t> v(t.data.size() / 4);
  std::memcpy(v.data(), t.data.data(), v.size() * 4);
  return v;
}

std::vector<ChannelSum> channel_sums(const std::vector<int8_t>& weights, std::size_t rows, std::size_t row_length,
                                     const std::vector<int32_t>& bias, int32_t filter_offset) {
  std::vector<ChannelSum> sums(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    sums[r].bias = bias.at(r);
    for (std::size_t k = 0; k < row_length; ++k) {
      const int64_t w = int64_t{weights.at(r * row_length + k)} + filter_offset;
      sums[r].weight_sum += w;
      sums[r].abs_weight_sum += w < 0 ? -w : w;
    }
  }
  return sums;
}

void FcPacking::add_block(const std::vector<int8_t>& weights, std::size_t depth, std::size_t first,
                          std::size_t end) {
  const std::size_t groups = (depth + 3) / 4;
  for (std::size_t g = 0; g < groups; ++g) {
    for (std::size_t o = first; o < end; ++o) {
      int32_t e[4];
      for (std::size_t j = 0; j < 4; ++j) {
        const std::size_t k = 4 * g + j;
        e[j] = k < depth ? weights.at(o * depth + k) : 0;
      }
      if (format == AB_DSP_W8) {
        for (int32_t v : e) w8.push_back(static_cast<int8_t>(v));
      } else {
        for (int j : {0, 2, 1, 3}) w16.push_back(static_cast<int16_t>(e[j] * weight_scale));
      }
    }
  }
}

void FcPacking::add_matrix(const std::vector<int8_t>& weights, std::size_t rows, std::size_t depth) {
  for (std::size_t block = 0; block < rows; block += AB_DSP_FC_BLOCK) {
    add_block(weights, depth, block, std::min(rows, block + AB_DSP_FC_BLOCK));
  }
}

GeneratedConstant FcPacking::constant(int source, const std::string& what) const {
  GeneratedConstant packed;
  packed.source = source;
  if (format == AB_DSP_W8) {
    packed.name = "(int8, " + what + ")";
    packed.values = w8;
  } else {
    packed.name = "(int16 lanes, " + what + ")";
    packed.values = w16;
  }
  return packed;
}

std::string tensors_unsupported(const ScheduleContext& c) {
  const auto& in = c.node.inputs;
  const Tensor& x = c.g.tensors.at(static_cast<std::size_t>(in.at(0)));
  const Tensor& w = c.g.tensors.at(static_cast<std::size_t>(in.at(1)));
  const Tensor& y = c.g.tensors.at(static_cast<std::size_t>(c.node.outputs.at(0)));
  if (x.type != DType::Int8 || y.type != DType::Int8) return "not int8 activations (16x8 layers run the reference)";
  if (w.type != DType::Int8 || !w.is_constant()) return "the weights are not constant int8 data";
  if (in.size() > 2 && in[2] >= 0) {
    const Tensor& b = c.g.tensors.at(static_cast<std::size_t>(in[2]));
    if (b.type != DType::Int32 || !b.is_constant()) return "the bias is not constant int32 data";
  }
  return "";
}

Schedule dsp_schedule(std::string name, OpType op, int preference, std::string help) {
  Schedule s;
  s.name = std::move(name);
  s.family = "dsp";
  s.ops = {op};
  s.features = {"dsp"};
  s.preference = preference;
  s.help = std::move(help);
  s.include_dirs = {"include", "dsp"};
  return s;
}

}  // namespace aotbench::codegen::dsp
