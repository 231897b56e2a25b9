// The reader against the real models in ../shared/models. Every expected figure below is copied
// from ../shared/models/SOURCES.md, which was produced independently (upstream schema + flatc
// --python), so these tests check our schema subset and field handling, not our own output.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "codegen/reader/reader.hpp"
#include "reader_test_models.hpp"

namespace aotbench::codegen {
namespace {

using Counts = std::map<std::string, int>;

struct IoExpect {
  DType type;
  std::vector<int32_t> shape;
  double scale;  // 0: no quantization expected (float32 IO)
  int64_t zero_point;
};

struct ModelExpect {
  std::string file;
  std::string description;
  int num_ops;
  Counts ops;
  Counts variants;     // "CONV_2D k3x3 s2 VALID", "AVERAGE_POOL_2D f3x3 s3 VALID"
  Counts activations;  // fused activations of CONV_2D and DEPTHWISE_CONV_2D
  int per_channel_layers, per_tensor_layers;
  IoExpect input, output;
};

// SOURCES.md, "Per model" sections.
const std::vector<ModelExpect>& expectations() {
  static const std::vector<ModelExpect> e = {
      {"mcunet_vww1_80.tflite",
       "TinyNeuralNetwork Converted.",
       63,
       {{"CONV_2D", 30},
        {"DEPTHWISE_CONV_2D", 15},
        {"ADD", 8},
        {"PAD", 4},
        {"MEAN", 2},
        {"DEQUANTIZE", 1},
        {"FULLY_CONNECTED", 1},
        {"QUANTIZE", 1},
        {"TRANSPOSE", 1}},
       {{"CONV_2D k1x1 s1 VALID", 29},
        {"CONV_2D k3x3 s2 VALID", 1},
        {"DEPTHWISE_CONV_2D k3x3 s1 SAME", 8},
        {"DEPTHWISE_CONV_2D k3x3 s2 VALID", 1},
        {"DEPTHWISE_CONV_2D k5x5 s1 SAME", 1},
        {"DEPTHWISE_CONV_2D k5x5 s2 SAME", 1},
        {"DEPTHWISE_CONV_2D k7x7 s1 SAME", 2},
        {"DEPTHWISE_CONV_2D k7x7 s2 VALID", 2}},
       {{"RELU6", 30}, {"NONE", 15}},
       45,
       1,
       {DType::Float32, {1, 80, 80, 3}, 0, 0},
       {DType::Float32, {1, 2}, 0, 0}},
      {"mnv2_100_224_nchw_int8.tflite",
       "TinyNeuralNetwork Converted.",
       84,
       {{"CONV_2D", 35},
        {"PAD", 18},
        {"DEPTHWISE_CONV_2D", 17},
        {"ADD", 10},
        {"FULLY_CONNECTED", 1},
        {"MEAN", 1},
        {"RESHAPE", 1},
        {"TRANSPOSE", 1}},
       {{"CONV_2D k1x1 s1 VALID", 34},
        {"CONV_2D k3x3 s2 VALID", 1},
        {"DEPTHWISE_CONV_2D k3x3 s1 VALID", 13},
        {"DEPTHWISE_CONV_2D k3x3 s2 VALID", 4}},
       {{"RELU6", 35}, {"NONE", 17}},
       52,
       1,
       {DType::Int8, {1, 3, 224, 224}, 0.018631116, -14},
       {DType::Int8, {1, 1000}, 0.11373532, -24}},
      {"vww_96_int8.tflite",
       "MLIR Converted.",
       31,
       {{"CONV_2D", 14},
        {"DEPTHWISE_CONV_2D", 13},
        {"AVERAGE_POOL_2D", 1},
        {"FULLY_CONNECTED", 1},
        {"RESHAPE", 1},
        {"SOFTMAX", 1}},
       {{"AVERAGE_POOL_2D f3x3 s3 VALID", 1},
        {"CONV_2D k1x1 s1 SAME", 13},
        {"CONV_2D k3x3 s2 SAME", 1},
        {"DEPTHWISE_CONV_2D k3x3 s1 SAME", 9},
        {"DEPTHWISE_CONV_2D k3x3 s2 SAME", 4}},
       {{"RELU", 27}},
       27,
       1,
       {DType::Int8, {1, 96, 96, 3}, 0.0039215689, -128},
       {DType::Int8, {1, 2}, 0.00390625, -128}},
      {"kws_ref_model.tflite",
       "MLIR Converted.",
       13,
       {{"CONV_2D", 5},
        {"DEPTHWISE_CONV_2D", 4},
        {"AVERAGE_POOL_2D", 1},
        {"FULLY_CONNECTED", 1},
        {"RESHAPE", 1},
        {"SOFTMAX", 1}},
       {{"AVERAGE_POOL_2D f25x5 s25 VALID", 1},
        {"CONV_2D k10x4 s2 SAME", 1},
        {"CONV_2D k1x1 s1 SAME", 4},
        {"DEPTHWISE_CONV_2D k3x3 s1 SAME", 4}},
       {{"RELU", 9}},
       9,
       1,
       {DType::Int8, {1, 49, 10, 1}, 0.58470291, 83},
       {DType::Int8, {1, 12}, 0.00390625, -128}},
      {"pretrainedresnet_quant.tflite",
       "MLIR Converted.",
       16,
       {{"CONV_2D", 9},
        {"ADD", 3},
        {"AVERAGE_POOL_2D", 1},
        {"FULLY_CONNECTED", 1},
        {"RESHAPE", 1},
        {"SOFTMAX", 1}},
       {{"AVERAGE_POOL_2D f8x8 s8 VALID", 1},
        {"CONV_2D k1x1 s2 SAME", 2},
        {"CONV_2D k3x3 s1 SAME", 5},
        {"CONV_2D k3x3 s2 SAME", 2}},
       {{"RELU", 4}, {"NONE", 5}},
       9,
       1,
       {DType::Int8, {1, 32, 32, 3}, 1.0, -128},
       {DType::Int8, {1, 10}, 0.00390625, -128}},
      {"ad01_int8.tflite",
       "MLIR Converted.",
       10,
       {{"FULLY_CONNECTED", 10}},
       {},
       {},
       0,
       10,
       {DType::Int8, {1, 640}, 0.39101523, 89},
       {DType::Int8, {1, 640}, 0.36449847, 96}},
      {"person_detect.tflite",
       "TOCO Converted.",
       31,
       {{"CONV_2D", 14},
        {"DEPTHWISE_CONV_2D", 14},
        {"AVERAGE_POOL_2D", 1},
        {"RESHAPE", 1},
        {"SOFTMAX", 1}},
       {{"AVERAGE_POOL_2D f3x3 s2 VALID", 1},
        {"CONV_2D k1x1 s1 SAME", 14},
        {"DEPTHWISE_CONV_2D k3x3 s1 SAME", 9},
        {"DEPTHWISE_CONV_2D k3x3 s2 SAME", 5}},
       {{"RELU6", 27}, {"NONE", 1}},
       28,
       0,
       {DType::Int8, {1, 96, 96, 1}, 0.0078431377, -1},
       {DType::Int8, {1, 2}, 0.00390625, -128}},
      {"str_ww_ref_model.tflite",
       "MLIR Converted.",
       11,
       {{"CONV_2D", 4},
        {"DEPTHWISE_CONV_2D", 4},
        {"FULLY_CONNECTED", 1},
        {"RESHAPE", 1},
        {"SOFTMAX", 1}},
       {{"CONV_2D k1x1 s1 VALID", 4},
        {"DEPTHWISE_CONV_2D k10x1 s1 VALID", 1},
        {"DEPTHWISE_CONV_2D k15x1 s1 VALID", 1},
        {"DEPTHWISE_CONV_2D k3x1 s1 VALID", 1},
        {"DEPTHWISE_CONV_2D k5x1 s1 VALID", 1}},
       {{"NONE", 4}, {"RELU", 4}},
       8,
       1,
       {DType::Int8, {1, 30, 1, 40}, 0.0037010426, -128},
       {DType::Int8, {1, 3}, 0.00390625, -128}},
  };
  return e;
}

// SOURCES.md prints the vertical stride only ("f25x5 s25" is a 25x5 window with stride 25x5).
std::string stride_text(int32_t h, int32_t) { return fmt::format("s{}", h); }

// The "Conv/pool variants" label SOURCES.md uses, or "" for other operators.
std::string variant(const Graph& g, const Operator& op) {
  std::string name = op_name(op.type);
  if (auto* o = std::get_if<Conv2DOptions>(&op.options)) {
    const auto& w = g.tensors[op.inputs[1]].shape;
    return fmt::format("{} k{}x{} {} {}", name, w[1], w[2], stride_text(o->stride_h, o->stride_w),
                       padding_name(o->padding));
  }
  if (auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options)) {
    const auto& w = g.tensors[op.inputs[1]].shape;
    return fmt::format("{} k{}x{} {} {}", name, w[1], w[2], stride_text(o->stride_h, o->stride_w),
                       padding_name(o->padding));
  }
  if (auto* o = std::get_if<Pool2DOptions>(&op.options)) {
    return fmt::format("{} f{}x{} {} {}", name, o->filter_h, o->filter_w,
                       stride_text(o->stride_h, o->stride_w), padding_name(o->padding));
  }
  return "";
}

void expect_io(const Graph& g, int id, const IoExpect& e, const char* what) {
  SCOPED_TRACE(what);
  const Tensor& t = g.tensors[id];
  EXPECT_EQ(t.type, e.type);
  EXPECT_EQ(t.shape, e.shape);
  if (e.scale == 0) return;
  ASSERT_TRUE(t.quant.has_value());
  ASSERT_EQ(t.quant->scale.size(), 1u);
  EXPECT_NEAR(t.quant->scale[0], e.scale, e.scale * 1e-6);
  EXPECT_EQ(t.quant->zero_point[0], e.zero_point);
}

void PrintTo(const ModelExpect& e, std::ostream* os) { *os << e.file; }

class RealModel : public ::testing::TestWithParam<ModelExpect> {
 protected:
  void SetUp() override { AOTBENCH_NEEDS_SHARED(model_rel(GetParam().file)); }
};

// Details of single models, beyond SOURCES.md's tables.
class RealModelDetails : public ::testing::Test {
 protected:
  void SetUp() override { AOTBENCH_NEEDS_SHARED("models"); }
};

TEST_P(RealModel, MatchesSourcesMd) {
  const ModelExpect& e = GetParam();
  Graph g = read_tflite_file(test_model_path(e.file));
  EXPECT_EQ(g.description, e.description);
  ASSERT_EQ(static_cast<int>(g.ops.size()), e.num_ops);
  Counts ops, variants, activations;
  int per_channel = 0, per_tensor = 0;
  for (const Operator& op : g.ops) {
    ops[op_name(op.type)]++;
    if (std::string v = variant(g, op); !v.empty()) variants[v]++;
    if (auto* o = std::get_if<Conv2DOptions>(&op.options))
      activations[activation_name(o->activation)]++;
    if (auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options)) {
      activations[activation_name(o->activation)]++;
    }
    bool has_weights = op.type == OpType::Conv2D || op.type == OpType::DepthwiseConv2D ||
                       op.type == OpType::FullyConnected;
    if (has_weights) (g.tensors[op.inputs[1]].quant->per_channel() ? per_channel : per_tensor)++;
  }
  EXPECT_EQ(ops, e.ops);
  EXPECT_EQ(variants, e.variants);
  EXPECT_EQ(activations, e.activations);
  EXPECT_EQ(per_channel, e.per_channel_layers);
  EXPECT_EQ(per_tensor, e.per_tensor_layers);
  ASSERT_EQ(g.inputs.size(), 1u);
  ASSERT_EQ(g.outputs.size(), 1u);
  expect_io(g, g.inputs[0], e.input, "input");
  expect_io(g, g.outputs[0], e.output, "output");
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModel, ::testing::ValuesIn(expectations()),
                         [](const auto& info) { return model_test_name(info.param.file); });

// mcunet_vww1_80: float32 IO around an int8 core (SOURCES.md: QUANTIZE scale 0.00784, zp 0).
TEST_F(RealModelDetails, McunetQuantizeWrapsTheInt8Core) {
  Graph g = read_tflite_file(test_model_path("mcunet_vww1_80.tflite"));
  const Operator& first = g.ops.front();
  const Operator& last = g.ops.back();
  ASSERT_EQ(first.type, OpType::Quantize);
  ASSERT_EQ(last.type, OpType::Dequantize);
  const Tensor& q = g.tensors[first.outputs[0]];
  EXPECT_EQ(q.type, DType::Int8);
  EXPECT_NEAR(q.quant->scale[0], 0.00784, 0.00001);
  EXPECT_EQ(q.quant->zero_point[0], 0);
  EXPECT_EQ(g.tensors[last.inputs[0]].type, DType::Int8);
}

// ad01: 640-128-128-128-128-8-128-128-128-128-640, RELU on the first nine layers only.
TEST_F(RealModelDetails, Ad01LayerWidthsAndActivations) {
  Graph g = read_tflite_file(test_model_path("ad01_int8.tflite"));
  std::vector<int32_t> widths = {g.tensors[g.inputs[0]].shape.back()};
  for (const Operator& op : g.ops) {
    widths.push_back(g.tensors[op.outputs[0]].shape.back());
    auto act = std::get<FullyConnectedOptions>(op.options).activation;
    EXPECT_EQ(act, op.index < 9 ? Activation::Relu : Activation::None) << "layer " << op.index;
  }
  EXPECT_EQ(widths, (std::vector<int32_t>{640, 128, 128, 128, 128, 8, 128, 128, 128, 128, 640}));
}

// kws: the final AVERAGE_POOL_2D covers the whole 25x5 map (stride 25 high, 5 wide).
TEST_F(RealModelDetails, KwsPoolCoversTheWholeMap) {
  Graph g = read_tflite_file(test_model_path("kws_ref_model.tflite"));
  for (const Operator& op : g.ops) {
    if (op.type != OpType::AveragePool2D) continue;
    const auto& o = std::get<Pool2DOptions>(op.options);
    EXPECT_EQ(o.stride_h, 25);
    EXPECT_EQ(o.stride_w, 5);
    EXPECT_EQ(g.tensors[op.inputs[0]].shape, (std::vector<int32_t>{1, 25, 5, 64}));
    EXPECT_EQ(g.tensors[op.outputs[0]].shape, (std::vector<int32_t>{1, 1, 1, 64}));
  }
}

// mnv2: NCHW input, the first operator is the TRANSPOSE to NHWC.
TEST_F(RealModelDetails, Mnv2StartsWithTransposeToNhwc) {
  Graph g = read_tflite_file(test_model_path("mnv2_100_224_nchw_int8.tflite"));
  const Operator& first = g.ops.front();
  ASSERT_EQ(first.type, OpType::Transpose);
  EXPECT_EQ(g.tensors[first.outputs[0]].shape, (std::vector<int32_t>{1, 224, 224, 3}));
}

}  // namespace
}  // namespace aotbench::codegen
