// ADD and SUB schedules of the dsp family (kernel: ab_dsp_add.h). TFLite's int8 ADD is a function
// of the two input bytes alone, out = F(R1(x) + R2(y)) with R1, R2 the rescaled inputs (SUB's is
// the same with R2 negated: its difference is exactly that sum), so the
// prepare step can check any faster formula against the reference kernel on all 65536 pairs.
// The input with the larger scale is rescaled by exactly 1/2, R linear in its value v, so it
// first looks for one table T and a factor alpha with clamp((T[u] + alpha * v) >> kShift) ==
// out for every pair (each T[u] then has an interval of valid values; alpha is searched near
// the real-valued slope). Failing that, tables T1, T2 with clamp((T1[x] + T2[y]) >> kShift):
// the real-valued rescaling rounded to integers, and when some pair disagrees, a solution of the
// system of difference constraints the pairs impose (Bellman-Ford). Failing both, the tables
// hold R1 and R2 and the kernel rescales the sum as the reference does.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <deque>
#include <vector>

#include "ab_dsp_add.h"
#include "ab_ref_kernels.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_add_params& p) { AB_RENDER_FIELDS(AB_DSP_ADD_FIELDS) }

namespace dsp {
namespace {

// Right shift of the table mode: an output step is 2^22 in the tables' sum, which stays within
// +-2^30 for every output the int8 range can tell apart.
constexpr int kShift = 22;
constexpr int64_t kBound = (int64_t{1} << 30) - 1;  // |T1[x]|, |T2[y]| <= kBound: the sum cannot wrap

using Table = std::array<int32_t, 256>;  // indexed by the input byte as uint8_t

int8_t byte_value(int i) { return static_cast<int8_t>(static_cast<uint8_t>(i)); }

// The reference kernel's output for every pair: out[256 * x + y], x and y as uint8_t.
std::vector<int8_t> reference_outputs(const ab_add_params& r, bool sub) {
  std::vector<int8_t> a(65536), b(65536), out(65536);
  for (int i = 0; i < 65536; ++i) {
    a[static_cast<std::size_t>(i)] = byte_value(i >> 8);
    b[static_cast<std::size_t>(i)] = byte_value(i & 255);
  }
  ab_add_params flat = r;
  flat.broadcast = 0;
  flat.flat_size = 65536;
  if (sub) {
    const ab_add_sub_params difference{AB_ELEM_INT8, AB_ADD_SUB_DIFFERENCE, flat};
    ab_ref_add_sub(&difference, a.data(), b.data(), out.data());
  } else {
    ab_ref_add_s8(&flat, a.data(), b.data(), out.data());
  }
  return out;
}

// The reference's rescaled input: ab_ref_add.c's shifted and scaled value of one input byte.
int32_t rescaled(int8_t x, int32_t offset, int32_t left_shift, int32_t multiplier, int32_t shift) {
  const int32_t shifted = (int32_t{x} + offset) * (int32_t{1} << left_shift);
  return ab_mbqm_lt_one(shifted, multiplier, shift);
}

int32_t clamp_out(int64_t v, const ab_add_params& r) {
  v = std::clamp<int64_t>(v, -128, 127);
  return static_cast<int32_t>(std::clamp<int64_t>(v, r.act_min, r.act_max));
}

// The range of table sums that give output v: saturated ends take everything beyond them.
struct SumRange {
  int64_t lo, hi;
  bool any;  // every sum does (the activation range is one value)
};
SumRange sum_range(int32_t v, const ab_add_params& r, int shift = kShift) {
  const int64_t step = int64_t{1} << shift;
  const bool at_min = v <= std::max(-128, r.act_min), at_max = v >= std::min(127, r.act_max);
  return {at_min ? -2 * kBound : v * step, at_max ? 2 * kBound : (v + 1) * step - 1, at_min && at_max};
}

bool tables_match(const Table& t1, const Table& t2, const ab_add_params& r, const std::vector<int8_t>& want) {
  for (int x = 0; x < 256; ++x)
    for (int y = 0; y < 256; ++y) {
      const int64_t sum = int64_t{t1[static_cast<std::size_t>(x)]} + t2[static_cast<std::size_t>(y)];
      if (clamp_out(sum >> kShift, r) != want[static_cast<std::size_t>(256 * x + y)]) return false;
    }
  return true;
}

// The real-valued rescaling: out = R1 + R2 times the output scale, plus the zero point, rounded.
void linear_tables(const Table& r1, const Table& r2, const ab_add_params& r, Table& t1, Table& t2) {
  const long double scale = std::ldexp(static_cast<long double>(r.output_multiplier), kShift - 31 + r.output_shift);
  const long double offset = (r.output_offset + 0.5L) * std::ldexp(1.0L, kShift);
  for (std::size_t i = 0; i < 256; ++i) {
    t1[i] = static_cast<int32_t>(std::clamp<long double>(std::floor(r1[i] * scale + offset), -kBound, kBound));
    t2[i] = static_cast<int32_t>(std::clamp<long double>(std::floor(r2[i] * scale), -kBound, kBound));
  }
}

// Solves lo(x,y) <= T1[x] + T2[y] <= hi(x,y) for all pairs as difference constraints on T1[x]
// and U[y] = -T2[y], starting from the given tables (usually only a few pairs are violated).
bool constrained_tables(const ab_add_params& r, const std::vector<int8_t>& want, Table& t1, Table& t2) {
  constexpr int kNodes = 513;  // T1[0..255], U[0..255], and a zero node for the bounds
  constexpr int kZero = 512;
  struct Edge {
    int to;
    int64_t w;  // dist[to] <= dist[from] + w
  };
  std::vector<std::vector<Edge>> out(kNodes);
  for (int x = 0; x < 256; ++x) {
    for (int y = 0; y < 256; ++y) {
      const SumRange range = sum_range(want[static_cast<std::size_t>(256 * x + y)], r);
      if (range.any) continue;
      const int64_t lo = range.lo, hi = range.hi;
      out[static_cast<std::size_t>(256 + y)].push_back({x, hi});   // T1[x] - U[y] <= hi
      out[static_cast<std::size_t>(x)].push_back({256 + y, -lo});  // U[y] - T1[x] <= -lo
    }
  }
  for (int n = 0; n < 512; ++n) {
    out[kZero].push_back({n, kBound});
    out[static_cast<std::size_t>(n)].push_back({kZero, kBound});
  }
  std::vector<int64_t> dist(kNodes);
  for (int x = 0; x < 256; ++x) dist[static_cast<std::size_t>(x)] = t1[static_cast<std::size_t>(x)];
  for (int y = 0; y < 256; ++y) dist[static_cast<std::size_t>(256 + y)] = -int64_t{t2[static_cast<std::size_t>(y)]};
  dist[kZero] = 0;
  // Queue-based Bellman-Ford (FIFO, so in rounds): a node queued in more rounds than there are
  // nodes means a negative cycle, i.e. no tables exist.
  std::deque<int> queue;
  std::vector<char> queued(kNodes, 1);
  std::vector<int> enqueued(kNodes, 0);
  for (int n = 0; n < kNodes; ++n) queue.push_back(n);
  while (!queue.empty()) {
    const int u = queue.front();
    queue.pop_front();
    queued[static_cast<std::size_t>(u)] = 0;
    for (const Edge& e : out[static_cast<std::size_t>(u)]) {
      const int64_t d = dist[static_cast<std::size_t>(u)] + e.w;
      if (d < dist[static_cast<std::size_t>(e.to)]) {
        dist[static_cast<std::size_t>(e.to)] = d;
        if (!queued[static_cast<std::size_t>(e.to)]) {
          if (++enqueued[static_cast<std::size_t>(e.to)] > kNodes) return false;
          queued[static_cast<std::size_t>(e.to)] = 1;
          queue.push_back(e.to);
        }
      }
    }
  }
  for (int x = 0; x < 256; ++x) t1[static_cast<std::size_t>(x)] = static_cast<int32_t>(dist[static_cast<std::size_t>(x)] - dist[kZero]);
  for (int y = 0; y < 256; ++y)
    t2[static_cast<std::size_t>(y)] = static_cast<int32_t>(dist[kZero] - dist[static_cast<std::size_t>(256 + y)]);
  return true;
}

// R(v) = R(0) + step * v for every int8 v; the step (0 when not linear).
int64_t linear_step(const Table& t) {
  auto at = [&](int v) { return int64_t{t[static_cast<uint8_t>(static_cast<int8_t>(v))]}; };
  const int64_t step = at(1) - at(0);
  for (int v = -128; v <= 127; ++v)
    if (at(v) != at(0) + step * v) return 0;
  return step;
}

// The kernel's LINEAR arithmetic (int32, no wrap-around) against the reference on every pair.
bool linear_match(const Table& t, int64_t alpha, int shift, bool linear_first, const ab_add_params& r,
                  const std::vector<int8_t>& want) {
  for (int u = 0; u < 256; ++u)
    for (int vb = 0; vb < 256; ++vb) {
      const int64_t sum = int64_t{t[static_cast<std::size_t>(u)]} + alpha * byte_value(vb);
      if (sum != static_cast<int32_t>(sum)) return false;
      if (clamp_out(sum >> shift, r) != want[static_cast<std::size_t>(linear_first ? 256 * vb + u : 256 * u + vb)])
        return false;
    }
  return true;
}

// The LINEAR mode: out(u, v) = clamp((t[u] + alpha * v) >> shift) for the table input's bytes u
// and the linear input's values v. For a given alpha each t[u] has an interval of valid values
// (the intersection over v); alpha is searched around the real-valued slope, with the largest
// shift that keeps alpha * v within the bound (layers of large gain need smaller ones).
bool linear_table(const Table& r_linear, bool linear_first, const ab_add_params& r, const std::vector<int8_t>& want,
                  Table& t, int32_t& alpha, int32_t& shift) {
  const int64_t step = linear_step(r_linear);
  if (step == 0) return false;
  for (shift = kShift; shift >= 8; --shift) {
    const long double slope =
        std::ldexp(static_cast<long double>(step) * r.output_multiplier, shift - 31 + r.output_shift);
    const auto base = static_cast<int64_t>(std::llround(slope));
    if (128 * base > kBound) continue;
    for (int d = 0; d <= 64; ++d) {
      for (const int64_t a : {base + d, base - d}) {
        if ((d == 0 && a != base) || a <= 0 || 128 * a > kBound) continue;
        bool ok = true;
        for (int u = 0; u < 256 && ok; ++u) {
          int64_t lo = -kBound, hi = kBound;
          for (int vb = 0; vb < 256; ++vb) {
            const int64_t v = static_cast<int8_t>(static_cast<uint8_t>(vb));
            const SumRange range =
                sum_range(want[static_cast<std::size_t>(linear_first ? 256 * vb + u : 256 * u + vb)], r, shift);
            if (range.any) continue;
            lo = std::max(lo, range.lo - a * v);
            hi = std::min(hi, range.hi - a * v);
          }
          if (lo > hi) ok = false;
          t[static_cast<std::size_t>(u)] = static_cast<int32_t>(lo + (hi - lo) / 2);
        }
        if (ok && linear_match(t, a, shift, linear_first, r, want)) {
          alpha = static_cast<int32_t>(a);
          return true;
        }
      }
    }
    return false;  // the largest usable shift decides: smaller ones only lose precision
  }
  return false;
}

// The rescaling of an int8 ADD or SUB (nullptr for anything else: int16 and int32 lower to
// other parameters).
const ab_add_params* add_params(const LoweredOp& op) {
  if (const auto* add = std::get_if<ab_add_params>(&op.params)) return add;
  const auto* sub = std::get_if<ab_add_sub_params>(&op.params);
  return sub && sub->type == AB_ELEM_INT8 && sub->kind == AB_ADD_SUB_DIFFERENCE ? &sub->add : nullptr;
}

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  for (int t : {c.node.inputs.at(0), c.node.inputs.at(1), c.node.outputs.at(0)}) {
    if (c.g.tensors.at(static_cast<std::size_t>(t)).type != DType::Int8) return "not int8 tensors";
  }
  const ab_add_params* r = add_params(op);
  if (!r) return "not the int8 ADD or SUB kernel's parameters";
  if (r->broadcast) return "broadcasting (inputs of different shapes)";
  return "";
}

void apply(const ScheduleContext& c, LoweredOp& op) {
  const ab_add_params r = *add_params(op);
  const bool sub = c.node.type == OpType::Sub;
  const std::string name = sub ? "SUB" : "ADD";
  Table r1, r2;
  for (int i = 0; i < 256; ++i) {
    const auto k = static_cast<std::size_t>(i);
    r1[k] = rescaled(byte_value(i), r.input1_offset, r.left_shift, r.input1_multiplier, r.input1_shift);
    r2[k] = rescaled(byte_value(i), r.input2_offset, r.left_shift, r.input2_multiplier, r.input2_shift);
    if (sub) r2[k] = -r2[k];  // the reference's difference a - b is a + (-b): |b| < 2^30
  }
  const std::vector<int8_t> want = reference_outputs(r, sub);

  ab_dsp_add_params p{};
  p.ref = r;
  p.shift = kShift;
  Table t1, t2;
  std::vector<int32_t> tables;
  int32_t alpha = 0, shift = kShift;
  bool linear_first = false;
  // One table, for the input whose rescaling is not linear (the other has the larger scale).
  bool linear = linear_table(r2, false, r, want, t1, alpha, shift);
  if (!linear) linear = linear_first = linear_table(r1, true, r, want, t1, alpha, shift);
  if (linear) {
    p.mode = AB_DSP_ADD_LINEAR;
    p.shift = shift;
    p.alpha = alpha;
    p.swap = linear_first;
    tables.assign(t1.begin(), t1.end());
    op.note = name + ": one table plus a multiple of the other input";
  } else {
    linear_tables(r1, r2, r, t1, t2);
    bool found = tables_match(t1, t2, r, want);
    if (!found) found = constrained_tables(r, want, t1, t2) && tables_match(t1, t2, r, want);
    if (found) {
      p.mode = AB_DSP_ADD_TABLE;
      op.note = name + ": two tables, shifted sum";
    } else {
      p.mode = AB_DSP_ADD_EXACT;
      p.shift = 0;
      t1 = r1;
      t2 = r2;
      op.note = name + ": tables of the rescaled inputs, exact output rescaling";
    }
    tables.assign(t1.begin(), t1.end());
    tables.insert(tables.end(), t2.begin(), t2.end());
  }
  GeneratedConstant gc;
  gc.name = "(" + name + (p.mode == AB_DSP_ADD_LINEAR ? " table)" : " tables of both inputs)");
  gc.values = std::move(tables);
  op.constants = {std::move(gc)};
  op.args = {{ArgRole::Input, c.node.inputs[0]},
             {ArgRole::Input, c.node.inputs[1]},
             {ArgRole::Weights, -1, 0},
             {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_add_s8";
  op.params_type = "ab_dsp_add_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_add_params>>("ab_dsp_add_params", p);
  op.headers = {"ab_dsp_kernels.h"};
}

}  // namespace

std::vector<Schedule> add_schedules() {
  Schedule s = dsp_schedule("dsp_add", OpType::Add, 20,
                            "two 256-entry tables per layer (checked on all input pairs): 2 loads, add, shift per element");
  s.unsupported = unsupported;
  s.apply = apply;
  Schedule sub = dsp_schedule("dsp_sub", OpType::Sub, 20,
                              "as dsp_add with the second input's table negated (checked on all input pairs)");
  sub.unsupported = unsupported;
  sub.apply = apply;
  return {std::move(s), std::move(sub)};
}

}  // namespace dsp
}  // namespace aotbench::codegen
