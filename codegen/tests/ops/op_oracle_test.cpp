// Every operator against TFLite Micro, live: each family's random cases (op_cases_*.cpp) are
// written as .tflite files with their inputs, TFLite Micro's Python interpreter runs them all
// (tflm_oracle.py), and the reader, the lowering and the reference kernels (the host
// interpreter) must give its bytes for every output and every intermediate tensor; folded
// (fold_constants), the graph must still give its outputs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "codegen/interp/fold_constants.hpp"
#include "codegen/interp/interpreter.hpp"
#include "codegen/ir/dump.hpp"
#include "needs_tflm.hpp"
#include "op_case.hpp"
#include "tflm_oracle.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/plan/fold_pad.hpp"
#include "codegen/reader/reader.hpp"

namespace fs = std::filesystem;

namespace aotbench::codegen::test {
namespace {

int64_t element(const std::vector<uint8_t>& bytes, std::size_t i, DType type) {
  switch (type) {
    case DType::Int16: return static_cast<int16_t>(bytes[2 * i] | bytes[2 * i + 1] << 8);
    case DType::Int32:
    case DType::Float32: {
      int32_t v;
      std::memcpy(&v, &bytes[4 * i], 4);
      return v;
    }
    case DType::UInt8:
    case DType::Bool: return bytes[i];
    case DType::UInt32: {
      uint32_t v;
      std::memcpy(&v, &bytes[4 * i], 4);
      return v;
    }
    case DType::Int64:
    case DType::UInt64: {
      int64_t v;
      std::memcpy(&v, &bytes[8 * i], 8);
      return v;
    }
    default: return static_cast<int8_t>(bytes[i]);
  }
}

// "" when equal; else where and how they differ, in elements of the tensor's type.
std::string difference(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want, const Tensor& t) {
  if (got == want) return "";
  if (got.size() != want.size()) return fmt::format("{} bytes, TFLite Micro {}", got.size(), want.size());
  const std::size_t n = got.size() / dtype_size(t.type);
  std::size_t first = n, count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (element(got, i, t.type) == element(want, i, t.type)) continue;
    if (first == n) first = i;
    ++count;
  }
  return fmt::format("{} of {} elements differ; the first at {}: {} where TFLite Micro has {}", count, n, first,
                     element(got, first, t.type), element(want, first, t.type));
}

// Every output and every tensor TFLite Micro wrote (intermediates and state) has its bytes.
void expect_oracle_bytes(const Graph& g, const RunResult& r, const OracleResult& want) {
  for (std::size_t o = 0; o < g.outputs.size(); ++o) {
    const Tensor& t = g.tensors[static_cast<std::size_t>(g.outputs[o])];
    EXPECT_EQ(difference(r.outputs[o], want.outputs[o], t), "") << "output " << o << " " << dump_tensor(g, t.id)
                                                                << "\n" << dump_graph(g);
  }
  for (const Tensor& t : g.tensors) {
    const std::vector<uint8_t> bytes = want.tensor(t.id);
    if (t.is_constant() || bytes.empty()) continue;
    EXPECT_EQ(difference(r.tensors[static_cast<std::size_t>(t.id)], bytes, t), "") << "tensor " << dump_tensor(g, t.id);
  }
}

void check_case(const fs::path& dir, const OpCase& c) {
  SCOPED_TRACE(c.name + " (" + (dir / (c.name + ".tflite")).string() + ")");
  Graph g;
  try {
    g = read_tflite_buffer(c.model, c.name);
  } catch (const ModelError& e) {
    ADD_FAILURE() << "the reader refuses: " << e.what();
    return;
  }
  const OracleResult want = oracle_result(dir, c, g.outputs.size());
  if (!want.refused.empty()) {
    ADD_FAILURE() << "TFLite Micro refuses the case:\n" << want.refused;
    return;
  }
  expect_oracle_bytes(g, Interpreter(g).run(c.inputs, true), want);
  // What code generation compiles: constants folded, reshapes aliased, pads folded.
  Graph folded = read_tflite_buffer(c.model, c.name);
  fold_constants(folded);
  alias_reshapes(folded);
  fold_pads(folded);
  const RunResult f = Interpreter(folded).run(c.inputs);
  for (std::size_t o = 0; o < folded.outputs.size(); ++o) {
    const Tensor& t = folded.tensors[static_cast<std::size_t>(folded.outputs[o])];
    EXPECT_EQ(difference(f.outputs[o], want.outputs[o], t), "") << "folded graph, output " << o << "\n"
                                                                 << dump_graph(folded);
  }
}

class OpOracle : public testing::TestWithParam<OpFamily> {};

TEST_P(OpOracle, EveryCaseMatchesTfliteMicro) {
  AOTBENCH_NEEDS_TFLM();
  const std::vector<OpCase> cases = GetParam().cases();
  ASSERT_FALSE(cases.empty());
  const fs::path dir = fs::path(AOTBENCH_TEST_TMP) / GetParam().name;
  std::string error;
  ASSERT_TRUE(run_tflm_oracle(dir, cases, error)) << error;
  for (const OpCase& c : cases) check_case(dir, c);
}

// Models with state: the host interpreter keeps it from one run() to the next like TFLite Micro,
// so a second inference continues the sequence and gives TFLite Micro's second inference (state
// included); after reset_state() the same two inferences give those bytes again.
TEST_P(OpOracle, SecondInferenceMatchesTfliteMicro) {
  AOTBENCH_NEEDS_TFLM();
  std::vector<OpCase> cases;
  for (OpCase& c : GetParam().cases()) {
    if (!c.next_inputs.empty()) cases.push_back(std::move(c));
  }
  if (cases.empty()) return;  // no case of this family has state
  const fs::path dir = fs::path(AOTBENCH_TEST_TMP) / (std::string(GetParam().name) + "_second");
  std::string error;
  ASSERT_TRUE(run_tflm_oracle(dir, cases, error, 2)) << error;
  for (const OpCase& c : cases) {
    SCOPED_TRACE(c.name + " (" + (dir / (c.name + ".tflite")).string() + ")");
    const Graph g = read_tflite_buffer(c.model, c.name);
    const OracleResult want = oracle_result(dir, c, g.outputs.size());
    ASSERT_EQ(want.refused, "");
    Interpreter interp(g);
    for (int sequence = 0; sequence < 2; ++sequence) {
      SCOPED_TRACE(sequence == 0 ? "from the initial state" : "after reset_state()");
      interp.run(c.inputs);
      expect_oracle_bytes(g, interp.run(c.next_inputs, true), want);
      interp.reset_state();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Families, OpOracle, testing::ValuesIn(op_families()),
                         [](const testing::TestParamInfo<OpFamily>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace aotbench::codegen::test
