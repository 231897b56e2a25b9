// mnv2: the architecture from MobileNetV2's block table, the width and resolution options, and
// whether the default fits the emulated STM32F405 with the static workspace.
//
// Expected figures were worked out from the layer table (t, c, n, s) = (1,16,1,1) (6,24,2,2)
// (6,32,3,2) (6,64,4,2) (6,96,3,1) (6,160,3,2) (6,320,1,1) with Keras' rounding
// _make_divisible(v, 8) = max(8, int(v + 4) // 8 * 8), +8 if that is below 0.9 v, SAME padding
// (output = ceil(input / stride)), and MACs counted as SOURCES.md counts them. For example, at
// width 0.35 the stem has _make_divisible(11.2) = 16 channels, the block outputs are
// _make_divisible(int(c * 0.35)) = 8, 8, 16, 24, 32, 56, 112, and the last 1x1 conv stays 1280.
#include <gtest/gtest.h>

#include <toml++/toml.h>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/lifetime.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"
#include "zoo_test_util.hpp"

namespace aotbench::codegen {
namespace {

std::vector<const Operator*> ops_of(const Graph& g, OpType t) {
  std::vector<const Operator*> out;
  for (const Operator& op : g.ops) {
    if (op.type == t) out.push_back(&op);
  }
  return out;
}

const std::vector<int32_t>& out_shape(const Graph& g, const Operator* op) {
  return g.tensors[op->outputs[0]].shape;
}

// The output channels of every projection (the block outputs), in order.
std::vector<int32_t> block_outputs(const Graph& g) {
  std::vector<int32_t> c;
  for (const Operator& op : g.ops) {
    if (op.type == OpType::Conv2D && g.tensors[op.outputs[0]].name.ends_with("_project")) {
      c.push_back(g.tensors[op.outputs[0]].shape[3]);
    }
  }
  return c;
}

TEST(Mnv2, DefaultOperatorsAndIo) {
  Graph g = zoo_graph("mnv2");
  // 1 stem + 1 projection (t=1 block) + 2 x 16 expand/project + the last conv; one depthwise
  // per block; an ADD for every repeat after the first in a stage (0+1+2+3+2+2+0).
  EXPECT_EQ(op_counts(g), (std::map<std::string, int>{{"CONV_2D", 35}, {"DEPTHWISE_CONV_2D", 17},
                                                      {"ADD", 10}, {"MEAN", 1},
                                                      {"FULLY_CONNECTED", 1}, {"SOFTMAX", 1}}));
  const Tensor& in = g.tensors[g.inputs[0]];
  EXPECT_EQ(in.shape, (std::vector<int32_t>{1, 96, 96, 3}));
  EXPECT_EQ(in.type, DType::Int8);
  EXPECT_FLOAT_EQ(in.quant->scale[0], 2.0f / 255);  // [-1, 1] images
  EXPECT_EQ(in.quant->zero_point[0], -1);
  EXPECT_EQ(g.tensors[g.outputs[0]].shape, (std::vector<int32_t>{1, 2}));
  for (const Operator* op : ops_of(g, OpType::Conv2D)) {
    auto& o = std::get<Conv2DOptions>(op->options);
    EXPECT_EQ(o.padding, Padding::Same);
    bool project = g.tensors[op->outputs[0]].name.ends_with("_project");
    EXPECT_EQ(o.activation, project ? Activation::None : Activation::Relu6);  // linear bottleneck
  }
  for (const Operator* op : ops_of(g, OpType::DepthwiseConv2D)) {
    auto& o = std::get<DepthwiseConv2DOptions>(op->options);
    EXPECT_EQ(o.padding, Padding::Same);
    EXPECT_EQ(o.activation, Activation::Relu6);
  }
  const Operator* mean = ops_of(g, OpType::Mean)[0];
  EXPECT_EQ(out_shape(g, mean), (std::vector<int32_t>{1, 1280}));
}

TEST(Mnv2, DefaultChannelsFollowKerasRounding) {
  Graph g = zoo_graph("mnv2");
  auto convs = ops_of(g, OpType::Conv2D);
  EXPECT_EQ(out_shape(g, convs.front()), (std::vector<int32_t>{1, 48, 48, 16}));
  EXPECT_EQ(out_shape(g, convs.back()), (std::vector<int32_t>{1, 3, 3, 1280}));
  EXPECT_EQ(block_outputs(g), (std::vector<int32_t>{8, 8, 8, 16, 16, 16, 24, 24, 24, 24, 32, 32,
                                                    32, 56, 56, 56, 112}));
  // Expansions are t x the block's input channels.
  for (const Operator* op : convs) {
    if (g.tensors[op->outputs[0]].name.ends_with("_expand")) {
      EXPECT_EQ(out_shape(g, op)[3], 6 * g.tensors[op->inputs[0]].shape[3]);
    }
  }
  // Residual ADDs only where the stride is 1 and the channels match: shapes agree.
  for (const Operator* op : ops_of(g, OpType::Add)) {
    EXPECT_EQ(g.tensors[op->inputs[0]].shape, g.tensors[op->inputs[1]].shape);
  }
}

TEST(Mnv2, DefaultMacsParamsAndPeakFromTheLayerTable) {
  Graph g = zoo_graph("mnv2");
  std::map<OpType, int64_t> macs;
  for (const Operator& op : g.ops) macs[op.type] += op_macs(g, op);
  EXPECT_EQ(macs[OpType::Conv2D], 9074304);
  EXPECT_EQ(macs[OpType::DepthwiseConv2D], 1579824);
  EXPECT_EQ(macs[OpType::FullyConnected], 2560);  // 1280 x 2
  EXPECT_EQ(total_macs(g), 10656688);
  // int8 weights + int32 biases of 53 layers, + MEAN's int32[2] axes.
  EXPECT_EQ(param_bytes(g), 412784);
  EXPECT_EQ(constant_buffer_count(g), 107);
  // block_1: its 48x48x48 expansion and 24x24x48 depthwise output are alive together.
  EXPECT_EQ(peak_live_bytes(buffer_lifetimes(g)), 48 * 48 * 48 + 24 * 24 * 48);
}

TEST(Mnv2, WidthAndResolutionChangeShapes) {
  Graph g = zoo_graph("mnv2:width=0.5,res=128");
  EXPECT_EQ(g.tensors[g.inputs[0]].shape, (std::vector<int32_t>{1, 128, 128, 3}));
  auto convs = ops_of(g, OpType::Conv2D);
  EXPECT_EQ(out_shape(g, convs.front()), (std::vector<int32_t>{1, 64, 64, 16}));
  EXPECT_EQ(out_shape(g, convs.back()), (std::vector<int32_t>{1, 4, 4, 1280}));
  EXPECT_EQ(block_outputs(g), (std::vector<int32_t>{8, 16, 16, 16, 16, 16, 32, 32, 32, 32, 48,
                                                    48, 48, 80, 80, 80, 160}));
  EXPECT_EQ(total_macs(g), 31301120);
}

TEST(Mnv2, WidthAboveOneScalesTheLastConv) {
  Graph g = zoo_graph("mnv2:width=1.4,res=32");
  auto convs = ops_of(g, OpType::Conv2D);
  EXPECT_EQ(out_shape(g, convs.front()), (std::vector<int32_t>{1, 16, 16, 48}));  // 44.8 -> 48
  EXPECT_EQ(out_shape(g, convs.back()), (std::vector<int32_t>{1, 1, 1, 1792}));   // 1280 x 1.4
}

TEST(Mnv2, ClassesAndSoftmaxOptions) {
  Graph g = zoo_graph("mnv2:classes=10,softmax=false,res=64");
  EXPECT_EQ(g.ops.back().type, OpType::FullyConnected);
  EXPECT_EQ(g.tensors[g.outputs[0]].shape, (std::vector<int32_t>{1, 10}));
  EXPECT_TRUE(ops_of(g, OpType::Softmax).empty());
}

// At width 1.0, 224x224 and 1000 classes the architecture is MobileNetV2 1.0 itself: the same
// convolutions as the real model of SOURCES.md (which pads explicitly and starts NCHW).
TEST(Mnv2, Width1Res224IsTheRealMobileNetV2) {
  AOTBENCH_NEEDS_SHARED("models/mnv2_100_224_nchw_int8.tflite");
  Graph g = zoo_graph("mnv2:width=1.0,res=224,classes=1000,softmax=false");
  Graph ref = read_tflite_file(shared_model("mnv2_100_224_nchw_int8.tflite"));
  std::map<OpType, int64_t> macs;
  for (const Operator& op : g.ops) macs[op.type] += op_macs(g, op);
  EXPECT_EQ(macs[OpType::Conv2D], 278777856);
  EXPECT_EQ(macs[OpType::DepthwiseConv2D], 20716416);
  EXPECT_EQ(macs[OpType::FullyConnected], 1280000);
  auto layers = [](const Graph& m) {
    std::vector<std::string> out;
    for (const Operator& op : m.ops) {
      if (op.type != OpType::Conv2D && op.type != OpType::DepthwiseConv2D &&
          op.type != OpType::FullyConnected) continue;
      out.push_back(fmt::format("{} {} -> {}", op_name(op.type), shape_str(m.tensors[op.inputs[1]].shape),
                                shape_str(m.tensors[op.outputs[0]].shape)));
    }
    return out;
  };
  EXPECT_EQ(layers(g), layers(ref));
}

// The board's memory, from its profile (board knowledge is data).
struct BoardMemory {
  int64_t flash = 0, ram = 0;
};
BoardMemory board_memory(const std::string& board) {
  auto t = toml::parse_file(std::string(AOTBENCH_SOURCE_DIR) + "/scenarios/boards/" + board + ".toml");
  return {t.at_path("memory.flash.size").value<int64_t>().value(),
          t.at_path("memory.ram.size").value<int64_t>().value()};
}

// The default must fit the emulated STM32F405 (1 MB flash, 192 KB SRAM) next to a ~20 KB
// firmware, with one statically planned arena holding every activation, input and output.
TEST(Mnv2, DefaultFitsTheEmulatedStm32f405) {
  constexpr int64_t kFirmware = 20 * 1024;
  BoardMemory mem = board_memory("netduinoplus2");
  ASSERT_EQ(mem.flash, 1024 * 1024);
  ASSERT_EQ(mem.ram, 192 * 1024);
  Graph g = zoo_graph("mnv2");
  alias_reshapes(g);
  int64_t params = param_bytes(g);
  EXPECT_LE(params + kFirmware, mem.flash);
  for (PlanAlgorithm a : all_plan_algorithms()) {
    MemoryPlan plan = plan_memory(g, {.algorithm = a});
    EXPECT_EQ(plan_problems(g, plan), std::vector<std::string>{});
    EXPECT_LE(plan.arena_bytes + kFirmware, mem.ram) << plan_algorithm_name(a);
    std::printf("mnv2 default: %lld parameter bytes, arena %lld bytes (%s), peak live %lld\n",
                static_cast<long long>(params), static_cast<long long>(plan.arena_bytes),
                plan_algorithm_name(a), static_cast<long long>(plan.peak_live_bytes));
  }
}

TEST(Mnv2, EquivalentSpecsGiveTheSameBytesAndOthersDiffer) {
  EXPECT_TRUE(zoo_bytes("mnv2") == zoo_bytes("mnv2:res=96,width=0.35,softmax=yes"));
  EXPECT_FALSE(zoo_bytes("mnv2") == zoo_bytes("mnv2:classes=10,softmax=false,res=64"));
  EXPECT_EQ(canonical_zoo_spec("mnv2"), "mnv2:width=0.35,res=96,classes=2,softmax=true");
}

}  // namespace
}  // namespace aotbench::codegen
