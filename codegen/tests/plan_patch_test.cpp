// Band arithmetic of patch-based execution against a brute-force walk of the dependencies: every
// output row of a band, every tap of its window, one input row at a time.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/fold_pad.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/patch_graph.hpp"
#include "codegen/reader/reader.hpp"
#include "reader_test_models.hpp"

namespace aotbench::codegen {
namespace {

// The real input rows output rows [begin, end) read, tap by tap.
std::set<int32_t> rows_read(RowRange out, int32_t input_rows, const RowWindow& w) {
  std::set<int32_t> rows;
  for (int32_t o = out.begin; o < out.end; ++o)
    for (int32_t k = 0; k < w.kernel; ++k) {
      const int32_t r = o * w.stride - w.pad_before + k * w.dilation;
      if (r >= 0 && r < input_rows) rows.insert(r);
    }
  return rows;
}

// The smallest band of rows holding them all.
RowRange hull(const std::set<int32_t>& rows) {
  return rows.empty() ? RowRange{} : RowRange{*rows.begin(), *rows.rbegin() + 1};
}

TEST(PatchBands, WindowInputRowsAreTheRowsItsTapsRead) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int trial = 0; trial < 20000; ++trial) {
    const RowWindow w{pick(1, 7), pick(1, 3), pick(1, 3), 0};
    const RowWindow padded{w.kernel, w.stride, w.dilation, pick(0, (w.kernel - 1) * w.dilation)};
    const int32_t in = pick(1, 40);
    const int32_t out_rows = (in + 2 * padded.pad_before - ((w.kernel - 1) * w.dilation + 1)) / w.stride + 1;
    if (out_rows < 1) continue;
    const int32_t b = pick(0, out_rows - 1), e = pick(b + 1, out_rows);
    SCOPED_TRACE(testing::Message() << "k" << w.kernel << " s" << w.stride << " d" << w.dilation << " pad"
                                    << padded.pad_before << " in" << in << " rows " << b << "-" << e);
    EXPECT_EQ(window_input_rows({b, e}, in, padded), hull(rows_read({b, e}, in, padded)));
  }
}

TEST(PatchBands, SplitRowsCoversEveryRowOnceInNearlyEqualBands) {
  for (int32_t rows = 1; rows <= 40; ++rows)
    for (int32_t bands = 1; bands <= rows; ++bands) {
      const auto cuts = split_rows(rows, bands);
      ASSERT_EQ(cuts.size(), static_cast<std::size_t>(bands));
      int32_t next = 0, least = rows, most = 0;
      for (const RowRange& c : cuts) {
        EXPECT_EQ(c.begin, next);
        next = c.end;
        least = std::min(least, c.rows());
        most = std::max(most, c.rows());
      }
      EXPECT_EQ(next, rows);
      EXPECT_LE(most - least, 1);
    }
  EXPECT_THROW(split_rows(4, 5), PatchError);
}

Graph shared_graph(const std::string& file) {
  Graph g = read_tflite_file(test_model_path(file));
  alias_reshapes(g);
  fold_pads(g);
  return g;
}

class PatchModels : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { AOTBENCH_NEEDS_SHARED(model_rel(GetParam())); }
};

// Every group, every band of 3 and 7: the rows band_rows() gives each tensor are the hull of the
// rows its readers' taps reach, walked one output row at a time from the band's rows.
TEST_P(PatchModels, BandRowsMatchABruteForceWalk) {
  const Graph g = shared_graph(GetParam());
  const auto groups = patch_groups(g);
  ASSERT_FALSE(groups.empty());
  for (const PatchGroup& group : groups) {
    const int32_t rows = g.tensors[group.output].shape[1];
    for (int bands : {3, 7}) {
      if (bands > rows) continue;
      for (const RowRange& band : split_rows(rows, bands)) {
        std::map<int, std::set<int32_t>> need;
        for (int32_t r = band.begin; r < band.end; ++r) need[group.output].insert(r);
        for (int i = group.ops - 1; i >= 0; --i) {
          const Operator& op = g.ops[static_cast<std::size_t>(i)];
          const RowWindow w = *row_window(g, op);
          for (int t : op.inputs) {
            if (t < 0 || g.tensors[t].is_constant()) continue;
            for (int32_t r : need[op.outputs[0]]) {
              const auto read = rows_read({r, r + 1}, g.tensors[t].shape[1], w);
              need[t].insert(read.begin(), read.end());
            }
          }
        }
        const BandRows got = band_rows(g, group, band);
        ASSERT_EQ(got.tensor.size(), need.size());
        for (const auto& [t, rows_needed] : need) EXPECT_EQ(got.tensor.at(t), hull(rows_needed)) << "tensor " << t;
      }
    }
  }
}

// The banded graph plans validly, with a smaller arena, and computes the same MACs plus halos.
TEST_P(PatchModels, BandedGraphsPlanValidlyInLessMemory) {
  const Graph g = shared_graph(GetParam());
  PlanOptions po;
  po.inputs_in_arena = po.outputs_in_arena = false;
  const MemoryPlan whole = plan_memory(g, po);
  for (int bands : {2, 4, 8}) {
    SCOPED_TRACE(bands);
    const PatchedGraph p = patch_first_layers(g, bands);
    const MemoryPlan banded = plan_memory(p.graph, po);
    EXPECT_TRUE(plan_problems(p.graph, banded).empty());
    EXPECT_LT(banded.arena_bytes, whole.arena_bytes);
    EXPECT_GT(p.recomputed_macs, 0);
    EXPECT_EQ(p.graph.ops.size(), g.ops.size() + static_cast<std::size_t>((bands - 1) * p.group.ops));
  }
}

INSTANTIATE_TEST_SUITE_P(Shared, PatchModels,
                         testing::Values("pretrainedresnet_quant.tflite", "mcunet_vww1_80.tflite",
                                         "vww_96_int8.tflite", "person_detect.tflite"),
                         [](const auto& info) { return model_test_name(info.param); });

// The 224x224 MobileNetV2 starts by transposing its NCHW input: nothing to band.
TEST(PatchBands, ATransposeFirstIsRefusedWithTheReason) {
  AOTBENCH_NEEDS_SHARED(model_rel("mnv2_100_224_nchw_int8.tflite"));
  const Graph g = shared_graph("mnv2_100_224_nchw_int8.tflite");
  try {
    patch_first_layers(g, 4);
    FAIL() << "a TRANSPOSE cannot be banded";
  } catch (const PatchError& e) {
    EXPECT_NE(std::string(e.what()).find("TRANSPOSE has no band of rows"), std::string::npos) << e.what();
  }
}

TEST(PatchBands, AGraphWhoseFirstLayerCannotBeBandedIsRefusedWithTheReason) {
  Graph g;
  g.source = "fc";
  Tensor in, out;
  in.id = 0, in.shape = {1, 8};
  out.id = 1, out.shape = {1, 8};
  g.tensors = {in, out};
  g.inputs = {0};
  g.outputs = {1};
  Operator op;
  op.index = 0, op.type = OpType::Relu, op.inputs = {0}, op.outputs = {1};
  g.ops.push_back(op);
  try {
    patch_first_layers(g, 2);
    FAIL() << "no group can be banded";
  } catch (const PatchError& e) {
    EXPECT_NE(std::string(e.what()).find("not 4-D with batch 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace aotbench::codegen
