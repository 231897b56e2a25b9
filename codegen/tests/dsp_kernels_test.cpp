// The dsp kernel family against the reference kernels, operator by operator: random one-operator
// graphs are lowered, given a dsp schedule (select_kernels with layers=0:<schedule>) and run
// through the kernels' shim (dsp_kernels_shim.c) on random data, every buffer at a chosen
// misalignment; the host interpreter (reference kernels) gives the bytes to match.
//
// To cover another dsp kernel: add it to the shim's table, build its graphs with GraphBuilder
// and call expect_exact().
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ab_dsp_kernels.h"
#include "dsp_kernels_shim.h"
#include "codegen/interp/interpreter.hpp"
#include "codegen/lower/lower.hpp"
#include "lower_test_graphs.hpp"
#include "codegen/kernels/dsp/requant_table.hpp"
#include "codegen/select/overlap.hpp"
#include "codegen/select/registry.hpp"
#include "codegen/select/select.hpp"

namespace {

using namespace aotbench::codegen;
using lower_test::GraphBuilder;

using Bytes = std::vector<uint8_t>;

// Memory at a chosen misalignment from an 8-byte boundary, with guard bytes after the end.
class Buffer {
 public:
  static constexpr std::size_t kGuard = 16;
  static constexpr uint8_t kCanary = 0xA5;
  Buffer(std::size_t size, std::size_t misalign) : size_(size), misalign_(misalign) {
    store_.assign((size + misalign + kGuard + 7) / 8 + 1, 0);
    std::memset(store_.data(), kCanary, store_.size() * 8);
  }
  uint8_t* data() { return reinterpret_cast<uint8_t*>(store_.data()) + misalign_; }
  Bytes bytes() { return Bytes(data(), data() + size_); }
  bool guard_intact() {
    for (std::size_t i = 0; i < kGuard; ++i)
      if (data()[size_ + i] != kCanary) return false;
    return true;
  }

 private:
  std::size_t size_, misalign_;
  std::vector<uint64_t> store_;
};

// Misalignment of a buffer of tensor t: a multiple of its element size (int16 data is at least
// 2-byte aligned wherever the generated code puts it).
std::size_t misalignment(const Tensor& t, std::size_t misalign) {
  const auto element = static_cast<std::size_t>(std::max<int64_t>(1, t.num_bytes() / std::max<int64_t>(1, t.num_elements())));
  return misalign / element * element;
}

// Operator 0 of a one-operator graph with a given schedule, runnable through the shim. Its state
// (variable tensors) starts reset and persists from one run() to the next, as the reference
// interpreter's does.
class DspOp {
 public:
  DspOp(const Graph& g, const std::string& schedule) : g_(g), ops_(lower_graph(g)) {
    SelectOptions o;
    o.layers = {{0, schedule}};
    select_kernels(g, ops_, o);
    for (const KernelArg& a : op().args) {
      if (a.role != ArgRole::State) continue;
      const Tensor& t = g.tensors.at(static_cast<std::size_t>(a.tensor));
      state_[a.tensor] = Bytes(static_cast<std::size_t>(t.num_bytes()), variable_reset_byte(t));
    }
  }
  // The state tensor's bytes after the last run.
  const Bytes& state(int tensor) const { return state_.at(tensor); }
  const std::map<int, Bytes>& states() const { return state_; }
  const LoweredOp& op() const { return ops_.at(0); }
  LoweredOp& mutable_op() { return ops_.at(0); }
  template <class T>
  const T& params() const {
    return *static_cast<const T*>(op().schedule_params->c_struct());
  }

  // The window in which the schedule may write its output over the operator's input `input`.
  std::optional<OverlapWindow> window(std::size_t input) const {
    const Schedule* s = find_schedule(g_.ops[0].type, op().schedule);
    if (!s || !s->overlap) return std::nullopt;
    return s->overlap(ScheduleContext{g_, g_.ops[0]}, op(), input);
  }

  // The operator's output for the graph inputs (graph order); `params` replaces the schedule's
  // struct when given. Input and output buffers are misaligned by `misalign` bytes. In place
  // ({input, delta}): the output starts `delta` bytes after that input, in one buffer.
  Bytes run(const std::vector<Bytes>& inputs, std::size_t misalign, const void* params = nullptr,
            std::optional<std::pair<std::size_t, int64_t>> in_place = std::nullopt) const {
    const LoweredOp& l = op();
    const dsp_shim_fn fn = dsp_shim_find(l.kernel.c_str());
    if (!fn) throw std::runtime_error("the shim has no kernel " + l.kernel);
    std::vector<Buffer> buffers;
    buffers.reserve(l.args.size() + 1);
    std::vector<void*> args;
    std::size_t output = 0;
    std::map<int, std::size_t> state_buffers;
    for (const KernelArg& a : l.args) {
      if (a.constant >= 0) {  // generated constants are 8-byte aligned, as the emitter writes them
        const auto bytes = l.constants.at(static_cast<std::size_t>(a.constant)).bytes();
        buffers.emplace_back(bytes.size(), 0);
        std::memcpy(buffers.back().data(), bytes.data(), bytes.size());
      } else if (a.tensor < 0) {
        args.push_back(nullptr);
        continue;
      } else if (a.role == ArgRole::Output) {
        const Tensor& t = g_.tensors.at(static_cast<std::size_t>(a.tensor));
        buffers.emplace_back(static_cast<std::size_t>(t.num_bytes()), misalignment(t, misalign));
        output = buffers.size() - 1;
      } else if (a.role == ArgRole::State) {
        const Tensor& t = g_.tensors.at(static_cast<std::size_t>(a.tensor));
        const Bytes& data = state_.at(a.tensor);
        buffers.emplace_back(data.size(), misalignment(t, misalign));
        std::memcpy(buffers.back().data(), data.data(), data.size());
        state_buffers[a.tensor] = buffers.size() - 1;
      } else {
        const Tensor& t = g_.tensors.at(static_cast<std::size_t>(a.tensor));
        const auto pos = std::find(g_.inputs.begin(), g_.inputs.end(), a.tensor);
        const Bytes data = pos != g_.inputs.end() ? inputs.at(static_cast<std::size_t>(pos - g_.inputs.begin()))
                                                  : Bytes(t.data.begin(), t.data.end());
        buffers.emplace_back(data.size(), t.is_constant() ? 0 : misalignment(t, misalign));
        std::memcpy(buffers.back().data(), data.data(), data.size());
      }
      args.push_back(buffers.back().data());
    }
    if (l.scratch_bytes > 0) {
      buffers.emplace_back(static_cast<std::size_t>(l.scratch_bytes), 0);
      args.push_back(buffers.back().data());
    }
    Buffer shared(0, 0);
    int64_t out_at = 0;
    const int64_t out_bytes = g_.tensors.at(static_cast<std::size_t>(g_.ops[0].outputs[0])).num_bytes();
    if (in_place) {
      const int tensor = g_.ops[0].inputs.at(in_place->first);
      std::size_t in_arg = 0, out_arg = 0;
      for (std::size_t k = 0; k < l.args.size(); ++k) {
        if (l.args[k].role == ArgRole::Output) out_arg = k;
        if (l.args[k].role != ArgRole::Output && l.args[k].constant < 0 && l.args[k].tensor == tensor) in_arg = k;
      }
      const int64_t in_bytes = g_.tensors.at(static_cast<std::size_t>(tensor)).num_bytes();
      const int64_t in_at = std::max<int64_t>(0, -in_place->second);
      out_at = in_at + in_place->second;
      shared = Buffer(static_cast<std::size_t>(std::max(in_at + in_bytes, out_at + out_bytes)), 0);
      std::memcpy(shared.data() + in_at, args[in_arg], static_cast<std::size_t>(in_bytes));
      args[in_arg] = shared.data() + in_at;
      args[out_arg] = shared.data() + out_at;
    }
    fn(params ? params : l.schedule_params->c_struct(), args.data());
    for (Buffer& b : buffers) EXPECT_TRUE(b.guard_intact()) << l.kernel << " wrote past a buffer";
    for (const auto& [tensor, buffer] : state_buffers) state_[tensor] = buffers.at(buffer).bytes();
    if (in_place) {
      EXPECT_TRUE(shared.guard_intact()) << l.kernel << " wrote past the shared buffer";
      return Bytes(shared.data() + out_at, shared.data() + out_at + out_bytes);
    }
    return buffers.at(output).bytes();
  }

 private:
  const Graph& g_;
  std::vector<LoweredOp> ops_;
  mutable std::map<int, Bytes> state_;
};

// Random int8 bytes; `extremes` draws only -128, 127 and the values next to them.
Bytes random_int8(std::size_t n, std::mt19937& rng, bool extremes = false) {
  std::uniform_int_distribution<int> any(-128, 127), pick(0, 3);
  static const int ends[4] = {-128, -127, 126, 127};
  Bytes v(n);
  for (auto& b : v) b = static_cast<uint8_t>(static_cast<int8_t>(extremes ? ends[pick(rng)] : any(rng)));
  return v;
}

std::vector<Bytes> random_inputs(const Graph& g, std::mt19937& rng, bool extremes) {
  std::vector<Bytes> in;
  for (int t : g.inputs) in.push_back(random_int8(static_cast<std::size_t>(g.tensors.at(static_cast<std::size_t>(t)).num_bytes()), rng, extremes));
  return in;
}

// The dsp schedule's bytes equal the reference's on random and extreme inputs, at several
// misalignments. An operator with state runs the trials as one sequence of inferences, its
// state compared after each.
void expect_exact(const Graph& g, const std::string& schedule, std::mt19937& rng, const std::string& what) {
  const DspOp dsp(g, schedule);
  ASSERT_EQ(dsp.op().schedule, schedule) << what;
  Interpreter reference(g);
  for (int trial = 0; trial < 4; ++trial) {
    const std::vector<Bytes> inputs = random_inputs(g, rng, trial == 0);
    const Bytes want = reference.run(inputs).outputs.at(0);
    const std::size_t misalign = static_cast<std::size_t>(trial);  // 0, 1, 2, 3
    const Bytes got = dsp.run(inputs, misalign);
    ASSERT_EQ(got, want) << what << ", trial " << trial << " (misaligned by " << misalign << ")";
    for (const auto& [tensor, bytes] : dsp.states()) {
      const auto ref = reference.tensor_bytes(tensor);
      ASSERT_EQ(bytes, Bytes(ref.begin(), ref.end())) << what << ", state t" << tensor << " after trial " << trial;
    }
  }
  // In place: the output as far into each input as the schedule's window lets it start.
  for (std::size_t k = 0; k < g.ops[0].inputs.size(); ++k) {
    const auto w = dsp.window(k);
    if (!w) continue;
    const int64_t in_bytes = g.tensors.at(static_cast<std::size_t>(g.ops[0].inputs[k])).num_bytes();
    const int64_t limit = std::min(w->max_delta, in_bytes);  // from the input's end on, they no longer meet
    const int64_t delta = (limit / w->modulus - (limit % w->modulus < 0 ? 1 : 0)) * w->modulus;
    const std::vector<Bytes> inputs = random_inputs(g, rng, false);
    ASSERT_EQ(dsp.run(inputs, 0, nullptr, std::pair{k, delta}), reference.run(inputs).outputs.at(0))
        << what << ", in place over input " << k << " at " << delta;
  }
}

int uniform(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
float log_uniform(std::mt19937& rng, float lo, float hi) {
  return std::exp(std::uniform_real_distribution<float>(std::log(lo), std::log(hi))(rng));
}
template <class T>
T pick(std::mt19937& rng, std::initializer_list<T> v) {
  return *(v.begin() + uniform(rng, 0, static_cast<int>(v.size()) - 1));
}
int zero_point(std::mt19937& rng) { return pick(rng, {-128, -127, -1, 0, 1, 5, 126, 127}); }
Activation activation(std::mt19937& rng) {
  return pick(rng, {Activation::None, Activation::None, Activation::Relu, Activation::Relu6, Activation::ReluN1To1});
}
const int kOddCounts[] = {1, 2, 3, 5, 7, 9};

// ----------------------------------------------------------------------------------------------
// FULLY_CONNECTED

struct FcCase {
  int batches = 1, depth = 8, outputs = 4;
  bool per_channel = false, bias = true;
  int in_zp = 0, w_zp = 0, out_zp = 0;
  float gain = 1;  // output scale relative to one that spreads typical outputs over int8
  int64_t bias_range = 20000;
  Activation act = Activation::None;

  std::string str() const {
    return "FC " + std::to_string(batches) + "x" + std::to_string(depth) + " -> " + std::to_string(outputs) +
           (per_channel ? " per-channel" : " per-tensor") + " zp in/w/out " + std::to_string(in_zp) + "/" +
           std::to_string(w_zp) + "/" + std::to_string(out_zp) + " gain " + std::to_string(gain) +
           (bias ? "" : " no bias") + " act " + activation_name(act);
  }
};

Graph fc_graph(const FcCase& c, std::mt19937& rng) {
  GraphBuilder b;
  const float in_scale = 0.02f;
  const int x = b.act({c.batches, c.depth}, in_scale, c.in_zp);
  std::vector<int8_t> w(static_cast<std::size_t>(c.outputs * c.depth));
  const int lo = c.per_channel ? -127 : -128;
  for (auto& v : w) v = static_cast<int8_t>(uniform(rng, lo, 127));
  if (!w.empty()) w[0] = static_cast<int8_t>(lo), w.back() = 127;
  Quantization wq;
  if (c.per_channel) {
    for (int o = 0; o < c.outputs; ++o) wq.scale.push_back(log_uniform(rng, 0.001f, 0.01f));
    wq.zero_point.assign(wq.scale.size(), 0);
  } else {
    wq.scale = {log_uniform(rng, 0.001f, 0.01f)};
    wq.zero_point = {c.w_zp};
  }
  const int wt = b.int8s({c.outputs, c.depth}, wq, w);
  int bias = -1;
  if (c.bias) {
    std::vector<int32_t> v(static_cast<std::size_t>(c.outputs));
    for (auto& e : v) e = static_cast<int32_t>(std::uniform_int_distribution<int64_t>(-c.bias_range, c.bias_range)(rng));
    bias = b.int32s({c.outputs}, v);
  }
  // typical |acc| ~ 128 * 74 * sqrt(depth) / 2; map it to ~64 output steps, times 1/gain
  const float typical = 128.0f * 74.0f * std::sqrt(static_cast<float>(c.depth)) / 2;
  const float out_scale = in_scale * *std::max_element(wq.scale.begin(), wq.scale.end()) * typical / 64 / c.gain;
  const int y = b.act({c.batches, c.outputs}, out_scale, c.out_zp);
  b.op(OpType::FullyConnected, {x, wt, bias}, {y}, FullyConnectedOptions{c.act, false});
  return b.build("dsp_fc_test");
}

FcCase random_fc(std::mt19937& rng) {
  FcCase c;
  c.batches = pick(rng, {1, 1, 1, 2, 3});
  c.depth = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 80);
  c.outputs = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 40);
  c.per_channel = uniform(rng, 0, 2) == 0;
  c.bias = uniform(rng, 0, 4) != 0;
  c.in_zp = zero_point(rng);
  c.out_zp = zero_point(rng);
  c.gain = log_uniform(rng, 0.3f, 3);
  c.act = activation(rng);
  return c;
}

TEST(DspFullyConnected, RandomShapesMatchReference) {
  std::mt19937 rng(101);
  int modes[2] = {0, 0};
  for (int i = 0; i < 150; ++i) {
    const FcCase c = random_fc(rng);
    const Graph g = fc_graph(c, rng);
    for (const char* schedule : {"dsp_fc", "dsp_fc_w16"}) {
      expect_exact(g, schedule, rng, c.str() + " " + schedule);
      ++modes[DspOp(g, schedule).params<ab_dsp_fully_connected_params>().requant];
    }
  }
  EXPECT_GT(modes[AB_DSP_RQ_FOLDED], 0);
}

TEST(DspFullyConnected, OddChannelAndFeatureCounts) {
  std::mt19937 rng(102);
  for (int depth : kOddCounts)
    for (int outputs : kOddCounts)
      for (int batches : {1, 2}) {
        FcCase c;
        c.depth = depth;
        c.outputs = outputs;
        c.batches = batches;
        c.in_zp = zero_point(rng);
        c.out_zp = zero_point(rng);
        const Graph g = fc_graph(c, rng);
        for (const char* schedule : {"dsp_fc", "dsp_fc_w16"}) expect_exact(g, schedule, rng, c.str() + " " + schedule);
      }
}

TEST(DspFullyConnected, NonzeroWeightsZeroPoint) {
  std::mt19937 rng(103);
  for (int w_zp : {-128, -127, -3, 1, 64, 127}) {
    for (int i = 0; i < 6; ++i) {
      FcCase c = random_fc(rng);
      c.per_channel = false;
      c.w_zp = w_zp;
      const Graph g = fc_graph(c, rng);
      for (const char* schedule : {"dsp_fc", "dsp_fc_w16"}) expect_exact(g, schedule, rng, c.str() + " " + schedule);
    }
  }
}

// Output scales smaller than the product of the input scales (a left shift) and biases near the
// int32 limits keep the folded requantization away: the exact mode runs.
TEST(DspFullyConnected, ExactRequantization) {
  std::mt19937 rng(104);
  int exact = 0;
  for (int i = 0; i < 40; ++i) {
    FcCase c = random_fc(rng);
    if (i % 2) {
      c.gain = log_uniform(rng, 200, 3000);
    } else {
      c.bias_range = 2000000000;
    }
    const Graph g = fc_graph(c, rng);
    for (const char* schedule : {"dsp_fc", "dsp_fc_w16"}) {
      expect_exact(g, schedule, rng, c.str() + " " + schedule);
      exact += DspOp(g, schedule).params<ab_dsp_fully_connected_params>().requant == AB_DSP_RQ_EXACT;
    }
  }
  EXPECT_GT(exact, 40);
}

// ----------------------------------------------------------------------------------------------
// ADD

struct AddCase {
  std::vector<int32_t> shape;
  float s1 = 1, s2 = 1, so = 1;
  int zp1 = 0, zp2 = 0, zpo = 0;
  Activation act = Activation::None;

  std::string str() const {
    std::string s = "ADD [";
    for (int32_t d : shape) s += std::to_string(d) + ",";
    return s + "] scales " + std::to_string(s1) + "/" + std::to_string(s2) + "/" + std::to_string(so) + " zp " +
           std::to_string(zp1) + "/" + std::to_string(zp2) + "/" + std::to_string(zpo) + " act " + activation_name(act);
  }
};

Graph add_graph(const AddCase& c, const std::vector<int32_t>& shape2 = {}, OpType type = OpType::Add) {
  GraphBuilder b;
  const int x1 = b.act(c.shape, c.s1, c.zp1);
  const int x2 = b.act(shape2.empty() ? c.shape : shape2, c.s2, c.zp2);
  const int y = b.act(c.shape, c.so, c.zpo);
  b.op(type, {x1, x2}, {y}, AddOptions{c.act});
  return b.build("dsp_add_test");
}

AddCase random_add(std::mt19937& rng) {
  AddCase c;
  const int rank = uniform(rng, 1, 4);
  for (int d = 0; d < rank; ++d) c.shape.push_back(d == rank - 1 ? pick(rng, {1, 2, 3, 5, 7, 9, 16, 24}) : uniform(rng, 1, 5));
  c.s1 = log_uniform(rng, 0.005f, 0.2f);
  c.s2 = c.s1 * log_uniform(rng, 0.2f, 5);
  c.so = std::max(c.s1, c.s2) * log_uniform(rng, 0.5f, 3);
  c.zp1 = zero_point(rng);
  c.zp2 = zero_point(rng);
  c.zpo = zero_point(rng);
  c.act = activation(rng);
  return c;
}

TEST(DspAdd, RandomShapesAndScalesMatchReference) {
  std::mt19937 rng(201);
  int modes[3] = {0, 0, 0}, cases = 0;
  for (int i = 0; i < 120; ++i) {
    const AddCase c = random_add(rng);
    const Graph g = add_graph(c);
    expect_exact(g, "dsp_add", rng, c.str());
    ++modes[DspOp(g, "dsp_add").params<ab_dsp_add_params>().mode];
    ++cases;
  }
  // Shifted table sums are found for (nearly) every layer; the exact mode is a fallback.
  EXPECT_GE(modes[AB_DSP_ADD_LINEAR] + modes[AB_DSP_ADD_TABLE], cases * 9 / 10);
  EXPECT_GT(modes[AB_DSP_ADD_LINEAR], cases / 2);
  EXPECT_GT(modes[AB_DSP_ADD_TABLE], 0);
}

// SUB: the same tables with the second input's rescaling negated.
TEST(DspSub, RandomShapesAndScalesMatchReference) {
  std::mt19937 rng(204);
  int modes[3] = {0, 0, 0};
  for (int i = 0; i < 120; ++i) {
    AddCase c = random_add(rng);
    if (i % 10 == 0) c.s2 = c.s1;  // equal scales: ties everywhere
    const Graph g = add_graph(c, {}, OpType::Sub);
    expect_exact(g, "dsp_sub", rng, "SUB" + c.str().substr(3));
    ++modes[DspOp(g, "dsp_sub").params<ab_dsp_add_params>().mode];
  }
  EXPECT_GT(modes[AB_DSP_ADD_LINEAR], 30);
  EXPECT_GT(modes[AB_DSP_ADD_TABLE], 0);
}

// Equal scales: the sum is exact before the output rounding, ties are everywhere.
TEST(DspAdd, EqualScalesWithTies) {
  std::mt19937 rng(202);
  for (float so : {0.1f, 0.2f, 0.4f, 0.3f}) {
    AddCase c;
    c.shape = {3, 7};
    c.s1 = c.s2 = 0.1f;
    c.so = so;
    c.zp1 = zero_point(rng);
    c.zp2 = zero_point(rng);
    c.zpo = zero_point(rng);
    expect_exact(add_graph(c), "dsp_add", rng, c.str());
  }
}

// The exact mode's kernel path: the reference's rescaled inputs as tables.
TEST(DspAdd, ExactModeMatchesReference) {
  std::mt19937 rng(203);
  for (int i = 0; i < 30; ++i) {
    const bool sub = i % 2 == 1;  // SUB: the second table negated
    const AddCase c = random_add(rng);
    const Graph g = add_graph(c, {}, sub ? OpType::Sub : OpType::Add);
    DspOp dsp(g, sub ? "dsp_sub" : "dsp_add");
    ab_dsp_add_params p = dsp.params<ab_dsp_add_params>();
    const ab_add_params& r = p.ref;
    p.mode = AB_DSP_ADD_EXACT;
    // the tables travel as the operator's generated constant: replace them
    auto& tables = std::get<std::vector<int32_t>>(dsp.mutable_op().constants.at(0).values);
    tables.assign(512, 0);
    for (int k = 0; k < 256; ++k) {
      const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(k));
      tables[static_cast<std::size_t>(k)] =
          ab_mbqm_lt_one((x + r.input1_offset) * (1 << r.left_shift), r.input1_multiplier, r.input1_shift);
      const int32_t r2 =
          ab_mbqm_lt_one((x + r.input2_offset) * (1 << r.left_shift), r.input2_multiplier, r.input2_shift);
      tables[static_cast<std::size_t>(256 + k)] = sub ? -r2 : r2;
    }
    Interpreter reference(g);
    for (int trial = 0; trial < 3; ++trial) {
      const auto inputs = random_inputs(g, rng, trial == 0);
      ASSERT_EQ(dsp.run(inputs, static_cast<std::size_t>(trial), &p), reference.run(inputs).outputs.at(0))
          << (sub ? "SUB" : "ADD") << c.str().substr(3);
    }
  }
}

TEST(DspAdd, BroadcastStaysReference) {
  AddCase c;
  c.shape = {1, 4, 4, 8};
  const Graph g = add_graph(c, {1, 1, 1, 8});
  EXPECT_THROW(DspOp(g, "dsp_add"), SelectError);
  std::vector<LoweredOp> ops = lower_graph(g);
  SelectOptions o;
  o.kernels = "dsp";
  select_kernels(g, ops, o);
  EXPECT_EQ(ops.at(0).schedule, "ref");
}

// int16 and int32 ADD lower to another kernel: the int8 tables never run them.
TEST(DspAdd, OtherTypesStayReference) {
  for (DType type : {DType::Int16, DType::Int32}) {
    GraphBuilder b;
    const int x1 = b.act({2, 8}, 0.5f, 0, type), x2 = b.act({2, 8}, 0.25f, 0, type), y = b.act({2, 8}, 0.5f, 0, type);
    if (type == DType::Int32) {
      for (int t : {x1, x2, y}) b.tensor(t).quant.reset();
    }
    b.op(OpType::Add, {x1, x2}, {y}, AddOptions{});
    const Graph g = b.build("dsp_add_wide");
    EXPECT_THROW(DspOp(g, "dsp_add"), SelectError) << dtype_name(type);
    std::vector<LoweredOp> ops = lower_graph(g);
    SelectOptions o;
    o.kernels = "dsp";
    select_kernels(g, ops, o);
    EXPECT_EQ(ops.at(0).schedule, "ref") << dtype_name(type);
    EXPECT_EQ(ops.at(0).kernel, "ab_ref_add_sub") << dtype_name(type);
  }
}

// ----------------------------------------------------------------------------------------------
// AVERAGE_POOL_2D and MAX_POOL_2D

struct PoolCase {
  OpType type = OpType::AveragePool2D;
  int n = 1, h = 4, w = 4, c = 4;
  Pool2DOptions o;
  int zp = 0;

  std::string str() const {
    return std::string(op_name(type)) + " " + std::to_string(n) + "x" + std::to_string(h) + "x" + std::to_string(w) +
           "x" + std::to_string(c) + " filter " + std::to_string(o.filter_h) + "x" + std::to_string(o.filter_w) +
           " stride " + std::to_string(o.stride_h) + "x" + std::to_string(o.stride_w) + " " + padding_name(o.padding) +
           " zp " + std::to_string(zp) + " act " + activation_name(o.activation);
  }
};

int window_out(Padding p, int in, int filter, int stride) {
  return p == Padding::Same ? (in + stride - 1) / stride : (in - filter + stride) / stride;
}

Graph pool_graph(const PoolCase& c) {
  GraphBuilder b;
  const int x = b.act({c.n, c.h, c.w, c.c}, 0.05f, c.zp);
  const int y = b.act({c.n, window_out(c.o.padding, c.h, c.o.filter_h, c.o.stride_h),
                       window_out(c.o.padding, c.w, c.o.filter_w, c.o.stride_w), c.c},
                      0.05f, c.zp);
  b.op(c.type, {x}, {y}, c.o);
  return b.build("dsp_pool_test");
}

PoolCase random_pool(std::mt19937& rng, OpType type) {
  PoolCase c;
  c.type = type;
  c.n = pick(rng, {1, 1, 2});
  c.o.filter_h = uniform(rng, 1, 4);
  c.o.filter_w = uniform(rng, 1, 4);
  c.o.stride_h = uniform(rng, 1, 3);
  c.o.stride_w = uniform(rng, 1, 3);
  c.o.padding = uniform(rng, 0, 1) ? Padding::Same : Padding::Valid;
  c.h = uniform(rng, c.o.filter_h, 9);
  c.w = uniform(rng, c.o.filter_w, 9);
  c.c = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 20);
  c.zp = zero_point(rng);
  c.o.activation = activation(rng);
  return c;
}

TEST(DspPool, RandomAveragePoolsMatchReference) {
  std::mt19937 rng(301);
  for (int i = 0; i < 200; ++i) {
    const PoolCase c = random_pool(rng, OpType::AveragePool2D);
    expect_exact(pool_graph(c), "dsp_avgpool", rng, c.str());
  }
}

TEST(DspPool, RandomMaxPoolsMatchReference) {
  std::mt19937 rng(302);
  for (int i = 0; i < 200; ++i) {
    const PoolCase c = random_pool(rng, OpType::MaxPool2D);
    expect_exact(pool_graph(c), "dsp_maxpool", rng, c.str());
  }
}

// Global pools as the models have them (25x5, 8x8, 3x3), and windows of more than 256
// elements, whose int16 lane sums are widened in parts.
TEST(DspPool, GlobalAndLargeWindows) {
  std::mt19937 rng(303);
  for (auto [h, w] : {std::pair{25, 5}, {8, 8}, {3, 3}, {16, 16}, {17, 16}, {20, 20}, {3, 100}, {1, 256}}) {
    for (int ch : {1, 3, 4, 7, 64}) {
      PoolCase c;
      c.h = h;
      c.w = w;
      c.c = ch;
      c.o.filter_h = h;
      c.o.filter_w = w;
      c.zp = zero_point(rng);
      expect_exact(pool_graph(c), "dsp_avgpool", rng, c.str());
      c.type = OpType::MaxPool2D;
      expect_exact(pool_graph(c), "dsp_maxpool", rng, c.str());
    }
  }
}

// Every window size up to 256 elements divides by a reciprocal (checked on all sums when the
// schedule is applied), except 1 and 2 whose reciprocals do not fit.
TEST(DspPool, ReciprocalForEveryCount) {
  for (int count = 1; count <= 256; ++count) {
    PoolCase c;
    c.h = 1;
    c.w = count;
    c.o.filter_h = 1;
    c.o.filter_w = count;
    const Graph g = pool_graph(c);
    const auto& p = DspOp(g, "dsp_avgpool").params<ab_dsp_pool2d_params>();
    EXPECT_EQ(p.recip != 0, count >= 3) << count;
  }
}

// ----------------------------------------------------------------------------------------------
// PAD

struct PadCase {
  std::vector<int32_t> shape, before, after;
  int zp = 0;

  std::string str() const {
    std::string s = "PAD";
    for (std::size_t d = 0; d < shape.size(); ++d)
      s += " " + std::to_string(before[d]) + "+" + std::to_string(shape[d]) + "+" + std::to_string(after[d]);
    return s + " zp " + std::to_string(zp);
  }
};

Graph pad_graph(const PadCase& c) {
  GraphBuilder b;
  const int x = b.act(c.shape, 0.1f, c.zp);
  std::vector<int32_t> pads, out;
  for (std::size_t d = 0; d < c.shape.size(); ++d) {
    pads.push_back(c.before[d]);
    pads.push_back(c.after[d]);
    out.push_back(c.shape[d] + c.before[d] + c.after[d]);
  }
  const int p = b.int32s({static_cast<int32_t>(c.shape.size()), 2}, pads);
  const int y = b.act(out, 0.1f, c.zp);
  b.op(OpType::Pad, {x, p}, {y});
  return b.build("dsp_pad_test");
}

TEST(DspPad, RandomShapesMatchReference) {
  std::mt19937 rng(401);
  for (int i = 0; i < 300; ++i) {
    PadCase c;
    const int rank = uniform(rng, 1, 6);
    for (int d = 0; d < rank; ++d) {
      c.shape.push_back(uniform(rng, 1, rank > 4 ? 3 : 6));
      const bool padded = uniform(rng, 0, 2) != 0;
      c.before.push_back(padded ? uniform(rng, 0, 3) : 0);
      c.after.push_back(padded ? uniform(rng, 0, 3) : 0);
    }
    if (uniform(rng, 0, 3) == 0) c.shape.back() = pick(rng, {1, 2, 3, 5, 7, 9, 16, 32, 48});
    c.zp = zero_point(rng);
    expect_exact(pad_graph(c), "dsp_pad", rng, c.str());
  }
}

// Long runs and gaps, as the models' NHWC paddings of height and width have them: the 16-byte
// block moves, with every alignment of the runs' places.
TEST(DspPad, LongRunsEveryAlignment) {
  std::mt19937 rng(402);
  for (int ch : {1, 2, 3, 4, 5, 16, 48}) {
    for (int border : {1, 2, 3}) {
      PadCase c;
      c.shape = {1, 7, 9, ch};
      c.before = {0, border, border, 0};
      c.after = {0, border, border + 1, 0};
      c.zp = zero_point(rng);
      expect_exact(pad_graph(c), "dsp_pad", rng, c.str());
    }
  }
  PadCase none;
  none.shape = {2, 3, 5};
  none.before = none.after = {0, 0, 0};
  expect_exact(pad_graph(none), "dsp_pad", rng, none.str());
}

// dsp_pad moves bytes of int8 tensors: int16 and int32 PADs stay with the reference kernel,
// and naming the schedule for one is refused.
TEST(DspPad, WiderElementsStayWithTheReference) {
  for (DType type : {DType::Int16, DType::Int32}) {
    GraphBuilder b;
    const int x = b.act({2, 3}, 0.1f, 0, type);
    const int p = b.int32s({2, 2}, {1, 0, 0, 2});
    const int y = b.act({3, 5}, 0.1f, 0, type);
    b.op(OpType::Pad, {x, p}, {y});
    const Graph g = b.build("dsp_pad_wide");
    std::vector<LoweredOp> ops = lower_graph(g);
    SelectOptions family;
    family.kernels = "dsp";
    select_kernels(g, ops, family);
    EXPECT_EQ(ops[0].schedule, "ref") << dtype_name(type);
    std::vector<LoweredOp> named = lower_graph(g);
    SelectOptions layer;
    layer.layers = {{0, "dsp_pad"}};
    EXPECT_THROW(select_kernels(g, named, layer), SelectError) << dtype_name(type);
  }
}


// ----------------------------------------------------------------------------------------------
// CONV_2D and DEPTHWISE_CONV_2D

// A convolution (depth_multiplier 0) or a depthwise convolution with random weights.
struct ConvCase {
  int n = 1, h = 5, w = 5, cin = 4, cout = 4, multiplier = 0;
  int kh = 3, kw = 3, stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1;
  Padding padding = Padding::Same;
  int in_zp = 0, out_zp = 0;
  float gain = 1;
  bool bias = true;
  Activation act = Activation::None;

  bool depthwise() const { return multiplier > 0; }
  int outputs() const { return depthwise() ? cin * multiplier : cout; }
  int out_h() const { return window_out(padding, h, (kh - 1) * dilation_h + 1, stride_h); }
  int out_w() const { return window_out(padding, w, (kw - 1) * dilation_w + 1, stride_w); }
  std::string str() const {
    return std::string(depthwise() ? "DEPTHWISE x" + std::to_string(multiplier) : "CONV") + " " +
           std::to_string(n) + "x" + std::to_string(h) + "x" + std::to_string(w) + "x" + std::to_string(cin) +
           " -> " + std::to_string(outputs()) + " kernel " + std::to_string(kh) + "x" + std::to_string(kw) +
           " stride " + std::to_string(stride_h) + "x" + std::to_string(stride_w) + " dilation " +
           std::to_string(dilation_h) + "x" + std::to_string(dilation_w) + " " + padding_name(padding) + " zp " +
           std::to_string(in_zp) + "/" + std::to_string(out_zp) + " gain " + std::to_string(gain) +
           (bias ? "" : " no bias") + " act " + activation_name(act);
  }
};

Graph conv_graph(const ConvCase& c, std::mt19937& rng) {
  GraphBuilder b;
  const float in_scale = 0.02f;
  const int x = b.act({c.n, c.h, c.w, c.cin}, in_scale, c.in_zp);
  const int outputs = c.outputs();
  const std::vector<int32_t> shape = c.depthwise() ? std::vector<int32_t>{1, c.kh, c.kw, outputs}
                                                   : std::vector<int32_t>{outputs, c.kh, c.kw, c.cin};
  std::vector<int8_t> w(static_cast<std::size_t>(outputs * c.kh * c.kw * (c.depthwise() ? 1 : c.cin)));
  for (auto& v : w) v = static_cast<int8_t>(uniform(rng, -127, 127));
  w[0] = -127, w.back() = 127;
  Quantization wq;
  for (int o = 0; o < outputs; ++o) wq.scale.push_back(log_uniform(rng, 0.001f, 0.01f));
  wq.zero_point.assign(wq.scale.size(), 0);
  wq.axis = c.depthwise() ? 3 : 0;
  const int wt = b.int8s(shape, wq, w);
  int bias = -1;
  if (c.bias) {
    std::vector<int32_t> v(static_cast<std::size_t>(outputs));
    for (auto& e : v) e = uniform(rng, -30000, 30000);
    bias = b.int32s({outputs}, v);
  }
  const int depth = c.kh * c.kw * (c.depthwise() ? 1 : c.cin);
  const float typical = 128.0f * 74.0f * std::sqrt(static_cast<float>(depth)) / 2;
  const float out_scale = in_scale * *std::max_element(wq.scale.begin(), wq.scale.end()) * typical / 64 / c.gain;
  const int y = b.act({c.n, c.out_h(), c.out_w(), outputs}, out_scale, c.out_zp);
  if (c.depthwise()) {
    b.op(OpType::DepthwiseConv2D, {x, wt, bias}, {y},
         DepthwiseConv2DOptions{c.padding, c.stride_w, c.stride_h, c.dilation_w, c.dilation_h, c.multiplier, c.act, {}});
  } else {
    b.op(OpType::Conv2D, {x, wt, bias}, {y},
         Conv2DOptions{c.padding, c.stride_w, c.stride_h, c.dilation_w, c.dilation_h, c.act, {}});
  }
  return b.build("dsp_conv_test");
}

ConvCase random_conv(std::mt19937& rng, bool depthwise) {
  ConvCase c;
  c.multiplier = depthwise ? pick(rng, {1, 1, 1, 2, 3}) : 0;
  c.n = pick(rng, {1, 1, 1, 2});
  c.kh = depthwise ? pick(rng, {1, 2, 3, 3, 3, 5, 7}) : pick(rng, {1, 1, 3, 3, 2, 5});
  c.kw = uniform(rng, 0, 3) ? c.kh : uniform(rng, 1, 5);
  c.stride_h = pick(rng, {1, 1, 2, 3});
  c.stride_w = uniform(rng, 0, 3) ? c.stride_h : pick(rng, {1, 2});
  c.dilation_h = uniform(rng, 0, 5) ? 1 : 2;
  c.dilation_w = uniform(rng, 0, 5) ? 1 : 2;
  c.padding = uniform(rng, 0, 1) ? Padding::Same : Padding::Valid;
  c.h = uniform(rng, (c.kh - 1) * c.dilation_h + 1, 16);  // at least the window (VALID)
  c.w = uniform(rng, (c.kw - 1) * c.dilation_w + 1, 16);
  c.cin = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 24);
  c.cout = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 20);
  c.in_zp = zero_point(rng);
  c.out_zp = zero_point(rng);
  c.gain = log_uniform(rng, 0.3f, 3);
  c.bias = uniform(rng, 0, 4) != 0;
  c.act = activation(rng);
  return c;
}

// Every schedule of the operator that can run the case (a 1x1 one only on pointwise shapes).
int expect_every_schedule_exact(const Graph& g, OpType type, std::mt19937& rng, const std::string& what) {
  const std::vector<LoweredOp> lowered = lower_graph(g);
  int ran = 0;
  for (const Schedule* s : candidate_schedules(ScheduleContext{g, g.ops[0]}, lowered[0], std::nullopt)) {
    if (s->family != "dsp") continue;
    expect_exact(g, s->name, rng, what + " " + s->name);
    ++ran;
  }
  EXPECT_EQ(type, g.ops[0].type);
  return ran;
}

TEST(DspConv, RandomShapesMatchReference) {
  std::mt19937 rng(401), shapes(401);  // the shapes do not depend on how many schedules ran before
  int runs = 0, pointwise = 0;
  for (int i = 0; i < 120; ++i) {
    ConvCase c = random_conv(shapes, false);
    if (i % 10 == 0) {  // a pointwise one now and then, where the 1x1 schedules run too
      c.kh = c.kw = c.stride_h = c.stride_w = c.dilation_h = c.dilation_w = 1;
      c.cin = 4 * uniform(shapes, 1, 6);
    }
    const Graph g = conv_graph(c, rng);
    const int ran = expect_every_schedule_exact(g, OpType::Conv2D, rng, c.str());
    EXPECT_GE(ran, 3) << c.str();  // the three im2col schedules run any convolution
    runs += ran;
    pointwise += ran >= 10;  // (dsp_rows too with at most 4 input channels)
  }
  EXPECT_GT(pointwise, 0);
  EXPECT_GT(runs, 360);
}

// Pointwise shapes, where the 1x1 schedules run too: channel counts around multiples of 4. Each
// weight format (int8, int16, int8 widened into RAM) once per way; the short-reduction
// schedules up to 16 input channels; pixel counts that leave the two-, three- and four-pixel
// blocks a short last block.
TEST(DspConv, PointwiseChannelCounts) {
  std::mt19937 rng(402);
  for (int cin : {4, 8, 12, 16, 20, 1, 3, 5, 7, 9}) {
    for (int cout : {1, 2, 3, 5, 7, 9, 16}) {
      ConvCase c;
      c.kh = c.kw = 1;
      c.padding = Padding::Valid;
      c.cin = cin;
      c.cout = cout;
      c.h = uniform(rng, 1, 4);
      c.w = uniform(rng, 1, 5);  // odd pixel counts leave a single last pixel
      c.n = pick(rng, {1, 2});
      c.in_zp = zero_point(rng);
      c.out_zp = zero_point(rng);
      const Graph g = conv_graph(c, rng);
      const int ran = expect_every_schedule_exact(g, OpType::Conv2D, rng, c.str());
      EXPECT_EQ(ran, (cin % 4 != 0 ? 3 : cin <= 16 ? 14 : 12) + (cin <= 4 ? 1 : 0)) << c.str();  // + dsp_rows
    }
  }
}

// Wide pointwise layers whose widened weights take more than one slab of RAM: the slab schedules
// run them (several slabs, the last one short, an odd channel count's padding channel in it), on
// pixel counts that leave the last block of three one or two pixels, exactly as the others.
TEST(DspConv, SlabsOfWideLayers) {
  std::mt19937 rng(405);
  for (const auto& [cin, cout, h, w] : {std::array{256, 18, 3, 3}, std::array{128, 69, 2, 2}, std::array{132, 40, 1, 5}}) {
    ConvCase c;
    c.kh = c.kw = 1;
    c.padding = Padding::Valid;
    c.cin = cin;
    c.cout = cout;
    c.h = h;
    c.w = w;
    c.in_zp = zero_point(rng);
    c.out_zp = zero_point(rng);
    c.act = activation(rng);
    const Graph g = conv_graph(c, rng);
    const std::vector<LoweredOp> lowered = lower_graph(g);
    std::set<std::string> names;
    for (const Schedule* s : candidate_schedules(ScheduleContext{g, g.ops[0]}, lowered[0], std::nullopt)) names.insert(s->name);
    ASSERT_TRUE(names.contains("dsp_1x1_3px_slabs") && names.contains("dsp_1x1_3px_dual_slabs")) << c.str();
    for (const char* schedule : {"dsp_1x1_3px_slabs", "dsp_1x1_3px_dual_slabs"}) expect_exact(g, schedule, rng, c.str() + " " + schedule);
  }
}

// The first layer of an RGB or grayscale network: 3 or 1 input channels, 3x3, stride 2.
// First layers: few input channels, whose window rows the kernel packs one after the other
// (3x3 on 3 channels: 27 lanes in 28, not 36), padding on every side.
TEST(DspConv, FirstLayerShapes) {
  std::mt19937 rng(403);
  for (int cin : {1, 2, 3}) {
    for (Padding padding : {Padding::Same, Padding::Valid}) {
      ConvCase c;
      c.kh = c.kw = cin == 2 ? 5 : 3;
      c.cin = cin;
      c.cout = 8;
      c.h = c.w = 17;
      c.stride_h = c.stride_w = 2;
      c.padding = padding;
      c.in_zp = zero_point(rng);
      c.out_zp = -128;
      c.act = Activation::Relu6;
      expect_every_schedule_exact(conv_graph(c, rng), OpType::Conv2D, rng, c.str());
    }
  }
}

// dsp_rows on the shapes its geometry distinguishes: a pixel's step of an odd number of values
// (stride 1 on 3 channels: the second copy of each row), odd output widths (the last pixel
// alone), channel counts not a multiple of 4, left padding, dilated kernel rows, vertical strides
// below, at and beyond the kernel's height (slots moved down or all widened again), two images.
TEST(DspConv, RowsShapes) {
  std::mt19937 rng(405);
  struct Window {
    int kh, kw, stride_h, stride_w, dilation_h;
  };
  const Window windows[] = {{3, 3, 2, 2, 1}, {3, 3, 1, 1, 1}, {1, 1, 1, 1, 1}, {5, 5, 2, 1, 1},
                            {10, 4, 2, 2, 1}, {3, 1, 2, 2, 2}, {2, 3, 1, 3, 2}, {3, 2, 4, 1, 1}};
  int i = 0;
  for (const Window& win : windows) {
    for (int cin : {1, 2, 3, 4}) {
      ConvCase c;
      c.kh = win.kh, c.kw = win.kw, c.stride_h = win.stride_h, c.stride_w = win.stride_w;
      c.dilation_h = win.dilation_h;
      c.cin = cin;
      c.cout = pick(rng, {1, 3, 4, 8, 10, 16});
      c.padding = ++i % 2 ? Padding::Same : Padding::Valid;
      c.h = uniform(rng, (c.kh - 1) * c.dilation_h + 1, 14);
      c.w = uniform(rng, c.kw, 15);
      c.n = pick(rng, {1, 1, 2});
      c.in_zp = zero_point(rng);
      c.out_zp = zero_point(rng);
      c.act = activation(rng);
      expect_exact(conv_graph(c, rng), "dsp_rows", rng, c.str());
    }
  }
}

TEST(DspDepthwise, RandomShapesMatchReference) {
  std::mt19937 rng(404);
  int stride2 = 0;
  for (int i = 0; i < 150; ++i) {
    const ConvCase c = random_conv(rng, true);
    // dsp_dw and dsp_dw_small run any shape, dsp_dw3x3 and dsp_dw3x3_image (these images are small)
    // the undilated 3x3 ones of stride 1 or 2 across, dsp_dw3x3_s2 those of stride 2 across on an
    // even channel count with multiplier 1
    const bool three = c.kh == 3 && c.kw == 3 && c.dilation_h == 1 && c.dilation_w == 1 && c.stride_w <= 2;
    const bool s2 = three && c.stride_w == 2 && c.multiplier == 1 && c.cin % 2 == 0;
    EXPECT_EQ(expect_every_schedule_exact(conv_graph(c, rng), OpType::DepthwiseConv2D, rng, c.str()),
              s2 ? 5 : three ? 4 : 2)
        << c.str();
    stride2 += s2;
  }
  EXPECT_GT(stride2, 0);
}

// The stride-2 3x3 layers of MobileNets, which dsp_dw3x3_s2 reads as stored: even and odd sizes
// (SAME pads the right and bottom only, or every side), rows shorter than its block of four
// outputs and rows with a shorter last block, vertical strides 1 and 2, both paddings.
TEST(DspDepthwise, StrideTwoShapes) {
  std::mt19937 rng(407);
  for (int size : {3, 4, 7, 8, 12, 17})
    for (int cin : {2, 6, 16})
      for (Padding padding : {Padding::Same, Padding::Valid}) {
        ConvCase c;
        c.multiplier = 1;
        c.cin = cin;
        c.h = size + 1;
        c.w = size;
        c.stride_h = size % 2 ? 1 : 2;
        c.stride_w = 2;
        c.padding = padding;
        c.in_zp = zero_point(rng);
        c.out_zp = zero_point(rng);
        c.act = activation(rng);
        EXPECT_EQ(expect_every_schedule_exact(conv_graph(c, rng), OpType::DepthwiseConv2D, rng, c.str()), 5)
            << c.str();
      }
}

// The shapes of the models: 3x3 stride 1 and 2 with SAME padding on odd channel counts, 5x5 and
// 7x7, and the multiplier-8 first layer of person_detect; wide rows (many blocks of four, or of
// six: 12 unrolled, 18 a loop) and rows narrower than a block.
TEST(DspDepthwise, ModelShapes) {
  std::mt19937 rng(405);
  for (int k : {3, 5, 7})
    for (int stride : {1, 2})
      for (int cin : {1, 3, 5, 8, 9})
        for (int w : {1, 3, 6, 12, 13, 18}) {
          ConvCase c;
          c.multiplier = cin == 1 ? 8 : 1;
          c.kh = c.kw = k;
          c.stride_h = c.stride_w = stride;
          c.cin = cin;
          c.h = 7;
          c.w = std::max(w, k);  // VALID needs the window
          c.in_zp = zero_point(rng);
          c.out_zp = zero_point(rng);
          c.act = activation(rng);
          expect_every_schedule_exact(conv_graph(c, rng), OpType::DepthwiseConv2D, rng, c.str());
        }
}

// Output scales below the input's (a left shift) keep the folded requantization away, and both
// modes stay exact.
TEST(DspConv, ExactRequantization) {
  std::mt19937 rng(406);
  int exact = 0;
  for (int i = 0; i < 40; ++i) {
    ConvCase c = random_conv(rng, i % 2 == 1);
    c.gain = log_uniform(rng, 200, 3000);
    const Graph g = conv_graph(c, rng);
    expect_every_schedule_exact(g, g.ops[0].type, rng, c.str());
    const std::string schedule = c.depthwise() ? "dsp_dw" : "dsp_im2col";
    const DspOp op(g, schedule);
    exact += (c.depthwise() ? op.params<ab_dsp_depthwise_conv2d_params>().requant
                            : op.params<ab_dsp_conv2d_params>().requant) == AB_DSP_RQ_EXACT;
  }
  EXPECT_GT(exact, 30);
}

// Channels whose output is one value for every input (a zero multiplier; a bias that outweighs
// any product, as pruned channels of trained models have) no longer force the whole layer into the
// exact requantization: the table folds, and every accumulator the channel can reach gives the
// reference's byte, for int8 weights (the kernel shifts) and int16 ones (the weights carry it).
TEST(DspRequant, ConstantChannelsFold) {
  using aotbench::codegen::dsp::ChannelSum;
  const int32_t input_offset = 128, zero_point = -128;
  std::vector<ChannelSum> sums(4);
  sums[0] = {-1073741824, -300, 5000};  // pruned: the bias alone decides
  sums[1] = {-1073741824, 0, 0};        // zero multiplier, shift 0
  sums[2] = {44144, 200, 6000};         // an ordinary channel
  sums[3] = {0, 0, 0};                  // zero multiplier, a left shift
  const int32_t multiplier[] = {1643511662, 0, 1990682995, 0};
  const int32_t shift[] = {-28, 0, -8, 3};
  std::mt19937 rng(407);
  for (const bool scaled : {false, true}) {
    const auto t = aotbench::codegen::dsp::requant_table(
        sums, multiplier, shift, input_offset, zero_point, scaled, 4,
        aotbench::codegen::dsp::RequantBounds{.fold_constant_channels = true});
    ASSERT_EQ(t.mode, AB_DSP_RQ_FOLDED) << "scaled " << scaled;
    for (std::size_t c = 0; c < sums.size(); ++c) {
      const int64_t start = sums[c].bias + int64_t{input_offset} * sums[c].weight_sum;
      const int64_t reach = 128 * sums[c].abs_weight_sum;
      std::uniform_int_distribution<int64_t> product(-reach, reach);
      const ab_dsp_channel ch = ab_dsp_channel_at(&t.rq[c * AB_DSP_RQ_STRIDE]);
      for (int k = 0; k < 2000; ++k) {
        const int64_t d = k == 0 ? -reach : k == 1 ? reach : product(rng);  // sum of w * x
        const int32_t want = std::clamp(ab_mbqm(static_cast<int32_t>(start + d), multiplier[c], shift[c]) + zero_point,
                                        -128, 127);
        const int64_t acc = ch.bias + d * t.weight_scale;  // what the kernel accumulates
        EXPECT_EQ(ab_dsp_requantize_channel(static_cast<int32_t>(acc), ch, t.mode, t.acc_shift, -128, 127), want)
            << "channel " << c << " sum of products " << d << " scaled " << scaled;
      }
    }
  }
}

// Outputs clamped at or above the zero point (a fused ReLU) take the folded requantization
// without its sign correction: every accumulator within 2^20 of the start, and samples up to the
// bound the fold was proven for, give the reference's byte; zero points and clamps at both ends,
// right shifts of 1 to 20, int8 weights (the kernel shifts) and int16 ones (the weights carry it).
TEST(DspRequant, ClampedOutputsNeedNoSignCorrection) {
  using aotbench::codegen::dsp::ChannelSum;
  const int32_t input_offset = 3;
  std::vector<ChannelSum> sums(4);
  sums[0] = {-1000, 40, 900};      // wide: |acc| up to about 2^17
  sums[1] = {70000, -500, 20000};
  sums[2] = {0, 0, 1 << 20};       // up to 2^27
  sums[3] = {-5, 1, 3};
  const int32_t multiplier[] = {1073741824, 2147483647, 1500000001, 1342177280};
  const int32_t shift[] = {-1, -7, -20, -12};
  std::mt19937 rng(408);
  for (const auto& [zero_point, act_min, act_max] :
       {std::tuple{-128, -128, 127}, std::tuple{-128, -128, -27}, std::tuple{5, 5, 127}, std::tuple{-3, 10, 90},
        std::tuple{127, 127, 127}}) {
    for (const bool scaled : {false, true}) {
      const auto t = aotbench::codegen::dsp::requant_table(
          sums, multiplier, shift, input_offset, zero_point, scaled, 4,
          aotbench::codegen::dsp::RequantBounds{.clamped_at_zero_point = true});
      ASSERT_EQ(t.mode, AB_DSP_RQ_FOLDED_CLAMPED) << "scaled " << scaled;
      for (std::size_t c = 0; c < sums.size(); ++c) {
        const int64_t start = sums[c].bias + int64_t{input_offset} * sums[c].weight_sum;
        const int64_t reach = (128 + input_offset) * sums[c].abs_weight_sum;
        const ab_dsp_channel ch = ab_dsp_channel_at(&t.rq[c * AB_DSP_RQ_STRIDE]);
        std::uniform_int_distribution<int64_t> product(-reach, reach);
        const int64_t near = std::min<int64_t>(reach, 1 << 20);
        for (int64_t k = -near - 20000; k <= near; ++k) {  // the last 20,000: samples up to the bound
          const int64_t d = k < -near ? product(rng) : k;  // sum of w * (x + offset)
          const int32_t want = std::clamp(ab_mbqm(static_cast<int32_t>(start + d), multiplier[c], shift[c]) + zero_point,
                                          act_min, act_max);
          const int64_t acc = static_cast<int64_t>(ch.bias) + d * t.weight_scale;  // what the kernel accumulates
          const int8_t got =
              ab_dsp_requantize_channel(static_cast<int32_t>(acc), ch, t.mode, t.acc_shift, act_min, act_max);
          if (got != want) {
            ADD_FAILURE() << "channel " << c << " sum of products " << d << " scaled " << scaled << " zero point "
                          << zero_point << ": " << int{got} << " for " << want;
            return;
          }
        }
      }
    }
  }
  // Without the clamp the sign correction stays.
  const auto t = aotbench::codegen::dsp::requant_table(sums, multiplier, shift, input_offset, 0, false, 4);
  EXPECT_EQ(t.mode, AB_DSP_RQ_FOLDED);
}

// 16x8 layers (int16 activations, int8 weights) keep the reference kernels: every dsp schedule
// is written for int8 activations and refuses them, whatever their shapes.
TEST(DspSchedules, SixteenBitLayersStayReference) {
  auto layer = [](OpType type) {
    GraphBuilder b;
    const bool fc = type == OpType::FullyConnected, dw = type == OpType::DepthwiseConv2D;
    const int x = b.act(fc ? std::vector<int32_t>{2, 8} : std::vector<int32_t>{1, 6, 6, 8}, 0.01f, 0, DType::Int16);
    const std::vector<int32_t> w_shape = fc ? std::vector<int32_t>{8, 8} : dw ? std::vector<int32_t>{1, 3, 3, 8}
                                                                              : std::vector<int32_t>{8, 1, 1, 8};
    const int wt = b.weights(w_shape, {0.01f}, dw ? 3 : 0, 7);
    const int y = b.act(fc ? std::vector<int32_t>{2, 8} : std::vector<int32_t>{1, 6, 6, 8}, 0.5f, 0, DType::Int16);
    if (fc) b.op(type, {x, wt, -1}, {y}, FullyConnectedOptions{});
    if (dw) b.op(type, {x, wt, -1}, {y}, DepthwiseConv2DOptions{Padding::Same, 1, 1, 1, 1, 1, Activation::None, {}});
    if (!fc && !dw) b.op(type, {x, wt, -1}, {y}, Conv2DOptions{});
    return b.build("dsp_16x8_test");
  };
  for (OpType type : {OpType::Conv2D, OpType::DepthwiseConv2D, OpType::FullyConnected}) {
    const Graph g = layer(type);
    const std::vector<LoweredOp> lowered = lower_graph(g);
    int dsp = 0;
    for (const Schedule* s : schedules_for(type)) {
      if (s->family != "dsp") continue;
      ++dsp;
      EXPECT_NE(s->unsupported(ScheduleContext{g, g.ops[0]}, lowered[0]), "") << s->name;
    }
    EXPECT_GT(dsp, 0);
    for (const Schedule* s : candidate_schedules(ScheduleContext{g, g.ops[0]}, lowered[0], std::nullopt)) {
      EXPECT_EQ(s->family, "ref") << s->name;
    }
  }
}

// ----------------------------------------------------------------------------------------------
// int8 LOGISTIC, TANH, HARD_SWISH, RSQRT: the lowering's table, looked up by the inlined kernel

Graph unary_graph(OpType type, int size, float in_scale, int in_zp, std::mt19937& rng) {
  GraphBuilder b;
  const int x = b.act({1, size}, in_scale, in_zp);
  // LOGISTIC and TANH have TFLite's fixed output quantization; the others any.
  const int y = type == OpType::Logistic ? b.act({1, size}, 1.0f / 256, -128)
                : type == OpType::Tanh   ? b.act({1, size}, 1.0f / 128, 0)
                                         : b.act({1, size}, log_uniform(rng, 0.005f, 0.1f), zero_point(rng));
  b.op(type, {x}, {y});
  return b.build("dsp_lookup_test");
}

TEST(DspLookup, EveryTableOperatorMatchesReference) {
  std::mt19937 rng(701);
  for (OpType type : {OpType::Logistic, OpType::Tanh, OpType::HardSwish, OpType::Rsqrt}) {
    for (int size : {1, 3, 15, 16, 17, 31, 32, 33, 257, uniform(rng, 1, 100)}) {
      const float scale = log_uniform(rng, 0.01f, 0.2f);
      const int zp = zero_point(rng);
      expect_exact(unary_graph(type, size, scale, zp, rng), "dsp_lookup", rng,
                   std::string(op_name(type)) + " of " + std::to_string(size));
    }
  }
}

// The planner may give an element-wise operator one buffer for input and output.
TEST(DspLookup, InPlace) {
  std::mt19937 rng(702);
  const Graph g = unary_graph(OpType::Tanh, 37, 0.05f, 3, rng);
  const DspOp dsp(g, "dsp_lookup");
  const Bytes input = random_int8(37, rng);
  Interpreter reference(g);
  const Bytes want = reference.run({input}).outputs.at(0);
  Bytes buffer = input;
  void* args[2] = {buffer.data(), buffer.data()};
  dsp_shim_find("ab_dsp_lookup_s8")(dsp.op().schedule_params->c_struct(), args);
  EXPECT_EQ(buffer, want);
}

// int16 LOGISTIC and TANH: TFLite's interpolated table, inlined (dsp_sigmoid_s16); input scales
// of a power of two (TFLite's separate path) and others.
TEST(DspSigmoidS16, LogisticAndTanhMatchReference) {
  std::mt19937 rng(703);
  for (OpType type : {OpType::Logistic, OpType::Tanh}) {
    for (float scale : {1.0f / 4096, 1.0f / 2048, log_uniform(rng, 1e-4f, 2e-3f), log_uniform(rng, 1e-4f, 2e-3f)}) {
      for (int size : {1, 3, 4, 7, 64, uniform(rng, 1, 100)}) {
        GraphBuilder b;
        const int x = b.act({1, size}, scale, 0, DType::Int16);
        const int y = b.act({1, size}, 1.0f / 32768, 0, DType::Int16);
        b.op(type, {x}, {y});
        const Graph g = b.build("dsp_sigmoid_s16_test");
        std::vector<LoweredOp> ops = lower_graph(g);
        SelectOptions family;
        family.kernels = "dsp";
        select_kernels(g, ops, family);
        EXPECT_EQ(ops[0].schedule, "dsp_sigmoid_s16");
        expect_exact(g, "dsp_sigmoid_s16", rng,
                     std::string(op_name(type)) + " int16 of " + std::to_string(size) + ", scale " + std::to_string(scale));
      }
    }
  }
}

// ----------------------------------------------------------------------------------------------
// MUL

// A MUL of two int8 operands (the second of `shape2` when given: one element) whose output
// scale puts the product over a few times the output's range or a fraction of it.
Graph mul_graph(AddCase c, const std::vector<int32_t>& shape2 = {}) {
  GraphBuilder b;
  const int x1 = b.act(c.shape, c.s1, c.zp1);
  const int x2 = b.act(shape2.empty() ? c.shape : shape2, c.s2, c.zp2);
  const int y = b.act(c.shape, c.so, c.zpo);
  b.op(OpType::Mul, {x1, x2}, {y}, ActivationOptions{c.act});
  return b.build("dsp_mul_test");
}

AddCase random_mul(std::mt19937& rng) {
  AddCase c = random_add(rng);
  // The product of typical magnitudes (about 74 steps each) over 40 to 400 output steps; now and
  // then a multiplier of 1 or more (the exact mode).
  c.so = c.s1 * c.s2 * 74 * 74 / log_uniform(rng, 40, 400);
  if (uniform(rng, 0, 4) == 0) c.so = c.s1 * c.s2 * log_uniform(rng, 0.3f, 1);
  return c;
}

TEST(DspMul, RandomShapesAndScalesMatchReference) {
  std::mt19937 rng(801);
  int modes[2] = {0, 0};
  for (int i = 0; i < 200; ++i) {
    const AddCase c = random_mul(rng);
    const Graph g = uniform(rng, 0, 3) == 0 ? mul_graph(c, {1}) : mul_graph(c);
    expect_exact(g, "dsp_mul", rng, "MUL" + c.str().substr(3) + (g.tensors[1].num_elements() == 1 ? " by a scalar" : ""));
    ++modes[DspOp(g, "dsp_mul").params<ab_dsp_mul_params>().requant];
  }
  EXPECT_GT(modes[AB_DSP_RQ_FOLDED], 20);
  EXPECT_GT(modes[AB_DSP_RQ_EXACT], 20);
}

// Broadcasting other than by one element stays with the reference kernel.
TEST(DspMul, BroadcastStaysReference) {
  std::mt19937 rng(802);
  AddCase c = random_mul(rng);
  c.shape = {2, 3, 4};
  const std::vector<std::pair<std::vector<int32_t>, std::string>> cases = {
      {{4}, "ref"}, {{2, 1, 4}, "ref"}, {{1, 1, 1}, "dsp_mul"}, {{1}, "dsp_mul"}};
  for (const auto& [shape2, schedule] : cases) {
    const Graph g = mul_graph(c, shape2);
    std::vector<LoweredOp> ops = lower_graph(g);
    SelectOptions family;
    family.kernels = "dsp";
    select_kernels(g, ops, family);
    EXPECT_EQ(ops[0].schedule, schedule) << "second operand of rank " << shape2.size();
  }
}

// ----------------------------------------------------------------------------------------------
// Operators with state: UNIDIRECTIONAL_SEQUENCE_LSTM and SVDF

// The graph with its variable tensors marked as state (GraphBuilder makes every tensor nobody
// produces a graph input).
Graph with_state(Graph g, const std::vector<int>& variables) {
  for (int t : variables) g.tensors.at(static_cast<std::size_t>(t)).is_variable = true;
  std::erase_if(g.inputs, [&](int t) { return std::find(variables.begin(), variables.end(), t) != variables.end(); });
  return g;
}

struct LstmCase {
  int batches = 1, steps = 3, inputs = 5, units = 6;
  bool time_major = false;
  int x_zp = 0, h_zp = 0;
  float gain = 1;        // the gates' typical magnitude, in units of Q3.12's range
  int cell_exponent = -11;  // cell state scale 2^e
  float cell_clip = 0;

  std::string str() const {
    return "LSTM " + std::to_string(batches) + "x" + std::to_string(steps) + "x" + std::to_string(inputs) + " -> " +
           std::to_string(units) + (time_major ? " time-major" : "") + " zp x/h " + std::to_string(x_zp) + "/" +
           std::to_string(h_zp) + " gain " + std::to_string(gain) + " cell 2^" + std::to_string(cell_exponent) +
           " clip " + std::to_string(cell_clip);
  }
};

Graph lstm_graph(const LstmCase& c, std::mt19937& rng) {
  GraphBuilder b;
  const float x_scale = 1.0f / 128, h_scale = 1.0f / 128;
  const std::vector<int32_t> x_shape =
      c.time_major ? std::vector<int32_t>{c.steps, c.batches, c.inputs} : std::vector<int32_t>{c.batches, c.steps, c.inputs};
  const int x = b.act(x_shape, x_scale, c.x_zp);
  // Typical |sum w x| ~ 74 * 74 * sqrt(features) in integer units; the weights' scale maps it to
  // `gain` times 8 (Q3.12's range), so larger gains saturate the gates and exercise the
  // requantization's left shifts.
  auto weights = [&](int features, float in_scale) {
    std::vector<int8_t> w(static_cast<std::size_t>(c.units * features));
    for (auto& v : w) v = static_cast<int8_t>(uniform(rng, -127, 127));
    w[0] = -127, w.back() = 127;
    const float scale = c.gain * 8 / (74.0f * 74.0f * std::sqrt(static_cast<float>(features)) * in_scale) *
                        log_uniform(rng, 0.5f, 2);
    return b.int8s({c.units, features}, Quantization{{scale}, {0}, 0}, w);
  };
  std::vector<int> in(24, -1);
  in[0] = x;
  for (int k = 0; k < 4; ++k) in[static_cast<std::size_t>(1 + k)] = weights(c.inputs, x_scale);
  for (int k = 0; k < 4; ++k) in[static_cast<std::size_t>(5 + k)] = weights(c.units, h_scale);
  for (int k = 0; k < 4; ++k) {
    std::vector<int32_t> v(static_cast<std::size_t>(c.units));
    for (auto& e : v) e = uniform(rng, -40000, 40000);
    in[static_cast<std::size_t>(12 + k)] = b.int32s({c.units}, v);
  }
  const int h = b.act({c.batches, c.units}, h_scale, c.h_zp);
  const int cell = b.act({c.batches, c.units}, std::ldexp(1.0f, c.cell_exponent), 0, DType::Int16);
  in[18] = h;
  in[19] = cell;
  const int y = b.act({x_shape[0], x_shape[1], c.units}, h_scale, c.h_zp);
  b.op(OpType::UnidirectionalSequenceLstm, in, {y}, SequenceLstmOptions{Activation::Tanh, c.cell_clip, 0, c.time_major});
  return with_state(b.build("dsp_lstm_test"), {h, cell});
}

LstmCase random_lstm(std::mt19937& rng) {
  LstmCase c;
  c.batches = pick(rng, {1, 1, 2, 3});
  c.steps = pick(rng, {1, 2, 3, 5});
  c.inputs = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 40);
  c.units = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 24);
  c.time_major = uniform(rng, 0, 2) == 0;
  c.x_zp = zero_point(rng);
  c.h_zp = zero_point(rng);
  c.gain = log_uniform(rng, 0.001f, 4);
  c.cell_exponent = uniform(rng, -14, -8);
  c.cell_clip = uniform(rng, 0, 2) == 0 ? log_uniform(rng, 0.5f, 8) : 0;
  return c;
}

TEST(DspLstm, RandomShapesMatchReference) {
  std::mt19937 rng(501);
  int modes[2] = {0, 0};
  for (int i = 0; i < 80; ++i) {
    const LstmCase c = random_lstm(rng);
    const Graph g = lstm_graph(c, rng);
    for (const char* schedule : {"dsp_lstm", "dsp_lstm_w16"}) {
      expect_exact(g, schedule, rng, c.str() + " " + schedule);
      ++modes[DspOp(g, schedule).params<ab_dsp_lstm_params>().requant];
    }
  }
  EXPECT_GT(modes[AB_DSP_RQ_FOLDED], 10);
  EXPECT_GT(modes[AB_DSP_RQ_EXACT], 10);
}

// Unit and feature counts around multiples of 4 (the kernel's blocks and groups), and the
// shapes of TFLite Micro's LSTM examples (28 -> 20, 257 -> 80, 257 -> 128).
TEST(DspLstm, BlockEdgesAndModelShapes) {
  std::mt19937 rng(502);
  std::vector<std::pair<int, int>> shapes;
  for (int inputs : {1, 3, 4, 5, 8})
    for (int units : {1, 3, 4, 5, 8, 9}) shapes.emplace_back(inputs, units);
  for (auto shape : {std::pair{28, 20}, {257, 80}, {257, 128}}) shapes.push_back(shape);
  for (auto [inputs, units] : shapes) {
    LstmCase c;
    c.inputs = inputs;
    c.units = units;
    c.steps = 2;
    c.x_zp = pick(rng, {-128, 127, 0});
    c.h_zp = pick(rng, {-128, 127, 3});
    c.gain = log_uniform(rng, 0.01f, 2);
    const Graph g = lstm_graph(c, rng);
    for (const char* schedule : {"dsp_lstm", "dsp_lstm_w16"}) expect_exact(g, schedule, rng, c.str() + " " + schedule);
  }
}

// int16 activations (16x8) and weights with a zero point are refused by name and left to the
// reference by the family.
TEST(DspLstm, RefusesWhatItWasNotWrittenFor) {
  std::mt19937 rng(503);
  LstmCase c;
  Graph g = lstm_graph(c, rng);
  g.tensors.at(static_cast<std::size_t>(g.ops[0].inputs[3])).quant->zero_point = {5};
  const std::vector<LoweredOp> lowered = lower_graph(g);
  for (const Schedule* s : schedules_for(OpType::UnidirectionalSequenceLstm)) {
    if (s->family == "dsp") {
      EXPECT_EQ(s->unsupported(ScheduleContext{g, g.ops[0]}, lowered[0]), "weights with a nonzero zero point");
    }
  }
  std::vector<LoweredOp> ops = lower_graph(g);
  SelectOptions o;
  o.kernels = "dsp";
  select_kernels(g, ops, o);
  EXPECT_EQ(ops.at(0).schedule, "ref");

  // 16x8: int16 input, hidden state and output, int64 biases.
  GraphBuilder b;
  std::vector<int> in(24, -1);
  in[0] = b.act({1, 2, 4}, 1e-3f, 0, DType::Int16);
  for (int k = 1; k <= 8; ++k) in[static_cast<std::size_t>(k)] = b.weights({3, k <= 4 ? 4 : 3}, {0.01f}, 0, static_cast<uint32_t>(k));
  for (int k = 12; k <= 15; ++k)
    in[static_cast<std::size_t>(k)] = b.constant(DType::Int64, {3}, std::nullopt, std::vector<uint8_t>(24, 0));
  in[18] = b.act({1, 3}, 1e-3f, 0, DType::Int16);
  in[19] = b.act({1, 3}, 1.0f / 2048, 0, DType::Int16);
  const int y = b.act({1, 2, 3}, 1e-3f, 0, DType::Int16);
  b.op(OpType::UnidirectionalSequenceLstm, in, {y}, SequenceLstmOptions{});
  const Graph wide = with_state(b.build("dsp_lstm_16x8"), {in[18], in[19]});
  const std::vector<LoweredOp> wide_lowered = lower_graph(wide);
  for (const Schedule* s : schedules_for(OpType::UnidirectionalSequenceLstm)) {
    if (s->family == "dsp") {
      EXPECT_NE(s->unsupported(ScheduleContext{wide, wide.ops[0]}, wide_lowered[0]), "");
    }
  }
}

struct SvdfCase {
  int batches = 1, inputs = 8, units = 4, rank = 1, memory = 4;
  bool wide = false;  // int16 state and time weights
  int x_zp = 0, state_zp = 0, out_zp = 0;
  float gain = 1;

  std::string str() const {
    return "SVDF " + std::to_string(batches) + "x" + std::to_string(inputs) + " units " + std::to_string(units) +
           " rank " + std::to_string(rank) + " memory " + std::to_string(memory) + (wide ? " int16" : " int8") +
           " state zp in/state/out " + std::to_string(x_zp) + "/" + std::to_string(state_zp) + "/" +
           std::to_string(out_zp) + " gain " + std::to_string(gain);
  }
};

Graph svdf_graph(const SvdfCase& c, std::mt19937& rng) {
  GraphBuilder b;
  const int filters = c.units * c.rank;
  const float x_scale = 0.02f;
  const int x = b.act({c.batches, c.inputs}, x_scale, c.x_zp);
  std::vector<int8_t> wf(static_cast<std::size_t>(filters * c.inputs));
  for (auto& v : wf) v = static_cast<int8_t>(uniform(rng, -127, 127));
  wf[0] = -128, wf.back() = 127;
  const float wf_scale = log_uniform(rng, 0.001f, 0.01f);
  const int wfeat = b.int8s({filters, c.inputs}, Quantization{{wf_scale}, {0}, 0}, wf);
  // The state's scale spreads the feature products over its range, times `gain` (large gains
  // clamp, small ones use a few steps).
  const float state_max = c.wide ? 32767 : 127;
  const float feature = 128.0f * 74.0f * std::sqrt(static_cast<float>(c.inputs));
  const float state_scale = x_scale * wf_scale * feature / state_max / c.gain;
  const int wt_max = c.wide ? 2000 : 127;
  const float wt_scale = log_uniform(rng, 0.001f, 0.05f);
  std::vector<uint8_t> wt;
  for (int i = 0; i < filters * c.memory; ++i) {
    const int v = i == 0 ? -wt_max : uniform(rng, -wt_max, wt_max);
    wt.push_back(static_cast<uint8_t>(v));
    if (c.wide) wt.push_back(static_cast<uint8_t>(v >> 8));
  }
  const int wtime = b.constant(c.wide ? DType::Int16 : DType::Int8, {filters, c.memory}, Quantization{{wt_scale}, {0}, 0}, wt);
  std::vector<int32_t> bias(static_cast<std::size_t>(c.units));
  for (auto& e : bias) e = uniform(rng, -50000, 50000);
  const int bt = b.int32s({c.units}, bias);
  const int state = b.act({c.batches, filters * c.memory}, state_scale, c.wide ? 0 : c.state_zp,
                          c.wide ? DType::Int16 : DType::Int8);
  const float sum = state_max / 2 * static_cast<float>(wt_max) / 2 * std::sqrt(static_cast<float>(c.rank * c.memory));
  const int y = b.act({c.batches, c.units}, state_scale * wt_scale * sum / 64 * log_uniform(rng, 0.3f, 3), c.out_zp);
  b.op(OpType::Svdf, {x, wfeat, wtime, bt, state}, {y}, SvdfOptions{c.rank, Activation::None});
  return with_state(b.build("dsp_svdf_test"), {state});
}

SvdfCase random_svdf(std::mt19937& rng) {
  SvdfCase c;
  c.batches = pick(rng, {1, 1, 2, 3});
  c.inputs = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 100);
  c.units = uniform(rng, 0, 1) ? pick(rng, {1, 2, 3, 5, 7, 9}) : uniform(rng, 1, 40);
  c.rank = pick(rng, {1, 1, 2, 3});
  c.memory = pick(rng, {1, 2, 3, 4, 5, 8, 10, 32});
  c.wide = uniform(rng, 0, 2) == 0;
  c.x_zp = zero_point(rng);
  c.state_zp = zero_point(rng);
  c.out_zp = zero_point(rng);
  c.gain = log_uniform(rng, 0.3f, 10);
  return c;
}

TEST(DspSvdf, RandomShapesMatchReference) {
  std::mt19937 rng(601);
  int feature_modes[2] = {0, 0}, time_modes[2] = {0, 0};
  for (int i = 0; i < 150; ++i) {
    const SvdfCase c = random_svdf(rng);
    const Graph g = svdf_graph(c, rng);
    for (const char* schedule : {"dsp_svdf", "dsp_svdf_w16"}) {
      expect_exact(g, schedule, rng, c.str() + " " + schedule);
      const auto& p = DspOp(g, schedule).params<ab_dsp_svdf_params>();
      ++feature_modes[p.feature_requant];
      ++time_modes[p.time_requant];
    }
  }
  EXPECT_GT(feature_modes[AB_DSP_RQ_FOLDED], 0);
  EXPECT_GT(time_modes[AB_DSP_RQ_FOLDED], 0);
  EXPECT_GT(time_modes[AB_DSP_RQ_EXACT], 0);
}

// The shapes of the keyword-spotting model (96 or 16 or 32 inputs, 64 or 32 filters, memory 8
// or 32), and state zero points at both ends, where the appended values wrap.
TEST(DspSvdf, ModelShapesAndWrappingZeroPoints) {
  std::mt19937 rng(602);
  for (auto [inputs, units, memory] : {std::tuple{96, 64, 8}, {16, 64, 8}, {16, 32, 32}, {32, 32, 32}}) {
    for (bool wide : {false, true}) {
      for (int state_zp : {-128, 127, -50}) {
        SvdfCase c;
        c.inputs = inputs;
        c.units = units;
        c.memory = memory;
        c.wide = wide;
        c.state_zp = state_zp;
        c.x_zp = zero_point(rng);
        c.out_zp = zero_point(rng);
        c.gain = log_uniform(rng, 0.5f, 20);
        const Graph g = svdf_graph(c, rng);
        for (const char* schedule : {"dsp_svdf", "dsp_svdf_w16"}) expect_exact(g, schedule, rng, c.str() + " " + schedule);
      }
    }
  }
}

}  // namespace
