// Cases of the unary element-wise operators: every activation with each type TFLite Micro takes
// for it (int8 and int16; RELU_N1_TO_1 against TFLite's reference kernel), ABS, RSQRT,
// LOG_SOFTMAX, CAST between all its integer types (uint32 included), QUANTIZE and DEQUANTIZE between all theirs,
// and SOFTMAX to int8/int16 and of int16. Scales put the inputs across each function's
// interesting range (and sometimes far beyond it); zero points reach both ends of int8.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>

#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

using Shape = std::vector<int32_t>;

// Any rank up to 5, small dimensions: element-wise operators do not care about the layout.
Shape any_shape(CaseRng& rng) { return rng.shape(static_cast<int>(rng.uniform(1, 5)), 6); }

// An int8 zero point: anywhere, or (extreme) at one end of the range.
int64_t zero_point8(CaseRng& rng, bool extreme) {
  return extreme ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
}

// Quantization for `type`: int8 with a zero point, int16 symmetric.
Quant quant_of(CaseRng& rng, TT type, float scale, bool extreme) {
  return {scale, type == TT::INT8 ? zero_point8(rng, extreme) : 0};
}

// The real values an input of this quantization takes ([lo, hi] of the type, or of the
// given integer range), each through f: the smallest and largest result.
std::pair<double, double> image(TT type, const Quant& q, const std::function<double(double)>& f,
                                std::pair<int64_t, int64_t> range = {0, -1}) {
  if (range.first > range.second) range = type_range(type);
  const int64_t step = std::max<int64_t>(1, (range.second - range.first) / 4096);
  double lo = INFINITY, hi = -INFINITY;
  for (int64_t v = range.first; v <= range.second; v += step) {
    const double y = f(static_cast<double>(q.scale) * static_cast<double>(v - q.zero_point));
    lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  return {lo, hi};
}

// An output quantization that holds [lo, hi] as a converter would choose it, its scale off by
// up to 25% (and, when `far`, by a factor 100 either way): int8/uint8 asymmetric, int16
// symmetric, int32 with 2^20 steps for the larger magnitude.
Quant fitted(CaseRng& rng, TT type, std::pair<double, double> range, bool far = false) {
  auto [lo, hi] = range;
  if (hi - lo < 1e-6) hi = lo + 1;  // a constant function: any scale
  const double ratio = static_cast<double>(far ? rng.pick<float>({0.01f, 100.0f}) : rng.scale(0.8f, 1.25f));
  if (type == TT::INT8 || type == TT::UINT8) {
    const double scale = (hi - lo) / 255 * ratio;
    const auto [qmin, qmax] = type_range(type);
    return {static_cast<float>(scale), std::clamp<int64_t>(std::llround(static_cast<double>(qmin) - lo / scale), qmin, qmax)};
  }
  const double half = type == TT::INT16 ? 32767 : 1 << 20;
  return {static_cast<float>(std::max(std::fabs(lo), std::fabs(hi)) / half * ratio), 0};
}

// The options of an operator that carries none.
struct NoOptions {};

// One operator from an input to an output of the same shape, inputs over [lo, hi]: random, or
// (every_value) each value of [lo, hi] once, which checks the whole function at these scales.
template <class Options>
OpCase unary(CaseRng& rng, const std::string& name, BO code, TT in_type, Quant qi, TT out_type, Quant qo,
             const Options& options, int64_t lo, int64_t hi, bool every_value = false) {
  CaseBuilder b(name);
  const Shape shape = every_value ? Shape{static_cast<int32_t>(hi - lo + 1)} : any_shape(rng);
  const int32_t x = b.input(in_type, shape, qi, lo, hi);
  const int32_t y = b.tensor(out_type, shape, qo);
  if constexpr (std::is_same_v<Options, NoOptions>) {
    b.op(code, {x}, {y});
  } else {
    b.op(code, {x}, {y}, options);
  }
  b.output(y);
  OpCase c = b.finish(rng);
  if (every_value) {
    std::vector<int64_t> values;
    for (int64_t v = lo; v <= hi; ++v) values.push_back(v);
    c.inputs[0] = encode(in_type, values);
  }
  return c;
}

// Every third case of a kind takes each input value once.
bool every_value(int n) { return n % 3 == 2; }

OpCase unary(CaseRng& rng, const std::string& name, BO code, TT type, Quant qi, Quant qo, int n) {
  const auto [lo, hi] = type_range(type);
  return unary(rng, name, code, type, qi, type, qo, NoOptions{}, lo, hi, every_value(n));
}

std::string lower(const char* s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// "cast_int8_int16_01".
std::string pair_name(const char* op, TT from, TT to, int n) {
  return std::string(op) + "_" + lower(tfl::EnumNameTensorType(from)) + "_" + lower(tfl::EnumNameTensorType(to)) +
         "_0" + std::to_string(n);
}

// LOGISTIC and TANH: inputs spanning about [-10, 10] (int8 also past the saturation radius);
// int16 input scales of 2^-12 (and 2^-11) take TFLite's power-of-two path.
OpCase sigmoid_case(CaseRng& rng, BO code, const char* op, int n, TT type) {
  const bool extreme = n % 4 == 3;
  Quant qi, qo;
  if (type == TT::INT8) {
    qi = quant_of(rng, type, rng.scale(0.005f, 0.06f), extreme);
    qo = code == BO::LOGISTIC ? Quant{1.0f / 256, -128} : Quant{1.0f / 128, 0};
    if (code == BO::TANH && n % 5 == 4) qo = {rng.scale(), rng.uniform(-128, 127)};  // TFLite Micro ignores it
  } else {
    const float pot = code == BO::TANH && n % 8 == 4 ? 1.0f / 2048 : 1.0f / 4096;
    qi = {n % 4 == 0 ? pot : rng.scale(1e-4f, 2e-3f), 0};
    qo = {1.0f / 32768, 0};
  }
  return unary(rng, case_name(op, type, n), code, type, qi, qo, n);
}

// HARD_SWISH: inputs around [-6, 6], the output fitted to x * relu6(x + 3) / 6 over them.
OpCase hard_swish_case(CaseRng& rng, int n) {
  const Quant qi = quant_of(rng, TT::INT8, rng.scale(0.02f, 0.1f), n % 4 == 3);
  const auto f = [](double x) { return x * std::clamp(x + 3, 0.0, 6.0) / 6; };
  Quant qo = fitted(rng, TT::INT8, image(TT::INT8, qi, f));
  if (n % 6 == 5) qo.scale *= 50;  // far above the input's (TFLite Micro refuses far below)
  return unary(rng, case_name("hard_swish", TT::INT8, n), BO::HARD_SWISH, TT::INT8, qi, qo, n);
}

// RELU, RELU_N1_TO_1 and LEAKY_RELU rescale: the output fitted to the function's values over the
// input (now and then with a scale 100 times off).
OpCase relu_case(CaseRng& rng, BO code, const char* op, int n, TT type) {
  const float lo = code == BO::RELU_N1_TO_1 ? 0.002f : (type == TT::INT8 ? 0.01f : 1e-4f);
  const Quant qi = quant_of(rng, type, rng.scale(lo, lo * 20), n % 4 == 3);
  const auto f = [code](double x) { return code == BO::RELU ? std::max(x, 0.0) : std::clamp(x, -1.0, 1.0); };
  const Quant qo = fitted(rng, type, image(type, qi, f), n % 5 == 4);
  return unary(rng, case_name(op, type, n), code, type, qi, qo, n);
}

// RELU6: 6 inside the input's range, or beyond it; int16 with a zero point too (TFLite Micro
// takes any); the output's quantization is not used.
OpCase relu6_case(CaseRng& rng, int n, TT type) {
  const float lo = type == TT::INT8 ? 0.01f : 1e-4f;
  Quant qi{rng.scale(lo, lo * 20), type == TT::INT8 ? (n % 4 == 3 ? -128 : rng.uniform(-100, 60)) : 0};
  if (type == TT::INT16 && n % 3 == 2) qi.zero_point = rng.uniform(-3000, 3000);
  const Quant qo = n % 5 == 4 ? Quant{rng.scale(), 0} : qi;
  return unary(rng, case_name("relu6", type, n), BO::RELU6, type, qi, qo, n);
}

OpCase leaky_relu_case(CaseRng& rng, int n, TT type) {
  const float lo = type == TT::INT8 ? 0.01f : 1e-4f;
  Quant qi = quant_of(rng, type, rng.scale(lo, lo * 20), n % 4 == 3);
  tfl::LeakyReluOptionsT o;
  o.alpha = rng.pick<float>({0.2f, 0.1f, 0.01f, 0.3f, 0.5f, 0.9f, 1.5f, -0.25f});
  const float alpha = o.alpha;
  Quant qo = fitted(rng, type, image(type, qi, [alpha](double x) { return x >= 0 ? x : alpha * x; }), n % 5 == 4);
  if (type == TT::INT16 && n % 5 == 1) {  // TFLite Micro's int16 LEAKY_RELU takes zero points
    qi.zero_point = rng.uniform(-1000, 1000);
    qo.zero_point = rng.uniform(-1000, 1000);
  }
  const auto [lo_v, hi_v] = type_range(type);
  return unary(rng, case_name("leaky_relu", type, n), BO::LEAKY_RELU, type, qi, type, qo, o, lo_v, hi_v,
               every_value(n));
}

// ABS of int8, of symmetric int16 (same scale or rescaled), and of int16 without quantization.
OpCase abs_case(CaseRng& rng, int n, TT type, bool quantized) {
  if (!quantized) {
    return unary(rng, case_name("abs_plain", type, n), BO::ABS, type, {}, type, {}, NoOptions{}, -32768, 32767,
                 every_value(n));
  }
  const Quant qi = quant_of(rng, type, rng.scale(), n % 4 == 3);
  const Quant qo = n % 3 == 0 ? quant_of(rng, type, qi.scale, n % 4 == 3)
                              : fitted(rng, type, image(type, qi, [](double x) { return std::fabs(x); }), n % 5 == 4);
  return unary(rng, case_name("abs", type, n), BO::ABS, type, qi, qo, n);
}

// RSQRT: inputs at or above the zero point (TFLite Micro fails the inference below it), the
// output fitted to 1/sqrt over the positive ones.
OpCase rsqrt_case(CaseRng& rng, int n, TT type) {
  const Quant qi = type == TT::INT8 ? Quant{rng.scale(0.005f, 0.5f), n % 4 == 3 ? -128 : rng.uniform(-128, 100)}
                                    : Quant{rng.scale(1e-4f, 1e-2f), 0};
  const int64_t hi = type_range(type).second;
  const Quant qo =
      fitted(rng, type, image(type, qi, [](double x) { return 1 / std::sqrt(x); }, {qi.zero_point + 1, hi}));
  return unary(rng, case_name("rsqrt", type, n), BO::RSQRT, type, qi, type, qo, NoOptions{}, qi.zero_point, hi,
               every_value(n));
}

// LOG_SOFTMAX and SOFTMAX: rows of up to 24 along the last dimension.
Shape rows_shape(CaseRng& rng) {
  Shape s = rng.shape(static_cast<int>(rng.uniform(1, 4)), 4);
  s.back() = static_cast<int32_t>(rng.uniform(1, 24));
  return s;
}

OpCase log_softmax_case(CaseRng& rng, int n) {
  CaseBuilder b(case_name("log_softmax", TT::INT8, n));
  const Shape shape = rows_shape(rng);
  const int32_t x = b.input(TT::INT8, shape, {rng.scale(0.01f, 0.5f), zero_point8(rng, n % 4 == 3)});
  const int32_t y = b.tensor(TT::INT8, shape, {16.0f / 256, 127});
  b.op(BO::LOG_SOFTMAX, {x}, {y}, tfl::LogSoftmaxOptionsT{});
  b.output(y);
  return b.finish(rng);
}

// SOFTMAX int8 -> int8 or int16 and int16 -> int16, with a few betas.
OpCase softmax_case(CaseRng& rng, int n, TT in_type, TT out_type) {
  CaseBuilder b(case_name(out_type == in_type ? "softmax" : "softmax_to16", in_type, n));
  const Shape shape = rows_shape(rng);
  const Quant qi = in_type == TT::INT8 ? Quant{rng.scale(0.01f, 0.3f), zero_point8(rng, n % 4 == 3)}
                                       : Quant{rng.scale(1e-4f, 2e-3f), 0};
  const Quant qo = out_type == TT::INT8 ? Quant{1.0f / 256, -128}
                   : in_type == TT::INT8 ? Quant{1.0f / 65536, -32768}
                                         : Quant{1.0f / 32768, 0};
  const int32_t x = b.input(in_type, shape, qi);
  const int32_t y = b.tensor(out_type, shape, qo);
  tfl::SoftmaxOptionsT o;
  o.beta = rng.pick<float>({1.0f, 1.0f, 0.5f, 2.0f});
  b.op(BO::SOFTMAX, {x}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

// CAST between every pair of TFLite Micro's integer types: full ranges, so narrowing wraps.
OpCase cast_case(CaseRng& rng, int n, TT from, TT to) {
  CaseBuilder b(pair_name("cast", from, to, n));
  const Shape shape = any_shape(rng);
  const int32_t x = b.input(from, shape);
  const int32_t y = b.tensor(to, shape);
  tfl::CastOptionsT o;
  o.in_data_type = from;
  o.out_data_type = to;
  b.op(BO::CAST, {x}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

// A zero point for a QUANTIZE/DEQUANTIZE input: int8/uint8 anywhere in their range, int16
// mostly 0, int32 0.
int64_t any_zero_point(CaseRng& rng, TT type, int n) {
  switch (type) {
    case TT::INT8: return zero_point8(rng, n % 4 == 3);
    case TT::UINT8: return n % 4 == 3 ? rng.pick<int64_t>({0, 255}) : rng.uniform(0, 255);
    case TT::INT16: return n % 3 == 1 ? rng.uniform(-500, 500) : 0;
    default: return 0;
  }
}

// QUANTIZE from float32 (values around the output's range, half of them exactly halfway
// between two steps) or requantizing into an output fitted to the input's values (int16 output
// zero points sometimes off 0, as TFLite Micro allows; scales 100 times off now and then).
OpCase quantize_case(CaseRng& rng, int n, TT from, TT to) {
  const std::string name = pair_name("quantize", from, to, n);
  if (from != TT::FLOAT32) {
    // int32 inputs stay within 2^20 of the zero point: the reference's rescale would overflow.
    const auto [lo, hi] = from == TT::INT32 ? std::pair<int64_t, int64_t>{-(1 << 20), 1 << 20} : type_range(from);
    const Quant qi{rng.scale(1e-4f, 0.5f), any_zero_point(rng, from, n)};
    Quant qo = fitted(rng, to, image(from, qi, [](double x) { return x; }, {lo, hi}), n % 5 == 4);
    if (to == TT::INT16 && n % 3 == 2) qo.zero_point = rng.uniform(-500, 500);
    return unary(rng, name, BO::QUANTIZE, from, qi, to, qo, tfl::QuantizeOptionsT{}, lo, hi,
                 every_value(n) && from != TT::INT32);
  }
  CaseBuilder b(name);
  const Shape shape = any_shape(rng);
  const Quant qo = fitted(rng, to, {-1.0, 1.0});
  const int32_t x = b.input(from, shape, {}, 0, 0);  // values written below
  const int32_t y = b.tensor(to, shape, qo);
  b.op(BO::QUANTIZE, {x}, {y}, tfl::QuantizeOptionsT{});
  b.output(y);
  OpCase c = b.finish(rng);
  std::vector<float> v(c.inputs[0].size() / 4);
  const double steps = static_cast<double>(type_range(to).second);
  for (float& f : v) {
    const double k = std::round(static_cast<double>(rng.uniform(-1200, 1200)) * steps / 1000);
    f = static_cast<float>((k + (rng.coin() ? 0.5 : 0.0) - static_cast<double>(qo.zero_point)) * qo.scale);
  }
  std::memcpy(c.inputs[0].data(), v.data(), c.inputs[0].size());
  return c;
}

OpCase dequantize_case(CaseRng& rng, int n, TT from) {
  const auto [lo, hi] = type_range(from);
  const Quant q{rng.scale(1e-4f, 1.0f), any_zero_point(rng, from, n)};
  return unary(rng, case_name("dequantize", from, n), BO::DEQUANTIZE, from, q, TT::FLOAT32, {},
               tfl::DequantizeOptionsT{}, lo, hi, every_value(n));
}

}  // namespace

std::vector<OpCase> activation_cases() {
  CaseRng rng(29);
  std::vector<OpCase> cases;
  for (int n = 0; n < 10; ++n) {
    for (TT type : {TT::INT8, TT::INT16}) {
      cases.push_back(sigmoid_case(rng, BO::LOGISTIC, "logistic", n, type));
      cases.push_back(sigmoid_case(rng, BO::TANH, "tanh", n, type));
      cases.push_back(leaky_relu_case(rng, n, type));
    }
  }
  for (int n = 0; n < 12; ++n) {
    cases.push_back(hard_swish_case(rng, n));
    for (TT type : {TT::INT8, TT::INT16}) cases.push_back(rsqrt_case(rng, n, type));
    cases.push_back(log_softmax_case(rng, n));
  }
  for (int n = 0; n < 8; ++n) {
    for (TT type : {TT::INT8, TT::INT16}) {
      cases.push_back(relu_case(rng, BO::RELU, "relu", n, type));
      cases.push_back(relu6_case(rng, n, type));
      cases.push_back(abs_case(rng, n, type, true));
    }
    cases.push_back(relu_case(rng, BO::RELU_N1_TO_1, "relu_n1_to_1", n, TT::INT8));
    cases.push_back(abs_case(rng, n, TT::INT16, false));
    cases.push_back(softmax_case(rng, n, TT::INT8, TT::INT8));
    cases.push_back(softmax_case(rng, n, TT::INT8, TT::INT16));
    cases.push_back(softmax_case(rng, n, TT::INT16, TT::INT16));
  }
  for (int n = 0; n < 2; ++n) {
    for (TT from : {TT::INT8, TT::INT16, TT::INT32, TT::BOOL}) {
      for (TT to : {TT::INT8, TT::INT16, TT::INT32}) cases.push_back(cast_case(rng, n, from, to));
    }
  }
  const std::pair<TT, TT> kQuantize[] = {
      {TT::FLOAT32, TT::INT8}, {TT::FLOAT32, TT::INT16}, {TT::INT8, TT::INT8},   {TT::INT8, TT::UINT8},
      {TT::UINT8, TT::INT8},   {TT::INT8, TT::INT16},    {TT::INT8, TT::INT32},  {TT::INT16, TT::INT8},
      {TT::INT16, TT::INT16},  {TT::INT16, TT::INT32},   {TT::INT32, TT::INT8},  {TT::INT32, TT::INT16},
  };
  for (int n = 0; n < 3; ++n) {
    for (const auto& [from, to] : kQuantize) cases.push_back(quantize_case(rng, n, from, to));
    for (TT from : {TT::INT8, TT::INT16, TT::UINT8}) cases.push_back(dequantize_case(rng, n, from));
  }
  // uint32, the audio front end's type, to and from the others (after the rest: their seeds stay).
  for (int n = 0; n < 2; ++n) {
    for (TT other : {TT::INT8, TT::INT16, TT::INT32}) {
      cases.push_back(cast_case(rng, n, TT::UINT32, other));
      cases.push_back(cast_case(rng, n, other, TT::UINT32));
    }
    cases.push_back(cast_case(rng, n, TT::BOOL, TT::UINT32));
    cases.push_back(cast_case(rng, n, TT::UINT32, TT::UINT32));
  }
  return cases;
}

}  // namespace aotbench::codegen::test
