// Bit-exactness against TensorFlow Lite Micro: every model in ../shared/models and every case
// in ../shared/oracle runs through the reader, lowering and the reference kernels (the host
// interpreter); outputs must equal the oracle's bytes, and every intermediate tensor must hash
// to the oracle's TENSORS.tsv entry. On a mismatch the first differing tensor (in execution
// order) is reported with its operator.
//
// Usage: codegen_oracle_tests [gtest flags] [--model M] [--case C] [--shared DIR]
// Without the oracle (a clone alone) it runs one test that reports itself skipped, with the reason.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "codegen/interp/interpreter.hpp"
#include "codegen/ir/dump.hpp"
#include "needs_shared.hpp"
#include "oracle_data.hpp"
#include "codegen/reader/reader.hpp"

namespace fs = std::filesystem;
using namespace aotbench::codegen;

namespace {

fs::path g_shared = aotbench::test::shared_dir();

struct Mismatch {
  int position = 0;  // producing operator's position; -1 for graph inputs
  std::string text;
};

// Producing operator position of every tensor (graph inputs and constants: -1).
std::map<int, int> producers(const Graph& g) {
  std::map<int, int> pos;
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    for (int t : g.ops[i].outputs) pos[t] = static_cast<int>(i);
  }
  return pos;
}

// Compares every hashed tensor; returns the mismatches sorted by execution order.
std::vector<Mismatch> compare_tensors(const Graph& g, const RunResult& r,
                                      const std::map<int, oracle::TensorHash>& want,
                                      std::size_t& compared) {
  const auto pos = producers(g);
  std::vector<Mismatch> bad;
  for (const auto& [id, h] : want) {
    if (id < 0 || static_cast<std::size_t>(id) >= g.tensors.size() || r.tensors[id].empty()) {
      bad.push_back({-2, "oracle tensor #" + std::to_string(id) + " '" + h.name +
                             "' is not an activation of the graph"});
      continue;
    }
    ++compared;
    const auto& bytes = r.tensors[static_cast<std::size_t>(id)];
    const std::string got = oracle::sha256_16(bytes.data(), bytes.size());
    if (got == h.sha16 && static_cast<int64_t>(bytes.size()) == h.bytes) continue;
    const auto it = pos.find(id);
    const int at = it == pos.end() ? -1 : it->second;
    std::string who = at < 0 ? "graph input"
                             : "operator " + std::to_string(g.ops[at].index) + " (" +
                                   op_name(g.ops[at].type) + ")";
    bad.push_back({at, who + " output tensor #" + std::to_string(id) + " '" +
                           printable_name(g.tensors[id].name) + "': sha256 " + got + ", " +
                           std::to_string(bytes.size()) + " bytes; oracle " + h.sha16 + ", " +
                           std::to_string(h.bytes) + " bytes"});
  }
  std::stable_sort(bad.begin(), bad.end(),
                   [](const Mismatch& a, const Mismatch& b) { return a.position < b.position; });
  return bad;
}

std::string byte_diff(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  std::size_t n = 0;
  std::string first;
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    if (got[i] == want[i]) continue;
    if (n++ < 5) first += " [" + std::to_string(i) + "] " + std::to_string(int(int8_t(got[i]))) +
                          " vs " + std::to_string(int(int8_t(want[i])));
  }
  return std::to_string(n) + " bytes differ (as int8, got vs oracle):" + first;
}

class OracleCase : public testing::Test {
 public:
  OracleCase(const oracle::Oracle& o, oracle::Case c) : oracle_(o), case_(std::move(c)) {}

  void TestBody() override {
    const Graph g = read_tflite_file((g_shared / "models" / (case_.model + ".tflite")).string());
    Interpreter interp(g);
    std::vector<std::vector<uint8_t>> inputs;
    for (std::size_t i = 0; i < g.inputs.size(); ++i) inputs.push_back(oracle_.input(case_, int(i)));
    const auto t0 = std::chrono::steady_clock::now();
    const RunResult r = interp.run(inputs, /*with_intermediates=*/true);
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0);
    std::printf("%s/%s: %zu operators in %.1f ms\n", case_.model.c_str(), case_.name.c_str(),
                g.ops.size(), ms.count());

    std::size_t compared = 0;
    const auto& hashes = oracle_.tensors(case_.model, case_.name);
    const auto bad = compare_tensors(g, r, hashes, compared);
    const std::string first_bad = bad.empty() ? "" : "first differing tensor: " + bad[0].text;
    ASSERT_EQ(static_cast<int>(r.outputs.size()), case_.outputs) << "output count";
    for (int i = 0; i < case_.outputs; ++i) {
      const auto want = oracle_.output(case_, i);
      EXPECT_TRUE(r.outputs[i] == want)
          << "output " << i << ": " << byte_diff(r.outputs[i], want) << "\n" << first_bad;
    }
    // The image cases list no intermediate tensors; the others must cover the graph.
    if (!hashes.empty()) {
      EXPECT_GE(compared, g.ops.size()) << "too few intermediate tensors";
    }
    EXPECT_TRUE(bad.empty()) << bad.size() << " intermediate tensors differ; " << first_bad;
  }

 private:
  const oracle::Oracle& oracle_;
  oracle::Case case_;
};

// Stands in for the cases when there is no oracle to list them.
class NoOracle : public testing::Test {
 public:
  void TestBody() override { AOTBENCH_NEEDS_SHARED((g_shared / "oracle" / "MANIFEST.tsv").string()); }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  std::string model, name;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) model = argv[++i];
    else if (a == "--case" && i + 1 < argc) name = argv[++i];
    else if (a == "--shared" && i + 1 < argc) g_shared = argv[++i];
    else {
      std::fprintf(stderr, "unknown argument '%s'\nusage: %s [--model M] [--case C] "
                   "[--shared DIR]\n", a.c_str(), argv[0]);
      return 2;
    }
  }
  if (!fs::exists(g_shared / "oracle" / "MANIFEST.tsv")) {
    testing::RegisterTest("Oracle", "SharedData", nullptr, nullptr, __FILE__, __LINE__,
                          []() -> testing::Test* { return new NoOracle; });
    return RUN_ALL_TESTS();
  }
  static const oracle::Oracle o(g_shared / "oracle");
  int registered = 0;
  for (const oracle::Case& c : o.cases()) {
    if ((!model.empty() && c.model != model) || (!name.empty() && c.name != name)) continue;
    testing::RegisterTest("Oracle", (c.model + "." + c.name).c_str(), nullptr, nullptr, __FILE__,
                          __LINE__, [c]() -> testing::Test* { return new OracleCase(o, c); });
    ++registered;
  }
  if (registered == 0) {
    std::fprintf(stderr, "no oracle case matches model '%s' case '%s' in %s\n", model.c_str(),
                 name.c_str(), (g_shared / "oracle").c_str());
    return 2;
  }
  return RUN_ALL_TESTS();
}
