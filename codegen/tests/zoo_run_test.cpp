// Every zoo model runs on the host interpreter (lowering + the int8 reference kernels), and its
// synthetic weights and calibrated ranges give live activations: different inputs give
// different outputs, and no activation is stuck at the ends of its int8 range or collapsed onto
// a few values.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "codegen/interp/interpreter.hpp"
#include "zoo_test_util.hpp"

namespace aotbench::codegen {
namespace {

std::vector<uint8_t> random_input(const Graph& g, uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<uint8_t> in(g.tensors[g.inputs[0]].num_bytes());
  for (uint8_t& b : in) b = static_cast<uint8_t>(gen() & 0xff);
  return in;
}

class ZooRun : public ::testing::TestWithParam<std::string> {};

TEST_P(ZooRun, DifferentInputsGiveDifferentUnclampedOutputs) {
  Graph g = zoo_graph(GetParam());
  Interpreter interp(g);
  std::vector<uint8_t> a = interp.run({random_input(g, 1)}).outputs.at(0);
  std::vector<uint8_t> b = interp.run({random_input(g, 2)}).outputs.at(0);
  EXPECT_NE(a, b);
  for (const auto& out : {a, b}) {
    std::size_t clamped = 0;
    for (uint8_t v : out) clamped += (v == 0x80 || v == 0x7f);
    EXPECT_LT(clamped, out.size()) << "every output is -128 or 127";
  }
}

TEST_P(ZooRun, ActivationsAreNeitherSaturatedNorCollapsed) {
  Graph g = zoo_graph(GetParam());
  Interpreter interp(g);
  RunResult r = interp.run({random_input(g, 3)}, true);
  for (const Operator& op : g.ops) {
    const Tensor& t = g.tensors[op.outputs[0]];
    if (op.type == OpType::Softmax) continue;  // probabilities: near-0 ones are legitimately -128
    // Small tensors (logits, the autoencoder's bottleneck) say little about saturation: their
    // calibrated range is the extremes of a few samples, which a new input may well reach.
    if (t.num_elements() < 64) continue;
    const std::vector<uint8_t>& bytes = r.tensors.at(t.id);
    std::size_t top = 0, bottom = 0;
    std::set<int> distinct;
    for (uint8_t v : bytes) {
      top += v == 0x7f;
      bottom += v == 0x80;
      distinct.insert(static_cast<int8_t>(v));
    }
    SCOPED_TRACE(fmt::format("operator {} {} output '{}' ({} values)", op.index, op_name(op.type),
                             t.name, bytes.size()));
    EXPECT_LE(top * 10, bytes.size()) << top << " values at 127";
    // -128 is 0 for ReLU outputs (zero point -128), so only count it elsewhere.
    if (t.quant->zero_point[0] != -128) {
      EXPECT_LE(bottom * 10, bytes.size()) << bottom << " values at -128";
    }
    EXPECT_GE(distinct.size(), 16u);
  }
}

INSTANTIATE_TEST_SUITE_P(Zoo, ZooRun, ::testing::Values("mnv2", "vww", "kws", "ic", "ad"));

}  // namespace
}  // namespace aotbench::codegen
