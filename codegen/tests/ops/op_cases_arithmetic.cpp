// Cases of the binary arithmetic operators: MUL with every type TFLite Micro takes, broadcasting
// over up to 6 dimensions, fused activations and quantization edges.
#include "op_case.hpp"

#include <algorithm>

namespace aotbench::codegen::test {
namespace {

const std::vector<tfl::ActivationFunctionType> kActivations = {
    tfl::ActivationFunctionType::NONE, tfl::ActivationFunctionType::RELU, tfl::ActivationFunctionType::RELU6,
    tfl::ActivationFunctionType::RELU_N1_TO_1};

// Two input shapes that broadcast, and their output shape: from a random shape of `rank`
// dimensions each input may drop leading dimensions and set others to 1.
struct Shapes {
  std::vector<int32_t> a, b, out;
};
Shapes broadcast_shapes(CaseRng& rng, int rank, bool broadcast) {
  Shapes s;
  s.a = s.b = rng.shape(rank, rank > 4 ? 3 : 6);
  if (broadcast) {
    for (auto* in : {&s.a, &s.b}) {
      const auto drop = rng.coin() ? rng.uniform(0, rank - 1) : 0;
      in->erase(in->begin(), in->begin() + drop);
      for (int32_t& d : *in) {
        if (rng.uniform(0, 2) == 0) d = 1;
      }
    }
  }
  s.out.assign(std::max(s.a.size(), s.b.size()), 1);
  for (const auto* in : {&s.a, &s.b}) {
    const std::size_t shift = s.out.size() - in->size();
    for (std::size_t i = 0; i < in->size(); ++i) s.out[shift + i] = std::max(s.out[shift + i], (*in)[i]);
  }
  return s;
}

// A scale for an operand, or a range of them that stresses the requantization (a product scale
// far above or below the output's).
Quant operand(CaseRng& rng, TT type, bool extreme_zero_point) {
  Quant q{rng.scale(1e-3f, 0.5f), 0};
  if (type == TT::INT8) {
    q.zero_point = extreme_zero_point ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
  }
  return q;
}

OpCase mul_case(CaseRng& rng, int n, TT type) {
  const int rank = static_cast<int>(rng.uniform(1, 6));
  const Shapes s = broadcast_shapes(rng, rank, rng.uniform(0, 3) > 0);
  CaseBuilder b(case_name("mul", type, n));
  const bool extremes = n % 4 == 3;
  int32_t x, y, out;
  if (type == TT::INT32) {
    // Products stay inside int32: the reference multiplies in int32 (overflow is undefined in C++).
    x = b.input(type, s.a, {}, -46340, 46340);
    y = rng.coin() ? b.constant_random(rng, type, s.b, {}, -46340, 46340) : b.input(type, s.b, {}, -46340, 46340);
    out = b.tensor(type, s.out);
  } else {
    const Quant qa = operand(rng, type, extremes), qb = operand(rng, type, extremes);
    Quant qo = operand(rng, type, extremes);
    // An output scale that spreads the products over the output's range (a quarter to four
    // times it); now and then one far off, for requantization multipliers far from 1.
    const double full = static_cast<double>(type_range(type).second);
    qo.scale = static_cast<float>(qa.scale * qb.scale * full * rng.scale(0.25f, 4.0f));
    if (extremes) qo.scale *= rng.pick<float>({1e-3f, 1e3f});
    x = b.input(type, s.a, qa);
    const auto [lo, hi] = type_range(type);
    y = rng.coin() ? b.constant_random(rng, type, s.b, qb, lo, hi) : b.input(type, s.b, qb);
    out = b.tensor(type, s.out, qo);
  }
  tfl::MulOptionsT o;
  o.fused_activation_function = rng.coin() ? tfl::ActivationFunctionType::NONE : rng.pick(kActivations);
  b.op(BO::MUL, {x, y}, {out}, o);
  b.output(out);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> arithmetic_cases() {
  CaseRng rng(17);
  std::vector<OpCase> cases;
  for (int n = 0; n < 24; ++n) {
    for (TT type : {TT::INT8, TT::INT16, TT::INT32}) cases.push_back(mul_case(rng, n, type));
  }
  return cases;
}

}  // namespace aotbench::codegen::test
