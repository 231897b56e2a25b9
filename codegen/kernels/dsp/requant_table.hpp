#pragma once
// The per-channel requantization table of the dsp kernels (ab_dsp_params.h) and the choice of
// its mode, made at generation time: the folded mode (three instructions per output) only for
// layers where bounds on the accumulator prove it gives TFLite's bytes.
#include <cstdint>
#include <vector>

#include "ab_dsp_params.h"

namespace aotbench::codegen::dsp {

// What one output channel's accumulator is made of: bias + sum_k w[k] * (x[k] + input_offset).
struct ChannelSum {
  int64_t bias = 0;
  int64_t weight_sum = 0;      // sum of w
  int64_t abs_weight_sum = 0;  // sum of |w|
};

struct RequantTable {
  ab_dsp_requant_mode mode = AB_DSP_RQ_EXACT;
  // Factor the weights (and so the accumulator) carry when the kernel expands them at generation
  // time (int16 weights): 2 in the folded mode, else 1.
  int32_t weight_scale = 1;
  // Left shift the kernel applies to accumulators of weights without that factor (int8 ones).
  int32_t acc_shift = 0;
  std::vector<int32_t> rq;  // AB_DSP_RQ_STRIDE entries per channel
};

// What the accumulator's inputs can be, for the proof that the folded mode is exact.
struct RequantBounds {
  int32_t x_min = -128, x_max = 127;  // the stored input values (before input_offset is added)
  bool allow_folded = true;           // false: the exact mode (several tables sharing one mode)
  // int8 outputs of weight rows (convolutions, fully connected): a channel whose output is one
  // value for every input folds whatever its bias and shift (a zero multiplier, a pruned channel)
  bool fold_constant_channels = false;
  // int8 outputs clamped at or above the output zero point (act_min >= zero point: a fused ReLU):
  // the folded mode may leave out its sign correction (AB_DSP_RQ_FOLDED_CLAMPED)
  bool clamped_at_zero_point = false;
};

// `scaled_weights`: the weights will carry weight_scale (int16 weights) rather than the kernel
// shifting the accumulator. `channels` rows of the table, at least sums.size() (extra rows are
// zero: padding channels of a channel pair that is never stored).
RequantTable requant_table(const std::vector<ChannelSum>& sums, const int32_t* multiplier, const int32_t* shift,
                           int32_t input_offset, int32_t output_zero_point, bool scaled_weights,
                           std::size_t channels, const RequantBounds& bounds = {});

}  // namespace aotbench::codegen::dsp
