// The operator cases (codegen/tests/ops) on the emulated boards, against TFLite Micro's bytes:
// a sample of each family's random cases built as firmware for the Cortex-M4 (netduinoplus2),
// M7 (mps2-an500) and M3 (mps2-an385), measured through the sweep's own pipeline, the device's
// outputs compared with the oracle's files. The M4 and M7 alternate the reference kernels and
// the dsp family; the M3 has no DSP instructions and runs the reference kernels. One case of
// every family is also built by clang.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "host/board/registry.hpp"
#include "host/measure/measure.hpp"
#include "codegen/tests/ops/needs_tflm.hpp"
#include "codegen/tests/ops/op_case.hpp"
#include "codegen/select/select.hpp"
#include "codegen/tests/ops/tflm_oracle.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

// Cases per family and board: enough to meet every operator of a small family once in a while,
// few enough for CI.
constexpr std::size_t kSample = 4;

class DeviceOps : public testing::TestWithParam<std::string> {};

TEST_P(DeviceOps, SampledCasesGiveTfliteMicrosBytesOnTheDevice) {
  AOTBENCH_NEEDS_TFLM();
  const board::Profile board = board::Registry().get(GetParam(), {});
  const bool dsp = codegen::family_unsupported("dsp", board.cpu.features).empty();
  std::atomic<bool> stop{false};
  int ran = 0;
  for (const codegen::test::OpFamily& family : codegen::test::op_families()) {
    const auto cases = family.cases();
    const fs::path dir = fs::path(AOTBENCH_TEST_TMP) / ("device_" + GetParam() + "_" + family.name);
    std::string error;
    ASSERT_TRUE(codegen::test::run_tflm_oracle(dir, cases, error)) << error;
    const std::size_t step = std::max<std::size_t>(1, cases.size() / kSample);
    for (std::size_t i = 0, n = 0; i < cases.size() && n < kSample; i += step, ++n) {
      const codegen::test::OpCase& c = cases[i];
      std::string knobs = "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2";
      if (dsp && n % 2 == 1) knobs += ",kernels=dsp";
      if (n == 2) knobs += ",cc=clang";
      const codegen::Variant v = codegen::Variant::parse(knobs);
      SCOPED_TRACE(c.name + " as " + knobs + " (" + (dir / (c.name + ".tflite")).string() + ")");
      const infer::LoadedModel model = infer::load_model((dir / (c.name + ".tflite")).string());
      const codegen::test::OracleResult want = codegen::test::oracle_result(dir, c, model.graph.outputs.size());
      ASSERT_EQ(want.refused, "");
      measure::MeasureSetup s;
      s.board = board;
      s.model = &model;
      s.inputs = c.inputs;
      for (std::size_t k = 0; k < c.inputs.size(); ++k) s.input_files.push_back(dir / fmt::format("{}.in{}.raw", c.name, k));
      s.reference = want.outputs;
      const measure::Measurement m = measure::measure_variant(s, v, [](measure::Stage) {}, stop);
      ASSERT_EQ(m.result.status, results::Status::ok) << m.result.message;
      EXPECT_TRUE(m.result.outputs_match.value_or(false)) << m.result.message;
      ++ran;
    }
  }
  std::printf("%d operator cases on %s matched TFLite Micro\n", ran, board.name.c_str());
  EXPECT_GT(ran, 0);
}

INSTANTIATE_TEST_SUITE_P(Boards, DeviceOps, testing::Values("netduinoplus2", "mps2-an500", "mps2-an385"),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
