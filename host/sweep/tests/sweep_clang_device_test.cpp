// cc=clang on the device: person_detect's unpacked corner, with the reference and with the dsp
// kernels, compiled by clang for the emulated STM32F405 and linked with the gcc-built runtime,
// gives TFLite Micro's output bytes (the oracle file, not our host build) through the sweep's own
// measuring pipeline.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "host/board/registry.hpp"
#include "host/measure/measure.hpp"
#include "codegen/tests/needs_shared.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ClangOnDevice, PersonDetectMatchesTheOracleOnStm32) {
  AOTBENCH_NEEDS_SHARED("models/person_detect.tflite");
  AOTBENCH_NEEDS_SHARED("oracle/person_detect");
  const fs::path shared = aotbench::test::shared_dir();
  const infer::LoadedModel model = infer::load_model((shared / "models" / "person_detect.tflite").string());
  measure::MeasureSetup setup;
  board::Registry reg;
  setup.board = reg.get("netduinoplus2", {});
  setup.model = &model;
  const fs::path in = shared / "oracle" / "person_detect" / "img_person.in0.raw";
  setup.inputs = {read_bytes(in)};
  setup.input_files = {in};
  setup.reference = {read_bytes(shared / "oracle" / "person_detect" / "img_person.out0.raw")};
  ASSERT_EQ(setup.reference[0].size(), 2u);  // [no person, person]

  for (const char* kernels : {"ref", "dsp"}) {
    const auto v = codegen::Variant::parse(
        std::string("api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2,cc=clang,kernels=") +
        kernels);
    std::atomic<bool> stop{false};
    const measure::Measurement m = measure::measure_variant(setup, v, [](measure::Stage) {}, stop);
    EXPECT_EQ(m.result.status, results::Status::ok) << m.result.message;
    ASSERT_TRUE(m.result.outputs_match.has_value());
    EXPECT_TRUE(*m.result.outputs_match) << m.result.message;
    EXPECT_EQ(m.result.key, v.key());
  }
}

}  // namespace
