// Every operator case (codegen/tests/ops) as generated C, built natively and run: the emitted
// parameters, calling conventions and memory plans must give TFLite Micro's bytes as the host
// interpreter does. Case i is built as variant i mod 4 (the two corners with the reference
// kernels, both again with kernels=dsp), so each family meets every variant.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/tests/ops/needs_tflm.hpp"
#include "codegen/tests/ops/op_case.hpp"
#include "codegen/tests/ops/tflm_oracle.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

std::vector<codegen::Variant> variants() {
  std::vector<codegen::Variant> v = infer::test::corners();
  for (const char* k : {"api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,kernels=dsp",
                        "api=unpacked,interface=c,workspace=static,params=direct,index=i32,kernels=dsp"}) {
    v.push_back(codegen::Variant::parse(k));
  }
  return v;
}

class OpCasesOnHost : public testing::TestWithParam<codegen::test::OpFamily> {};

TEST_P(OpCasesOnHost, GeneratedCodeMatchesTfliteMicro) {
  AOTBENCH_NEEDS_TFLM();
  const auto cases = GetParam().cases();
  const fs::path dir = fs::path(AOTBENCH_TEST_TMP) / (std::string("ops_") + GetParam().name);
  std::string error;
  ASSERT_TRUE(codegen::test::run_tflm_oracle(dir, cases, error)) << error;
  const std::vector<codegen::Variant> grid = variants();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const codegen::test::OpCase& c = cases[i];
    const codegen::Variant& v = grid[i % grid.size()];
    SCOPED_TRACE(c.name + " as " + v.key());
    const fs::path model = dir / (c.name + ".tflite");
    const infer::LoadedModel loaded = infer::load_model(model.string());
    const codegen::test::OracleResult want = codegen::test::oracle_result(dir, c, loaded.graph.outputs.size());
    ASSERT_EQ(want.refused, "");
    std::vector<fs::path> inputs, outputs;
    for (std::size_t k = 0; k < c.inputs.size(); ++k) inputs.push_back(dir / fmt::format("{}.in{}.raw", c.name, k));
    for (std::size_t k = 0; k < want.outputs.size(); ++k) outputs.push_back(dir / fmt::format("{}.host{}.raw", c.name, k));
    infer::run_on_host(infer::prepare_on_host(loaded, v), inputs, outputs);
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      EXPECT_EQ(codegen::test::read_file(outputs[k]), want.outputs[k]) << "output " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Families, OpCasesOnHost, testing::ValuesIn(codegen::test::op_families()),
                         [](const testing::TestParamInfo<codegen::test::OpFamily>& i) { return std::string(i.param.name); });

}  // namespace
