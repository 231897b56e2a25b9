// fold_pads: a PAD in front of a convolution becomes its padding. The folded graph, run by the
// host interpreter (reference kernels), gives the very bytes of the unfolded one; PADs that
// cannot be folded stay.
#include <gtest/gtest.h>

#include <random>

#include "codegen/interp/interpreter.hpp"
#include "lower_test_graphs.hpp"
#include "codegen/plan/fold_pad.hpp"

using namespace aotbench::codegen;
using lower_test::GraphBuilder;

namespace {

struct PadConv {
  int before_h = 1, after_h = 2, before_w = 0, after_w = 1;
  bool depthwise = false;
  int stride = 1;
  int pad_zp = -5;        // the PAD's (and so the convolution input's) zero point
  bool pad_channels = false;
  bool second_reader = false;
  bool pad_is_output = false;
};

// x -> PAD -> CONV_2D / DEPTHWISE_CONV_2D (VALID, 3x3) -> y, optionally with a second reader of
// the PAD's output or the PAD's output listed as a graph output.
Graph graph(const PadConv& c) {
  GraphBuilder b;
  const int h = 6, w = 5, ch = 3, cp = c.pad_channels ? 1 : 0;
  const int x = b.act({1, h, w, ch}, 0.05f, c.pad_zp);
  const int pads = b.int32s({4, 2}, {0, 0, c.before_h, c.after_h, c.before_w, c.after_w, 0, cp});
  const int ph = h + c.before_h + c.after_h, pw = w + c.before_w + c.after_w, pc = ch + cp;
  const int padded = b.act({1, ph, pw, pc}, 0.05f, c.pad_zp);
  b.op(OpType::Pad, {x, pads}, {padded});
  const int oh = (ph - 3) / c.stride + 1, ow = (pw - 3) / c.stride + 1;
  const int oc = c.depthwise ? pc : 4;
  const int wt = c.depthwise ? b.weights({1, 3, 3, oc}, {0.01f}, 3, 7) : b.weights({oc, 3, 3, pc}, {0.01f}, 0, 7);
  const int y = b.act({1, oh, ow, oc}, 0.1f, 3);
  if (c.depthwise) {
    b.op(OpType::DepthwiseConv2D, {padded, wt, -1}, {y},
         DepthwiseConv2DOptions{Padding::Valid, c.stride, c.stride, 1, 1, 1, Activation::None, {}});
  } else {
    b.op(OpType::Conv2D, {padded, wt, -1}, {y},
         Conv2DOptions{Padding::Valid, c.stride, c.stride, 1, 1, Activation::None, {}});
  }
  if (c.second_reader) {
    const int z = b.act({1, ph, pw, pc}, 0.05f, c.pad_zp);
    b.op(OpType::Reshape, {padded}, {z});
  }
  Graph g = b.build("fold_pad_test");
  if (c.pad_is_output) g.outputs.push_back(padded);
  return g;
}

std::vector<uint8_t> random_input(const Graph& g, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(static_cast<std::size_t>(g.tensors[static_cast<std::size_t>(g.inputs[0])].num_bytes()));
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

TEST(FoldPad, FoldedConvolutionsGiveTheSameBytes) {
  for (bool depthwise : {false, true})
    for (int stride : {1, 2})
      for (int zp : {-128, -5, 0, 127})
        for (auto [bh, ah, bw, aw] : {std::array{1, 2, 0, 1}, {0, 1, 0, 1}, {2, 0, 3, 1}, {1, 1, 1, 1}}) {
          const PadConv c{bh, ah, bw, aw, depthwise, stride, zp};
          const Graph original = graph(c);
          Graph folded = graph(c);
          ASSERT_EQ(fold_pads(folded), 1);
          ASSERT_EQ(folded.ops.size(), 1u);
          EXPECT_EQ(folded.ops[0].index, 1);  // the convolution keeps its model index
          EXPECT_EQ(folded.ops[0].inputs[0], folded.inputs[0]);
          const auto in = random_input(original, static_cast<unsigned>(bh * 7 + aw + zp));
          EXPECT_EQ(Interpreter(folded).run({in}).outputs, Interpreter(original).run({in}).outputs)
              << "depthwise " << depthwise << " stride " << stride << " zp " << zp << " pads " << bh << ah << bw << aw;
        }
}

TEST(FoldPad, PadsThatCannotBeFoldedStay) {
  PadConv channels;
  channels.pad_channels = true;
  PadConv shared;
  shared.second_reader = true;
  PadConv output;
  output.pad_is_output = true;
  for (const PadConv& c : {channels, shared, output}) {
    Graph g = graph(c);
    const std::size_t ops = g.ops.size();
    EXPECT_EQ(fold_pads(g), 0);
    EXPECT_EQ(g.ops.size(), ops);
  }
}

}  // namespace
