#pragma once
// Tables the activation lowerings hand to their kernels: an int8 operator whose TFLite Micro
// arithmetic is a fixed-point function of one input value is evaluated here at all 256 inputs
// (ab_ref_lookup_s8 then only looks up), and SOFTMAX int16's interpolation tables are filled as
// TFLite Micro's Prepare fills them. Each follows the reference's integer (or float) steps
// exactly; comments name the reference function it reproduces.
#include <cstdint>
#include <vector>

namespace aotbench::codegen::lower_detail {

// An int8 input rescaled into Q4.27 (LOGISTIC and TANH int8): inputs at or beyond the radius
// saturate, the others are multiplied by (multiplier, left_shift).
struct Q4InputScaling {
  int32_t zero_point = 0;
  int32_t multiplier = 0;
  int32_t left_shift = 0;
  int32_t range_radius = 0;
};

// Tables are indexed by the input's byte: entry (uint8_t)x holds f(x).
std::vector<int8_t> logistic_table_s8(const Q4InputScaling& s);  // integer_ops::Logistic
std::vector<int8_t> tanh_table_s8(const Q4InputScaling& s);      // integer_ops::Tanh

// HardSwishParams of TFLite's Prepare.
struct HardSwishScaling {
  int32_t input_zero_point = 0;
  int32_t output_zero_point = 0;
  int16_t output_multiplier = 0;  // Q0.15
  int32_t output_exponent = 0;    // <= 0
  int16_t reluish_multiplier = 0;  // Q0.15
  int32_t reluish_exponent = 0;
};
std::vector<int8_t> hard_swish_table_s8(const HardSwishScaling& s);  // reference_ops::HardSwish

// SOFTMAX int16's 513-entry tables (LUTPopulate<int16_t> in softmax_common.cc): exp over
// [-10, 0] and 1 / (1 + x) over [0, 1], both to [-1, 1) in Q0.15.
std::vector<int16_t> softmax_exp_table_s16();
std::vector<int16_t> softmax_reciprocal_table_s16();

}  // namespace aotbench::codegen::lower_detail
