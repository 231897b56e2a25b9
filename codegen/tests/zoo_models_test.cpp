// The zoo's MLPerf Tiny shapes against the real reference models in ../shared/models, and the
// TFLite conventions every zoo file must follow (header, operator codes, quantization).
#include <gtest/gtest.h>

#include <cmath>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/lifetime.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"
#include "tflite_schema_generated.h"
#include "zoo_test_util.hpp"

namespace aotbench::codegen {
namespace {

struct Reference {
  std::string spec, file;
  // The reference model's figures from SOURCES.md.
  int64_t macs, params;
  int constants;
  int64_t peak_live;
};

void PrintTo(const Reference& r, std::ostream* os) { *os << r.spec; }

class MatchesReference : public ::testing::TestWithParam<Reference> {};

// Same operators in the same order, with the same options and tensor shapes: the architecture is
// the reference's; only the weights and the activation ranges are synthetic.
TEST_P(MatchesReference, OperatorsOptionsAndShapes) {
  const Reference& r = GetParam();
  AOTBENCH_NEEDS_SHARED("models/" + r.file);
  Graph zoo = zoo_graph(r.spec);
  Graph ref = read_tflite_file(shared_model(r.file));
  ASSERT_EQ(zoo.ops.size(), ref.ops.size());
  for (std::size_t i = 0; i < ref.ops.size(); ++i) {
    EXPECT_EQ(op_signature(zoo, zoo.ops[i]), op_signature(ref, ref.ops[i])) << "operator " << i;
  }
}

TEST_P(MatchesReference, InputQuantizationIsTheReferences) {
  const Reference& r = GetParam();
  AOTBENCH_NEEDS_SHARED("models/" + r.file);
  Graph zoo = zoo_graph(r.spec);
  Graph ref = read_tflite_file(shared_model(r.file));
  const Quantization& a = *zoo.tensors[zoo.inputs[0]].quant;
  const Quantization& b = *ref.tensors[ref.inputs[0]].quant;
  EXPECT_FLOAT_EQ(a.scale[0], b.scale[0]);
  EXPECT_EQ(a.zero_point, b.zero_point);
}

TEST_P(MatchesReference, MacsParamsAndPeakActivationsAreTheReferences) {
  const Reference& r = GetParam();
  Graph zoo = zoo_graph(r.spec);
  EXPECT_EQ(total_macs(zoo), r.macs);
  EXPECT_EQ(param_bytes(zoo), r.params);
  EXPECT_EQ(constant_buffer_count(zoo), r.constants);
  EXPECT_EQ(peak_live_bytes(buffer_lifetimes(zoo)), r.peak_live);
}

INSTANTIATE_TEST_SUITE_P(
    Zoo, MatchesReference,
    ::testing::Values(Reference{"vww", "vww_96_int8.tflite", 7489664, 219072, 57, 55296},
                      Reference{"kws", "kws_ref_model.tflite", 2656768, 24376, 21, 16000},
                      Reference{"ic", "pretrainedresnet_quant.tflite", 12501632, 78752, 21, 49152},
                      Reference{"ad", "ad01_int8.tflite", 264192, 270880, 20, 768}),
    [](const auto& info) { return info.param.spec; });

TEST(ZooNames, AreTheFiveModels) {
  EXPECT_EQ(zoo_model_names(), (std::vector<std::string>{"ad", "ic", "kws", "mnv2", "vww"}));
}

class EveryZooModel : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryZooModel, HeaderAsTheFormatRequires) {
  const std::vector<uint8_t>& bytes = zoo_bytes(GetParam());
  ASSERT_GT(bytes.size(), 8u);
  EXPECT_EQ(std::string(bytes.begin() + 4, bytes.begin() + 8), "TFL3");
  const tflite::Model* m = tflite::GetModel(bytes.data());
  EXPECT_EQ(m->version(), 3u);
  ASSERT_NE(m->description(), nullptr);
  std::string description = m->description()->str();
  EXPECT_NE(description.find("aotbench"), std::string::npos) << description;
  EXPECT_NE(description.find(canonical_zoo_spec(GetParam())), std::string::npos) << description;
  ASSERT_GT(m->buffers()->size(), 1u);
  const tflite::Buffer* sentinel = m->buffers()->Get(0);
  EXPECT_TRUE(sentinel->data() == nullptr || sentinel->data()->size() == 0);
  for (const tflite::OperatorCode* c : *m->operator_codes()) {
    int code = static_cast<int>(c->builtin_code());
    EXPECT_EQ(c->deprecated_builtin_code(), std::min(code, 127));
    EXPECT_GE(c->version(), 1);
  }
}

// The conventions of TFLite's int8 converter (SOURCES.md, "Weight quantisation").
TEST_P(EveryZooModel, QuantizationFollowsTfliteConventions) {
  Graph g = zoo_graph(GetParam());
  auto q = [&](int t) -> const Quantization& { return *g.tensors[t].quant; };
  for (const Operator& op : g.ops) {
    SCOPED_TRACE(fmt::format("operator {} {}", op.index, op_name(op.type)));
    const Quantization& out = q(op.outputs[0]);
    ASSERT_EQ(out.scale.size(), 1u);
    bool weighted = op.type == OpType::Conv2D || op.type == OpType::DepthwiseConv2D ||
                    op.type == OpType::FullyConnected;
    if (weighted) {
      const Tensor& w = g.tensors[op.inputs[1]];
      const Tensor& b = g.tensors[op.inputs[2]];
      std::size_t channels = op.type == OpType::FullyConnected ? 1 : w.shape[w.quant->axis];
      ASSERT_EQ(w.quant->scale.size(), channels);  // per channel; FULLY_CONNECTED per tensor
      EXPECT_EQ(w.quant->axis, op.type == OpType::DepthwiseConv2D ? 3 : 0);
      // Symmetric: zero point 0, and scale = max|w| / 127 puts each channel's largest weight at
      // +-127 (never -128).
      std::vector<int> absmax(channels, 0);
      int64_t inner = w.num_elements() / w.shape[w.quant->axis];
      for (int64_t i = 0; i < w.num_elements(); ++i) {
        int v = static_cast<int8_t>(w.data[i]);
        EXPECT_NE(v, -128);
        std::size_t c = channels == 1 ? 0 : (op.type == OpType::DepthwiseConv2D ? i % channels : i / inner);
        absmax[c] = std::max(absmax[c], std::abs(v));
      }
      for (std::size_t c = 0; c < channels; ++c) EXPECT_EQ(absmax[c], 127) << "channel " << c;
      for (int64_t zp : w.quant->zero_point) EXPECT_EQ(zp, 0);
      // int32 bias with scale input_scale x weight_scale, zero point 0.
      ASSERT_EQ(b.type, DType::Int32);
      ASSERT_EQ(b.quant->scale.size(), channels);
      for (std::size_t c = 0; c < channels; ++c) {
        EXPECT_NEAR(b.quant->scale[c], q(op.inputs[0]).scale[0] * w.quant->scale[c],
                    1e-6 * b.quant->scale[c]);
        EXPECT_EQ(b.quant->zero_point[c], 0);
      }
    }
    Activation act = Activation::None;
    if (auto* o = std::get_if<Conv2DOptions>(&op.options)) act = o->activation;
    if (auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options)) act = o->activation;
    if (auto* o = std::get_if<FullyConnectedOptions>(&op.options)) act = o->activation;
    if (auto* o = std::get_if<AddOptions>(&op.options)) act = o->activation;
    if (act == Activation::Relu6) {
      EXPECT_FLOAT_EQ(out.scale[0], 6.0f / 255);
      EXPECT_EQ(out.zero_point[0], -128);
    }
    if (act == Activation::Relu) {
      EXPECT_EQ(out.zero_point[0], -128);  // the range starts at 0
    }
    if (op.type == OpType::Softmax) {
      EXPECT_FLOAT_EQ(out.scale[0], 1.0f / 256);
      EXPECT_EQ(out.zero_point[0], -128);
    }
    if (op.type == OpType::AveragePool2D || op.type == OpType::Reshape) {
      EXPECT_EQ(out.scale, q(op.inputs[0]).scale);
      EXPECT_EQ(out.zero_point, q(op.inputs[0]).zero_point);
    }
  }
}

TEST_P(EveryZooModel, SameSpecGivesTheSameBytes) {
  std::vector<uint8_t> again = build_zoo_model(GetParam());
  EXPECT_TRUE(again == zoo_bytes(GetParam()));
}

// Plans each model as the static workspace would (reshapes aliased, input and output in the
// arena) and prints the figures the zoo's documentation quotes.
TEST_P(EveryZooModel, PlansAndReportsFigures) {
  Graph g = zoo_graph(GetParam());
  alias_reshapes(g);
  MemoryPlan plan = plan_memory(g);
  EXPECT_EQ(plan_problems(g, plan), std::vector<std::string>{});
  std::printf("%-5s %3zu ops, %9lld MACs, %7lld parameter bytes, arena %6lld bytes, %zu bytes\n",
              GetParam().c_str(), g.ops.size(), static_cast<long long>(total_macs(g)),
              static_cast<long long>(param_bytes(g)), static_cast<long long>(plan.arena_bytes),
              zoo_bytes(GetParam()).size());
}

INSTANTIATE_TEST_SUITE_P(Zoo, EveryZooModel,
                         ::testing::Values("mnv2", "vww", "kws", "ic", "ad"));

}  // namespace
}  // namespace aotbench::codegen
