// Cases of the reductions: MEAN and SUM (int8, int16), REDUCE_MAX and REDUCE_MIN (int8), ARG_MAX
// and ARG_MIN (int8 to int32), over random sets of axes (negative and repeated ones too), with
// and without keep_dims, ranks 1 to 6, quantization edges, and narrow input ranges that make the
// outputs differ from one another (and ARG_MAX/ARG_MIN meet ties).
#include <algorithm>
#include <cmath>

#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

// A random set of axes of a rank-`rank` shape: each named positively or negatively, now and
// then twice; and the output shape they give.
struct Reduction {
  std::vector<int32_t> in_shape, out_shape;
  std::vector<int64_t> axes;
  bool keep_dims = false;
  int64_t count = 1;  // elements reduced into each output
};
Reduction reduction(CaseRng& rng, int rank, int32_t max_dim) {
  Reduction r;
  r.in_shape = rng.shape(rank, max_dim);
  r.keep_dims = rng.coin();
  std::vector<bool> reduced(static_cast<std::size_t>(rank), false);
  const int64_t n = rng.uniform(1, rank);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t a = rng.uniform(0, rank - 1);
    reduced[static_cast<std::size_t>(a)] = true;
    r.axes.push_back(rng.coin() ? a - rank : a);
    if (rng.uniform(0, 4) == 0) r.axes.push_back(rng.coin() ? a - rank : a);  // a duplicate
  }
  for (int d = 0; d < rank; ++d) {
    const int32_t size = r.in_shape[static_cast<std::size_t>(d)];
    if (reduced[static_cast<std::size_t>(d)]) {
      r.count *= size;
      if (r.keep_dims) r.out_shape.push_back(1);
    } else {
      r.out_shape.push_back(size);
    }
  }
  return r;
}

// Input values over the whole type, or a narrow band somewhere in it (outputs then vary more
// than the average of the whole range would let them).
std::pair<int64_t, int64_t> value_range(CaseRng& rng, TT type) {
  const auto [lo, hi] = type_range(type);
  if (rng.coin()) return {lo, hi};
  const int64_t width = (hi - lo) / rng.pick<int64_t>({4, 16, 64});
  const int64_t from = rng.uniform(lo, hi - width);
  return {from, from + width};
}

// int8: anywhere, or at either end. int16: symmetric as converters make it, except now and then
// (TFLite Micro's MEAN and SUM take any zero point).
int64_t zero_point(CaseRng& rng, TT type, bool extreme) {
  if (type == TT::INT16) return rng.uniform(0, 5) == 0 ? rng.uniform(-3000, 3000) : 0;
  return extreme ? rng.pick<int64_t>({-128, 127}) : rng.uniform(-128, 127);
}

void reducer_op(CaseBuilder& b, BO code, int32_t x, const Reduction& r, int32_t out) {
  tfl::ReducerOptionsT o;
  o.keep_dims = r.keep_dims;
  const int32_t axes = b.constant_values(TT::INT32, {static_cast<int32_t>(r.axes.size())}, r.axes);
  b.op(code, {x, axes}, {out}, o);
  b.output(out);
}

// MEAN and SUM. The output scale makes the results' offset and spread cover a good part of the
// output's range, and an int8 output zero point moves their centre towards the middle; every
// fourth case instead has extreme zero points and scales 1000 times off either way, saturating
// or collapsing the output.
OpCase mean_or_sum_case(CaseRng& rng, int n, TT type, BO code) {
  const bool sum = code == BO::SUM;
  const Reduction r = reduction(rng, static_cast<int>(rng.uniform(1, 6)), 5);
  CaseBuilder b(case_name(sum ? "sum" : "mean", type, n));
  const bool extremes = n % 4 == 3;
  const Quant qi{rng.scale(1e-3f, 0.5f), zero_point(rng, type, extremes)};
  std::pair<int64_t, int64_t> values = value_range(rng, type);
  if (rng.coin()) {  // values around the zero point: results near 0 whose spread shows
    const auto [lo, hi] = type_range(type);
    const int64_t half = (values.second - values.first) / 2;
    const int64_t mid = std::clamp(qi.zero_point, lo + half, hi - half);
    values = {mid - half, mid + half};
  }
  // The results in input steps: their centre and spread (three standard deviations).
  const double count = static_cast<double>(r.count), per = sum ? count : 1;
  const double width = static_cast<double>(values.second - values.first);
  const double middle = static_cast<double>(values.first + values.second) / 2;
  const double centre = (middle - static_cast<double>(qi.zero_point)) * per;
  const double spread = 3 * width / std::sqrt(12.0) * (sum ? std::sqrt(count) : 1 / std::sqrt(count)) + 1;
  const double full = static_cast<double>(type_range(type).second);
  const double reach = std::abs(centre) + spread;
  double ratio = reach / full * rng.scale(0.5f, 2.0f);  // output scale / input scale
  Quant qo{0, 0};
  if (extremes) {
    ratio *= rng.pick<double>({1e-3, 1e3});
    qo.zero_point = zero_point(rng, type, true);
  } else if (type == TT::INT8) {
    qo.zero_point = std::clamp<int64_t>(static_cast<int64_t>(-centre / ratio) + rng.uniform(-20, 20), -128, 127);
  } else {
    qo.zero_point = zero_point(rng, type, false);
  }
  qo.scale = static_cast<float>(qi.scale * ratio);
  // A SUM whose output scale is finer than the input's multiplies by more than 1: the reference
  // shifts the int32 sum left first, so keep those sums small (larger ones overflow in C++).
  if (sum && ratio < 1) {
    const int64_t bound = std::max<int64_t>(1, static_cast<int64_t>(ratio * 1e8 / count));
    values = {std::max<int64_t>(values.first, qi.zero_point - bound),
              std::min<int64_t>(values.second, qi.zero_point + bound)};
    if (values.first > values.second) values = {qi.zero_point, qi.zero_point};
  }
  const int32_t x = b.input(type, r.in_shape, qi, values.first, values.second);
  reducer_op(b, code, x, r, b.tensor(type, r.out_shape, qo));
  return b.finish(rng);
}

// REDUCE_MAX and REDUCE_MIN keep the input's quantization.
OpCase max_min_case(CaseRng& rng, int n, BO code) {
  const Reduction r = reduction(rng, static_cast<int>(rng.uniform(1, 6)), 5);
  CaseBuilder b(case_name(code == BO::REDUCE_MAX ? "reduce_max" : "reduce_min", TT::INT8, n));
  const Quant q{rng.scale(), zero_point(rng, TT::INT8, n % 4 == 3)};
  const auto [lo, hi] = value_range(rng, TT::INT8);
  const int32_t x = b.input(TT::INT8, r.in_shape, q, lo, hi);
  reducer_op(b, code, x, r, b.tensor(TT::INT8, r.out_shape, q));
  return b.finish(rng);
}

// ARG_MAX and ARG_MIN along one axis; a narrow value range makes ties, where the first index wins.
OpCase arg_case(CaseRng& rng, int n, BO code) {
  const int rank = static_cast<int>(rng.uniform(1, 5));
  const std::vector<int32_t> in_shape = rng.shape(rank, 7);
  const int64_t axis = rng.uniform(-rank, rank - 1);
  std::vector<int32_t> out_shape = in_shape;
  out_shape.erase(out_shape.begin() + (axis < 0 ? axis + rank : axis));
  CaseBuilder b(case_name(code == BO::ARG_MAX ? "arg_max" : "arg_min", TT::INT8, n));
  const int64_t spread = rng.pick<int64_t>({0, 1, 3, 255, 255});
  const int64_t from = rng.uniform(-128, 127 - spread);
  const int32_t x = b.input(TT::INT8, in_shape, {rng.scale(), rng.uniform(-128, 127)}, from, from + spread);
  const int32_t out = b.tensor(TT::INT32, out_shape);
  if (code == BO::ARG_MAX) {
    tfl::ArgMaxOptionsT o;
    o.output_type = TT::INT32;
    b.op(code, {x, b.constant_values(TT::INT32, {1}, {axis})}, {out}, o);
  } else {
    tfl::ArgMinOptionsT o;
    o.output_type = TT::INT32;
    b.op(code, {x, b.constant_values(TT::INT32, {1}, {axis})}, {out}, o);
  }
  b.output(out);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> reduce_cases() {
  CaseRng rng(29);
  std::vector<OpCase> cases;
  for (int n = 0; n < 20; ++n) {
    for (TT type : {TT::INT8, TT::INT16}) {
      cases.push_back(mean_or_sum_case(rng, n, type, BO::MEAN));
      cases.push_back(mean_or_sum_case(rng, n, type, BO::SUM));
    }
    cases.push_back(max_min_case(rng, n, BO::REDUCE_MAX));
    cases.push_back(max_min_case(rng, n, BO::REDUCE_MIN));
    cases.push_back(arg_case(rng, n, BO::ARG_MAX));
    cases.push_back(arg_case(rng, n, BO::ARG_MIN));
  }
  return cases;
}

}  // namespace aotbench::codegen::test
