// Cases of the binary arithmetic operators (ADD, SUB, MUL, DIV, SQUARED_DIFFERENCE, MAXIMUM,
// MINIMUM, PRELU) with every type TFLite Micro takes, broadcasting over up to 6 dimensions
// (scalars included), fused activations and quantization edges.
#include "op_case.hpp"

#include <algorithm>
#include <cmath>

namespace aotbench::codegen::test {
namespace {

const std::vector<tfl::ActivationFunctionType> kActivations = {
    tfl::ActivationFunctionType::NONE, tfl::ActivationFunctionType::RELU, tfl::ActivationFunctionType::RELU6,
    tfl::ActivationFunctionType::RELU_N1_TO_1};

// PRELU carries no options table.
struct NoOptions {};

tfl::ActivationFunctionType activation(CaseRng& rng) {
  return rng.coin() ? tfl::ActivationFunctionType::NONE : rng.pick(kActivations);
}

// Two input shapes that broadcast, and their output shape: from a random shape of `rank`
// dimensions each input may drop leading dimensions (now and then all: a scalar) and set others
// to 1.
struct Shapes {
  std::vector<int32_t> a, b, out;
};
Shapes broadcast_shapes(CaseRng& rng, int rank, bool broadcast) {
  Shapes s;
  s.a = s.b = rng.shape(rank, rank > 4 ? 3 : rank > 2 ? 6 : 11);
  if (broadcast) {
    for (auto* in : {&s.a, &s.b}) {
      const auto drop = rng.uniform(0, 7) == 0 ? rank : rng.coin() ? rng.uniform(0, rank - 1) : 0;
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

Shapes random_shapes(CaseRng& rng) {
  const int rank = static_cast<int>(rng.uniform(1, 6));
  return broadcast_shapes(rng, rank, rng.uniform(0, 3) > 0);
}

// A scale for an operand; int8 zero points anywhere or (extreme) at either end of the range,
// int16 symmetric.
Quant operand(CaseRng& rng, TT type, bool extreme_zero_point) {
  Quant q{rng.scale(1e-3f, 0.5f), 0};
  if (type == TT::INT8) {
    q.zero_point = extreme_zero_point ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
  }
  return q;
}

// Every fourth case of a type stresses the quantization: zero points at the ends, scales far
// apart.
bool extreme(int n) { return n % 4 == 3; }

// A value range [lo, hi] of a graph input or constant.
struct Range {
  int64_t lo, hi;
};
Range full(TT type) {
  const auto [lo, hi] = type_range(type);
  return {lo, hi};
}

int64_t elements(const std::vector<int32_t>& shape) {
  int64_t k = 1;
  for (int32_t d : shape) k *= d;
  return k;
}

// One operator of two operands (the second of type_b, the output of `type`); the second is a
// constant half of the time.
template <class Options>
OpCase binary_case(CaseRng& rng, const std::string& op, int n, TT type, TT type_b, BO code, const Options& options,
                   const Shapes& s, Quant qa, Quant qb, Quant qo, Range ra, Range rb) {
  CaseBuilder b(case_name(op, type, n));
  const int32_t x = b.input(type, s.a, qa, ra.lo, ra.hi);
  const int32_t y = rng.coin() ? b.constant_random(rng, type_b, s.b, qb, rb.lo, rb.hi)
                               : b.input(type_b, s.b, qb, rb.lo, rb.hi);
  const int32_t out = b.tensor(type, s.out, qo);
  b.op(code, {x, y}, {out}, options);
  b.output(out);
  return b.finish(rng);
}

OpCase mul_case(CaseRng& rng, int n, TT type) {
  const Shapes s = random_shapes(rng);
  tfl::MulOptionsT o;
  o.fused_activation_function = activation(rng);
  if (type == TT::INT32) {
    // Products stay inside int32: the reference multiplies in int32 (overflow is undefined in C++).
    return binary_case(rng, "mul", n, type, type, BO::MUL, o, s, {}, {}, {}, {-46340, 46340}, {-46340, 46340});
  }
  const Quant qa = operand(rng, type, extreme(n)), qb = operand(rng, type, extreme(n));
  Quant qo = operand(rng, type, extreme(n));
  // An output scale that spreads the products over the output's range (a quarter to four
  // times it); now and then one far off, for requantization multipliers far from 1.
  const double top = static_cast<double>(type_range(type).second);
  qo.scale = static_cast<float>(qa.scale * qb.scale * top * rng.scale(0.25f, 4.0f));
  if (extreme(n)) qo.scale *= rng.pick<float>({1e-3f, 1e3f});
  return binary_case(rng, "mul", n, type, type, BO::MUL, o, s, qa, qb, qo, full(type), full(type));
}

// ADD, SUB and SQUARED_DIFFERENCE rescale both inputs to twice the larger scale. Input scales
// now and then far apart; an output scale that spreads the result over the output's range.
struct AddQuant {
  Quant a, b, out;
};
AddQuant add_quant(CaseRng& rng, int n, TT type, bool squared) {
  AddQuant q{operand(rng, type, extreme(n)), operand(rng, type, extreme(n)), operand(rng, type, false)};
  if (extreme(n)) q.b.scale = q.a.scale * rng.pick<float>({2e-3f, 500.0f});
  const double larger = std::max(q.a.scale, q.b.scale);
  const double top = static_cast<double>(type_range(type).second);
  if (squared) {
    // Squares are never negative: the output's zero point at the bottom, as converters put it,
    // and a scale that holds (a fraction of) the largest square, twice the larger range squared.
    if (type == TT::INT8 && !extreme(n)) q.out.zero_point = -128;
    q.out.scale = static_cast<float>(4 * larger * larger * top * rng.scale(0.1f, 1.0f));
  } else {
    q.out.scale = static_cast<float>(2 * larger * rng.scale(0.4f, 1.5f));
  }
  return q;
}

OpCase add_sub_case(CaseRng& rng, int n, TT type, BO code) {
  const bool add = code == BO::ADD;
  const std::string name = add ? "add" : "sub";
  const Shapes s = random_shapes(rng);
  const auto act = activation(rng);
  tfl::AddOptionsT add_o;
  add_o.fused_activation_function = act;
  add_o.pot_scale_int16 = rng.coin();  // TFLite Micro ignores it
  tfl::SubOptionsT sub_o;
  sub_o.fused_activation_function = act;
  sub_o.pot_scale_int16 = rng.coin();
  auto make = [&](Quant qa, Quant qb, Quant qo, Range r) {
    return add ? binary_case(rng, name, n, type, type, code, add_o, s, qa, qb, qo, r, r)
               : binary_case(rng, name, n, type, type, code, sub_o, s, qa, qb, qo, r, r);
  };
  if (type == TT::INT32) {
    // Sums stay inside int32; small values now and then so that RELU6 and RELU_N1_TO_1 cut some.
    const int64_t m = rng.pick<int64_t>({8, 1000, (int64_t{1} << 30) - 1});
    return make({}, {}, {}, {-m, m});
  }
  const AddQuant q = add_quant(rng, n, type, false);
  return make(q.a, q.b, q.out, full(type));
}

OpCase squared_difference_case(CaseRng& rng, int n, TT type) {
  const Shapes s = random_shapes(rng);
  const tfl::SquaredDifferenceOptionsT o;
  if (type == TT::INT32) {
    // Squares stay inside int32.
    const int64_t m = rng.pick<int64_t>({100, 23170});
    return binary_case(rng, "squared_difference", n, type, type, BO::SQUARED_DIFFERENCE, o, s, {}, {}, {}, {-m, m},
                       {-m, m});
  }
  const AddQuant q = add_quant(rng, n, type, true);
  return binary_case(rng, "squared_difference", n, type, type, BO::SQUARED_DIFFERENCE, o, s, q.a, q.b, q.out, full(type),
                     full(type));
}

// DIV: divisors never equal their zero point (TFLite Micro's quotient is undefined there): the
// divisor's values lie on one side of it, or (a constant) on both.
OpCase div_case(CaseRng& rng, int n, TT type) {
  const Shapes s = random_shapes(rng);
  tfl::DivOptionsT o;
  o.fused_activation_function = activation(rng);
  CaseBuilder b(case_name("div", type, n));
  int32_t x, y, out;
  if (type == TT::INT32) {
    const int64_t m = rng.pick<int64_t>({20, 100000, INT32_MAX});
    x = b.input(type, s.a, {}, -m, m);
    if (rng.coin()) {
      std::vector<int64_t> v(static_cast<std::size_t>(elements(s.b)));
      for (int64_t& d : v) d = (rng.coin() ? 1 : -1) * rng.uniform(1, rng.pick<int64_t>({3, 1000}));
      y = b.constant_values(type, s.b, v);
    } else {
      y = rng.coin() ? b.input(type, s.b, {}, 1, 1000) : b.input(type, s.b, {}, -1000, -1);
    }
    out = b.tensor(type, s.out);
  } else {
    const Quant qa = operand(rng, type, extreme(n)), qb = operand(rng, type, extreme(n));
    Quant qo = operand(rng, type, extreme(n));
    // Quotients of a typical dividend by a typical divisor land inside the output's range.
    qo.scale = static_cast<float>(qa.scale / qb.scale * rng.scale(0.005f, 0.1f));
    if (extreme(n)) qo.scale *= rng.pick<float>({1e-3f, 30.0f});
    // Every fourth case divides small dividends (around the zero point), where TFLite Micro's
    // rounding shift reaches 32 bits and more.
    const int64_t zp1 = qa.zero_point;
    if (n % 4 == 1) {
      x = b.input(type, s.a, qa, std::max<int64_t>(-128, zp1 - 3), std::min<int64_t>(127, zp1 + 3));
    } else {
      x = b.input(type, s.a, qa);
    }
    const int64_t zp = qb.zero_point;
    if (n % 3 == 0) {
      std::vector<int64_t> v(static_cast<std::size_t>(elements(s.b)));
      for (int64_t& d : v) {
        do d = rng.uniform(-128, 127);
        while (d == zp);
      }
      y = b.constant_values(type, s.b, v, qb);
    } else {
      const bool above = zp == -128 || (zp != 127 && rng.coin());
      const int64_t lo = above ? zp + 1 : -128, hi = above ? 127 : zp - 1;
      y = rng.coin() ? b.input(type, s.b, qb, lo, hi) : b.constant_random(rng, type, s.b, qb, lo, hi);
    }
    out = b.tensor(type, s.out, qo);
  }
  b.op(BO::DIV, {x, y}, {out}, o);
  b.output(out);
  return b.finish(rng);
}

// MAXIMUM and MINIMUM: one quantization for all three tensors, as converters write them, except
// every fourth case (TFLite Micro compares stored values whatever the scales).
OpCase maximum_minimum_case(CaseRng& rng, int n, TT type, BO code) {
  const Shapes s = random_shapes(rng);
  Quant q = type == TT::INT32 ? Quant{} : operand(rng, type, false);
  Quant qb = q, qo = q;
  if (type != TT::INT32 && extreme(n)) {
    qb = operand(rng, type, true);
    qo = operand(rng, type, true);
  }
  const std::string name = code == BO::MAXIMUM ? "maximum" : "minimum";
  return binary_case(rng, name, n, type, type, code, tfl::MaximumMinimumOptionsT{}, s, q, qb, qo, full(type), full(type));
}

// PRELU: an int8 alpha, broadcast against the input either way.
OpCase prelu_case(CaseRng& rng, int n, TT type) {
  const Shapes s = random_shapes(rng);
  const Quant qx = operand(rng, type, extreme(n));
  // Slopes of either sign up to about 1 in magnitude (2 with the zero point at an end).
  Quant qa{rng.scale(5e-4f, 8e-3f), rng.uniform(-128, 127)};
  if (extreme(n)) qa.zero_point = rng.pick<int64_t>({-128, 127});
  Quant qo = operand(rng, type, extreme(n));
  qo.scale = static_cast<float>(qx.scale * rng.scale(0.8f, 3.0f));
  return binary_case(rng, "prelu", n, type, TT::INT8, BO::PRELU, NoOptions{}, s, qx, qa, qo, full(type),
                     full(TT::INT8));
}

// SUB's rescale factors in double, not float (as TFLite Micro's source once had them): with
// these scales float would change one output (input -78 minus -102). The second operand takes
// every int8 value.
OpCase sub_prepare_precision_case(CaseRng& rng) {
  CaseBuilder b("sub_int8_prepare_precision");
  std::vector<int64_t> all(256);
  for (int v = 0; v < 256; ++v) all[static_cast<std::size_t>(v)] = v - 128;
  const int32_t x = b.input(TT::INT8, {1}, {0.3354874849319458f, -127}, -78, -78);
  const int32_t y = b.constant_values(TT::INT8, {256}, all, {0.005152529571205378f, 45});
  const int32_t out = b.tensor(TT::INT8, {256}, {0.513322651386261f, -95});
  b.op(BO::SUB, {x, y}, {out}, tfl::SubOptionsT{});
  b.output(out);
  return b.finish(rng);
}

// DIV's rescale factor in double (TFLite Micro's source once had float, which with these
// scales changes one output: -117 divided by -96). The divisor takes every int8 value but its
// zero point.
OpCase div_prepare_precision_case(CaseRng& rng) {
  CaseBuilder b("div_int8_prepare_precision");
  std::vector<int64_t> divisors;
  for (int v = -128; v < 128; ++v) {
    if (v != 38) divisors.push_back(v);
  }
  const int32_t x = b.input(TT::INT8, {1}, {0.16973376274108887f, -5}, -117, -117);
  const int32_t y = b.constant_values(TT::INT8, {255}, divisors, {0.0037119057960808277f, 38});
  const int32_t out = b.tensor(TT::INT8, {255}, {0.5499202609062195f, 4});
  b.op(BO::DIV, {x, y}, {out}, tfl::DivOptionsT{});
  b.output(out);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> arithmetic_cases() {
  CaseRng rng(17);
  std::vector<OpCase> cases;
  const std::vector<TT> all = {TT::INT8, TT::INT16, TT::INT32};
  for (int n = 0; n < 16; ++n) {
    for (TT type : all) cases.push_back(mul_case(rng, n, type));
    for (TT type : all) cases.push_back(add_sub_case(rng, n, type, BO::ADD));
    for (TT type : all) cases.push_back(add_sub_case(rng, n, type, BO::SUB));
    for (TT type : all) cases.push_back(squared_difference_case(rng, n, type));
    for (TT type : {TT::INT8, TT::INT32}) cases.push_back(div_case(rng, n, type));
    if (n < 8) {
      for (TT type : all) cases.push_back(maximum_minimum_case(rng, n, type, BO::MAXIMUM));
      for (TT type : all) cases.push_back(maximum_minimum_case(rng, n, type, BO::MINIMUM));
    }
    for (TT type : {TT::INT8, TT::INT16}) cases.push_back(prelu_case(rng, n, type));
  }
  for (int n = 16; n < 24; ++n) cases.push_back(div_case(rng, n, TT::INT8));
  cases.push_back(sub_prepare_precision_case(rng));
  cases.push_back(div_prepare_precision_case(rng));
  return cases;
}

}  // namespace aotbench::codegen::test
