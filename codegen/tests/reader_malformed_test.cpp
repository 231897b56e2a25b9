// Truncated and corrupted copies of the real models, made here at test time (deterministic
// seeds, nothing stored). Every copy must be either rejected with a ModelError or read into a
// graph that the later stages can use; nothing may crash. The fuzz/ build runs this same file
// under AddressSanitizer and UndefinedBehaviorSanitizer.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <random>

#include "codegen/ir/dump.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"
#include "codegen/reader/reader.hpp"
#include "reader_model_builder.hpp"
#include "reader_test_models.hpp"

namespace aotbench::codegen {
namespace {

// Copies per model; the sanitizer build (about 10x slower) makes fewer.
#ifndef AOTBENCH_MALFORMED_COPIES
#define AOTBENCH_MALFORMED_COPIES 1000
#endif
constexpr int kCopies = AOTBENCH_MALFORMED_COPIES;

struct Outcome {
  int rejected = 0, accepted = 0;
};

// What an accepted graph must satisfy for the stages after the reader.
void expect_usable(Graph& g, const std::string& what) {
  for (const Operator& op : g.ops) {
    for (int id : op.inputs) ASSERT_LT(id, static_cast<int>(g.tensors.size())) << what;
    ASSERT_EQ(op.outputs.size(), 1u) << what;
  }
  alias_reshapes(g);
  MemoryPlan plan = plan_memory(g, {PlanAlgorithm::GreedyByConflicts, true, true, 16});
  ASSERT_EQ(plan_problems(g, plan), std::vector<std::string>{}) << what;
  ASSERT_GE(total_macs(g), 0) << what;
}

// The graph as text plus its constant bytes: equal fingerprints, equal models.
std::string fingerprint(const Graph& g) {
  std::string s = dump_graph(g);
  for (const Tensor& t : g.tensors) s.append(t.data.begin(), t.data.end());
  return s.substr(s.find('\n'));  // skip the first line, which names the source
}

// `intact`: if the copy is read, it must be exactly this model (only padding was lost).
void read_copy(std::vector<uint8_t> bytes, const std::string& what, Outcome& out,
               const std::string* intact = nullptr) {
  try {
    Graph g = read_tflite_buffer(std::move(bytes), what);
    ++out.accepted;
    if (intact) {
      ASSERT_EQ(fingerprint(g), *intact) << what << " was read as a different model";
    }
    expect_usable(g, what);
  } catch (const ModelError& e) {
    ++out.rejected;
    ASSERT_EQ(std::string(e.what()).rfind(what + ": ", 0), 0u) << e.what();
  }
  // Any other exception escapes and fails the test; a crash ends it.
}

class Malformed : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED(model_rel(GetParam()));
    original_ = test::read_bytes(test_model_path(GetParam()));
    intact_ = fingerprint(read_tflite_buffer(original_, GetParam()));
    // The 3.8 MB model gets a tenth: each copy costs a full verification.
    copies_ = original_.size() > 1'000'000 ? kCopies / 10 : kCopies;
  }
  std::vector<uint8_t> original_;
  std::string intact_;
  int copies_ = 0;
};

TEST_P(Malformed, TruncatedCopiesAreRejectedUnlessOnlyPaddingIsLost) {
  std::mt19937 rng(12345);
  std::vector<std::size_t> cuts = {0, 1, 4, 7, 8, 12, 16, 64, original_.size() - 1};
  std::uniform_int_distribution<std::size_t> anywhere(0, original_.size() - 1);
  while (cuts.size() < static_cast<std::size_t>(copies_) / 2) cuts.push_back(anywhere(rng));
  Outcome out;
  for (std::size_t cut : cuts) {
    std::vector<uint8_t> copy(original_.begin(), original_.begin() + cut);
    read_copy(std::move(copy), "truncated@" + std::to_string(cut), out, &intact_);
  }
  std::printf("%s: %zu truncations, %d rejected, %d read intact (only padding cut)\n",
              GetParam().c_str(), cuts.size(), out.rejected, out.accepted);
  // Flatbuffers are written back to front: only trailing padding can go unnoticed.
  EXPECT_LE(out.accepted, 3);
}

TEST_P(Malformed, CorruptedCopiesAreRejectedOrReadSafely) {
  std::mt19937 rng(67890);
  std::uniform_int_distribution<std::size_t> anywhere(0, original_.size() - 1);
  std::uniform_int_distribution<std::size_t> header(
      0, std::min<std::size_t>(original_.size(), 4096) - 1);
  std::uniform_int_distribution<int> byte(0, 255), flips(1, 8);
  Outcome out;
  for (int i = 0; i < copies_; ++i) {
    std::vector<uint8_t> copy = original_;
    // Half the copies hit the first 4 KiB, where the root table and most vtables sit.
    int n = flips(rng);
    for (int k = 0; k < n; ++k) {
      copy[(i % 2 ? anywhere : header)(rng)] ^= static_cast<uint8_t>(1 + byte(rng) % 255);
    }
    read_copy(std::move(copy), "corrupted#" + std::to_string(i), out);
  }
  std::printf("%s: %d corruptions, %d rejected, %d read\n", GetParam().c_str(), copies_,
              out.rejected, out.accepted);
  EXPECT_GT(out.rejected, 0);
}

// Inputs that once broke the reader under the fuzzer (kept in reader_fuzz_regressions/).
TEST(FuzzRegressions, RejectedOrReadSafely) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(AOTBENCH_READER_REGRESSIONS_DIR)) {
    Outcome out;
    read_copy(test::read_bytes(entry.path().string()), entry.path().filename().string(), out);
    ++n;
  }
  EXPECT_GE(n, 2);
}

INSTANTIATE_TEST_SUITE_P(SharedModels, Malformed, ::testing::ValuesIn(shared_model_files()),
                         [](const auto& info) { return model_test_name(info.param); });

}  // namespace
}  // namespace aotbench::codegen
