// Passes and the memory planner on the real models. MACs, parameter bytes, constant tensor counts
// and peak live activations are SOURCES.md's independent figures; the plans are checked with
// plan_problems (its own lifetime analysis), and their sizes are printed for the test log.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"
#include "codegen/reader/reader.hpp"
#include "reader_test_models.hpp"

namespace aotbench::codegen {
namespace {

struct Figures {
  std::string file;
  int64_t macs, conv_macs, depthwise_macs, fc_macs;
  int64_t params;
  int constants;  // SOURCES.md counts shared data once (str_ww: 3 biases share a buffer)
  int64_t peak_live;
};

void PrintTo(const Figures& f, std::ostream* os) { *os << f.file; }

// SOURCES.md, "MACs" and "Params" lines of each model.
const std::vector<Figures>& figures() {
  static const std::vector<Figures> f = {
      {"mcunet_vww1_80.tflite", 11578816, 9346304, 2232192, 320, 445128, 99, 161472},
      {"mnv2_100_224_nchw_int8.tflite", 300774272, 278777856, 20716416, 1280000, 3542592, 127,
       2451840},
      {"vww_96_int8.tflite", 7489664, 6690816, 798336, 512, 219072, 57, 55296},
      {"kws_ref_model.tflite", 2656768, 2368000, 288000, 768, 24376, 21, 16000},
      {"pretrainedresnet_quant.tflite", 12501632, 12500992, 0, 640, 78752, 21, 49152},
      {"ad01_int8.tflite", 264192, 0, 0, 264192, 270880, 20, 768},
      {"person_detect.tflite", 7157888, 6193664, 964224, 0, 218928, 57, 55296},
      {"str_ww_ref_model.tflite", 826368, 786432, 39840, 96, 48396, 17, 6656},
  };
  return f;
}

class ModelFigures : public ::testing::TestWithParam<Figures> {
 protected:
  void SetUp() override { AOTBENCH_NEEDS_SHARED(model_rel(GetParam().file)); }
};

TEST_P(ModelFigures, MacsAndParamsMatchSourcesMd) {
  const Figures& f = GetParam();
  Graph g = read_tflite_file(test_model_path(f.file));
  std::map<OpType, int64_t> by_type;
  for (const Operator& op : g.ops) by_type[op.type] += op_macs(g, op);
  EXPECT_EQ(total_macs(g), f.macs);
  EXPECT_EQ(by_type[OpType::Conv2D], f.conv_macs);
  EXPECT_EQ(by_type[OpType::DepthwiseConv2D], f.depthwise_macs);
  EXPECT_EQ(by_type[OpType::FullyConnected], f.fc_macs);
  EXPECT_EQ(param_bytes(g), f.params);
  EXPECT_EQ(constant_buffer_count(g), f.constants);  // SOURCES.md's "constant tensors"
}

// SOURCES.md's peak counts every tensor separately (no aliasing): our lifetimes must agree.
TEST_P(ModelFigures, PeakLiveWithoutAliasesMatchesSourcesMd) {
  const Figures& f = GetParam();
  Graph g = read_tflite_file(test_model_path(f.file));
  EXPECT_EQ(peak_live_bytes(buffer_lifetimes(g)), f.peak_live);
}

TEST_P(ModelFigures, PlansAreValidAndNoWorseThanNeeded) {
  const Figures& f = GetParam();
  Graph g = read_tflite_file(test_model_path(f.file));
  int aliased = alias_reshapes(g);
  std::string row = fmt::format("| {} | {} | {} |", f.file, aliased, f.peak_live);
  for (bool io_in_arena : {true, false}) {
    for (PlanAlgorithm a : all_plan_algorithms()) {
      SCOPED_TRACE(fmt::format("{} io_in_arena={}", plan_algorithm_name(a), io_in_arena));
      MemoryPlan plan = plan_memory(g, {a, io_in_arena, io_in_arena, 16});
      EXPECT_EQ(plan_problems(g, plan), std::vector<std::string>{});
      EXPECT_GE(plan.arena_bytes, plan.peak_live_bytes);
      EXPECT_EQ(plan.arena_bytes % 16, 0);
      // Aliasing only removes tensors; keeping IO outside only removes buffers.
      EXPECT_LE(plan.peak_live_bytes, f.peak_live);
      row += fmt::format(" {} |", plan.arena_bytes);
    }
  }
  // One Markdown table row per model for the test log (header printed by the first model).
  if (f.file == figures().front().file) {
    std::string header = "| model | reshapes aliased | SOURCES.md peak live |";
    for (const char* io : {"", ", IO outside"})
      for (PlanAlgorithm a : all_plan_algorithms()) header += fmt::format(" {}{} |", plan_algorithm_name(a), io);
    std::printf("%s\n", header.c_str());
  }
  std::printf("%s\n", row.c_str());
}

INSTANTIATE_TEST_SUITE_P(SharedModels, ModelFigures, ::testing::ValuesIn(figures()),
                         [](const auto& info) { return model_test_name(info.param.file); });

}  // namespace
}  // namespace aotbench::codegen
