// Patch-based execution (patches=K): the first layers run band by band, and the generated code,
// built natively, still gives TFLite Micro's bytes (../shared/oracle) on real models, with the
// reference and the dsp kernels, in a smaller arena; the zoo's MobileNetV2 gives the host
// interpreter's bytes.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "codegen/emit/emitter.hpp"
#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/interp/interpreter.hpp"
#include "codegen/tests/needs_shared.hpp"
#include "codegen/tests/oracle_data.hpp"
#include "codegen/plan/patch_graph.hpp"

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

// A model and the variants it runs with patches (few: every one is a native build).
struct PatchCase {
  std::string model;
  std::vector<codegen::Variant> variants;
};

void PrintTo(const PatchCase& c, std::ostream* os) { *os << c.model; }

std::vector<PatchCase> patch_cases() {
  const codegen::Variant unpacked = corners()[1], packed = corners()[0];
  return {{"pretrainedresnet_quant", {with(unpacked, "2"), with(unpacked, "8", "dsp"), with(packed, "3", "dsp"),
                                      with(packed, "8")}},
          {"mcunet_vww1_80", {with(unpacked, "4")}},
          {"vww_96_int8", {with(unpacked, "4")}},
          {"kws_ref_model", {with(unpacked, "8")}}};
}

class PatchOracle : public testing::TestWithParam<PatchCase> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED("oracle/MANIFEST.tsv");
    AOTBENCH_NEEDS_SHARED("models/" + GetParam().model + ".tflite");
  }
};

TEST_P(PatchOracle, BandsGiveTfliteMicrosBytesInASmallerArena) {
  const std::string name = GetParam().model;
  const oracle::Oracle o(aotbench::test::shared_path("oracle"));
  const infer::LoadedModel model = infer::load_model(aotbench::test::shared_path("models/" + name + ".tflite").string());
  ASSERT_FALSE(corners()[1].packed_api());
  const fs::path dir = scratch_dir("patches_" + name);
  int compared = 0;
  for (const codegen::Variant& v : GetParam().variants) {
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

INSTANTIATE_TEST_SUITE_P(Models, PatchOracle, testing::ValuesIn(patch_cases()),
                         [](const auto& info) { return info.param.model; });

// The tensors that survive banding (the group's output and everything after it) equal TFLite
// Micro's, in the dump; the group's intermediate tensors never exist whole and are not dumped.
TEST(PatchDump, SurvivingTensorsMatchTheOracleHashes) {
  AOTBENCH_NEEDS_SHARED("oracle/MANIFEST.tsv");
  AOTBENCH_NEEDS_SHARED("models/pretrainedresnet_quant.tflite");
  const std::string name = "pretrainedresnet_quant";
  const oracle::Oracle o(aotbench::test::shared_path("oracle"));
  const infer::LoadedModel model = infer::load_model(aotbench::test::shared_path("models/" + name + ".tflite").string());
  const oracle::Case* rand1 = nullptr;
  for (const auto& c : o.cases())
    if (c.model == name && c.name == "rand1") rand1 = &c;
  ASSERT_NE(rand1, nullptr);
  const fs::path dir = scratch_dir("patches_dump_" + name);
  write_bytes(dir / "in.raw", o.input(*rand1, 0));
  const codegen::Variant v = with(corners()[1], "4");
  codegen::EmitOptions eo;
  eo.model_name = name;
  const int group_ops = codegen::summarize_model(model.graph, v, eo).patch_ops;
  ASSERT_GT(group_ops, 0);
  const int group_output = model.graph.ops[static_cast<std::size_t>(group_ops - 1)].outputs[0];
  infer::run_on_host(infer::prepare_on_host(model, v, /*dump_tensors=*/true), {dir / "in.raw"}, {dir / "out.raw"},
                     dir / "tensors");
  std::set<int> surviving;
  for (std::size_t i = 0; i < model.graph.ops.size(); ++i)
    for (int t : model.graph.ops[i].outputs)
      if (static_cast<int>(i) >= group_ops || t == group_output) surviving.insert(t);
  int compared = 0;
  for (const auto& [id, hash] : o.tensors(name, "rand1")) {
    const fs::path f = dir / "tensors" / ("t" + std::to_string(id) + ".raw");
    EXPECT_EQ(fs::exists(f), surviving.count(id) == 1) << "tensor " << id << " " << hash.name;
    if (!fs::exists(f)) continue;
    const auto bytes = read_bytes(f);
    EXPECT_EQ(oracle::sha256_16(bytes.data(), bytes.size()), hash.sha16) << "tensor " << id << " " << hash.name;
    ++compared;
  }
  EXPECT_EQ(compared, static_cast<int>(surviving.size()));
}

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
  for (const codegen::Variant& v : {with(unpacked, "8", "dsp")}) {
    SCOPED_TRACE(v.key());
    EXPECT_LT(arena_of(model, v), arena_of(model, with(v, "0", v.get("kernels"))));
    infer::run_on_host(infer::prepare_on_host(model, v), {dir / "in.raw"}, {dir / "out.raw"});
    EXPECT_EQ(read_bytes(dir / "out.raw"), expected);
  }
}

}  // namespace

namespace {

// kws's peak lies after its first layers: bands that do not plan a smaller arena than the whole
// variant (operators in place included) are refused, saying why.
TEST(PatchRefusal, BandsThatDoNotLowerTheArenaAreRefused) {
  AOTBENCH_NEEDS_SHARED("models/kws_ref_model.tflite");
  const infer::LoadedModel model =
      infer::load_model(aotbench::test::shared_path("models/kws_ref_model.tflite").string());
  // With the reference kernels, 8 bands of a 2-operator group do lower it (9,600 B against 10,048 B).
  for (const codegen::Variant& v :
       {with(corners()[1], "4"), with(corners()[1], "4", "dsp"), with(corners()[1], "8", "dsp")}) {
    try {
      arena_of(model, v);
      ADD_FAILURE() << v.key() << " was generated";
    } catch (const codegen::VariantError& e) {
      EXPECT_NE(std::string(e.what()).find("does not lower the"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("use patches=0"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
