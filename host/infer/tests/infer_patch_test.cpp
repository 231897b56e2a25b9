// Patch-based execution (patches=K): the first layers run band by band, and the generated code,
// built natively, still gives TFLite Micro's bytes (../shared/oracle) on real models, with the
// reference and the dsp kernels, in a smaller arena; the zoo's MobileNetV2 gives the host
// interpreter's bytes.
#include <gtest/gtest.h>

#include <random>

#include "emit/emitter.hpp"
#include "infer/infer.hpp"
#include "infer_test_support.hpp"
#include "interp/interpreter.hpp"
#include "needs_shared.hpp"
#include "oracle_data.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

codegen::Variant with(codegen::Variant v, const std::string& patches, const std::string& kernels = "ref") {
  v.set("patches", patches);
  v.set("kernels", kernels);
  return v;
}

int64_t arena_of(const infer::LoadedModel& model, const codegen::Variant& v) {
  codegen::EmitOptions eo;
  eo.model_name = "m";
  return codegen::summarize_model(model.graph, v, eo).arena_bytes;
}

class PatchOracle : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED("oracle/MANIFEST.tsv");
    AOTBENCH_NEEDS_SHARED("models/" + GetParam() + ".tflite");
  }
};

TEST_P(PatchOracle, BandsGiveTfliteMicrosBytesInASmallerArena) {
  const std::string name = GetParam();
  const oracle::Oracle o(aotbench::test::shared_path("oracle"));
  const infer::LoadedModel model = infer::load_model(aotbench::test::shared_path("models/" + name + ".tflite").string());
  const codegen::Variant unpacked = corners()[1], packed = corners()[0];
  ASSERT_FALSE(unpacked.packed_api());
  const std::vector<codegen::Variant> variants = {
      with(unpacked, "2"), with(unpacked, "4"), with(unpacked, "8"), with(unpacked, "4", "dsp"), with(packed, "3", "dsp")};
  const fs::path dir = scratch_dir("patches_" + name);
  int compared = 0;
  for (const codegen::Variant& v : variants) {
    SCOPED_TRACE(v.key());
    EXPECT_LT(arena_of(model, v), arena_of(model, with(v, "0", v.get("kernels"))));
    const infer::HostProgram program = infer::prepare_on_host(model, v);
    for (const auto& c : o.cases()) {
      if (c.model != name) continue;
      SCOPED_TRACE(c.name);
      write_bytes(dir / "in.raw", o.input(c, 0));
      infer::run_on_host(program, {dir / "in.raw"}, {dir / "out.raw"});
      EXPECT_EQ(read_bytes(dir / "out.raw"), o.output(c, 0));
      ++compared;
    }
  }
  EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(Models, PatchOracle,
                         testing::Values("pretrainedresnet_quant", "mcunet_vww1_80", "vww_96_int8"),
                         [](const auto& info) { return info.param; });

TEST(PatchZoo, MobileNetV2BandsGiveTheInterpretersBytes) {
  const infer::LoadedModel model = infer::load_model("mnv2");
  const auto& input = model.graph.tensors[model.graph.inputs[0]];
  std::vector<uint8_t> in(static_cast<std::size_t>(input.num_bytes()));
  std::mt19937 rng(20261126);
  for (auto& b : in) b = static_cast<uint8_t>(rng());
  codegen::Interpreter interp(model.graph);
  const std::vector<uint8_t> expected = interp.run({in}).outputs.at(0);
  const fs::path dir = scratch_dir("patches_zoo_mnv2");
  write_bytes(dir / "in.raw", in);
  const codegen::Variant unpacked = corners()[1];
  for (const codegen::Variant& v : {with(unpacked, "3"), with(unpacked, "8", "dsp")}) {
    SCOPED_TRACE(v.key());
    EXPECT_LT(arena_of(model, v), arena_of(model, with(v, "0", v.get("kernels"))));
    infer::run_on_host(infer::prepare_on_host(model, v), {dir / "in.raw"}, {dir / "out.raw"});
    EXPECT_EQ(read_bytes(dir / "out.raw"), expected);
  }
}

}  // namespace
