// Every model and case of ../shared/oracle, for every combination of api x workspace x params x
// index (the packed and unpacked corners only for the 3.8 MB MobileNetV2), and for every kernel
// schedule at both corners: the generated code, built natively (the dsp kernels with the portable
// definitions of their instructions), must give TFLite Micro's output bytes exactly.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "host/infer/infer.hpp"
#include "codegen/select/select.hpp"
#include "infer_test_support.hpp"
#include "codegen/tests/needs_shared.hpp"
#include "codegen/tests/oracle_data.hpp"
#include "codegen/reader/reader.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

const char* const kManifest = "oracle/MANIFEST.tsv";

const oracle::Oracle& the_oracle() {
  static const oracle::Oracle o(aotbench::test::shared_path("oracle"));
  return o;
}

fs::path model_file(const std::string& name) { return aotbench::test::shared_path("models/" + name + ".tflite"); }

// The models of the oracle; without it, one stand-in whose tests report the skip.
std::vector<std::string> oracle_models() {
  if (!aotbench::test::shared_missing(kManifest).empty()) return {"no_oracle"};
  std::vector<std::string> names;
  for (const auto& c : the_oracle().cases())
    if (names.empty() || names.back() != c.model) names.push_back(c.model);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// Runs every oracle case of a model through each variant on the host.
void expect_oracle_outputs(const std::string& model_name, const infer::LoadedModel& model,
                           const std::vector<codegen::Variant>& variants, const std::string& scratch) {
  const fs::path dir = scratch_dir(scratch);
  int compared = 0;
  for (const codegen::Variant& v : variants) {
    SCOPED_TRACE(v.key());
    const infer::HostProgram program = infer::prepare_on_host(model, v);
    for (const auto& c : the_oracle().cases()) {
      if (c.model != model_name) continue;
      SCOPED_TRACE(c.name);
      const fs::path in = dir / (c.name + ".in"), out = dir / (c.name + ".out");
      write_bytes(in, the_oracle().input(c, 0));
      infer::run_on_host(program, {in}, {out});
      EXPECT_EQ(read_bytes(out), the_oracle().output(c, 0));
      ++compared;
    }
  }
  EXPECT_GT(compared, 0);
}

// A test of one oracle model (the parameter): skipped, with the reason, without ../shared.
class OracleModel : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED(kManifest);
    AOTBENCH_NEEDS_SHARED("models/" + GetParam() + ".tflite");
  }
};

class OracleVariants : public OracleModel {};

TEST_P(OracleVariants, EveryVariantMatchesTfliteMicro) {
  const std::string model_name = GetParam();
  const infer::LoadedModel model =
      infer::load_model(model_file(model_name).string());
  const bool big = model_name == "mnv2_100_224_nchw_int8";
  expect_oracle_outputs(model_name, model, big ? corners() : full_grid(), "oracle_" + model_name);
}

INSTANTIATE_TEST_SUITE_P(Models, OracleVariants, testing::ValuesIn(oracle_models()),
                         [](const auto& info) { return info.param; });

// Both corners (the packed one puts the schedules' scratch in the dynamic pool and indexes with
// 64 bits), with the dsp family's default schedules and with each dsp schedule forced onto
// every layer it can run.
class OracleSchedules : public OracleModel {};

TEST_P(OracleSchedules, EveryScheduleMatchesTfliteMicro) {
  const std::string model_name = GetParam();
  const infer::LoadedModel model =
      infer::load_model(model_file(model_name).string());
  std::vector<codegen::Variant> variants;
  for (codegen::Variant v : corners()) {
    v.set("kernels", "dsp");
    variants.push_back(v);
    if (model_name == "mnv2_100_224_nchw_int8") continue;  // 3.8 MB: the defaults are enough
    for (const auto& e : codegen::schedule_everywhere(model.graph, "dsp", std::nullopt)) {
      v.set_layer_schedules(e.layers);
      variants.push_back(v);
    }
  }
  expect_oracle_outputs(model_name, model, variants, "oracle_schedules_" + model_name);
}

INSTANTIATE_TEST_SUITE_P(Models, OracleSchedules, testing::ValuesIn(oracle_models()),
                         [](const auto& info) { return info.param; });



// cc=clang: the same generated code and kernels (reference and dsp) built by the host's clang give
// TFLite Micro's bytes too (both corners; the unpacked one also at -O2, where clang vectorizes).
class OracleClang : public OracleModel {};

TEST_P(OracleClang, ClangBuildsMatchTfliteMicro) {
  const std::string model_name = GetParam();
  const infer::LoadedModel model =
      infer::load_model(model_file(model_name).string());
  std::vector<codegen::Variant> variants;
  for (codegen::Variant v : corners()) {
    v.set("cc", "clang");
    variants.push_back(v);
    v.set("kernels", "dsp");
    variants.push_back(v);
  }
  if (model_name != "mnv2_100_224_nchw_int8") {  // the 3.8 MB model: both corners are enough
    for (const char* kernels : {"ref", "dsp"}) {
      codegen::Variant o2 = variants.back();
      o2.set("opt", "O2");
      o2.set("kernels", kernels);
      variants.push_back(o2);
    }
  }
  for (const auto& v : variants) ASSERT_EQ(v.get("cc"), "clang");
  expect_oracle_outputs(model_name, model, variants, "oracle_clang_" + model_name);
}

INSTANTIATE_TEST_SUITE_P(Models, OracleClang, testing::ValuesIn(oracle_models()),
                         [](const auto& info) { return info.param; });

// The intermediate-tensor dump reproduces TENSORS.tsv (the debugging aid that finds the first
// layer that differs works), for every model (but the 3.8 MB one) with the reference kernels and
// with the dsp family's: every intermediate tensor, not only the outputs, equals TFLite Micro's.
// The outputs of PADs folded into their convolution are never computed: exactly those are missing.
class TensorDump : public testing::TestWithParam<std::tuple<std::string, std::string>> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED(kManifest);
    AOTBENCH_NEEDS_SHARED("models/" + std::get<0>(GetParam()) + ".tflite");
  }
};

TEST_P(TensorDump, EveryIntermediateTensorMatchesTheOracleHashes) {
  const auto& [model_name, kernels] = GetParam();
  const fs::path file = model_file(model_name);
  const infer::LoadedModel model = infer::load_model(file.string());
  const oracle::Case* rand1_case = nullptr;
  for (const auto& c : the_oracle().cases())
    if (c.model == model_name && c.name == "rand1") rand1_case = &c;
  ASSERT_NE(rand1_case, nullptr);
  const fs::path dir = scratch_dir("dump_" + model_name + "_" + kernels);
  write_bytes(dir / "in.raw", the_oracle().input(*rand1_case, 0));
  codegen::Variant v = corners()[0];
  v.set("kernels", kernels);
  const infer::HostProgram program = infer::prepare_on_host(model, v, /*dump_tensors=*/true);
  infer::run_on_host(program, {dir / "in.raw"}, {dir / "out.raw"}, dir / "tensors");
  const auto& expected = the_oracle().tensors(model_name, "rand1");
  ASSERT_FALSE(expected.empty());
  std::set<int> computed;
  for (const auto& op : model.graph.ops) computed.insert(op.outputs.begin(), op.outputs.end());
  int compared = 0;
  for (const auto& [id, hash] : expected) {
    const fs::path f = dir / "tensors" / ("t" + std::to_string(id) + ".raw");
    EXPECT_EQ(fs::exists(f), computed.count(id) == 1) << "tensor " << id << " " << hash.name;
    if (!fs::exists(f)) continue;
    const auto bytes = read_bytes(f);
    EXPECT_EQ(oracle::sha256_16(bytes.data(), bytes.size()), hash.sha16) << "tensor " << id << " " << hash.name;
    ++compared;
  }
  EXPECT_EQ(compared, static_cast<int>(computed.size()));
  // Missing: the graph input, and one output per folded PAD.
  const std::size_t folded = codegen::read_tflite_file(file.string()).ops.size() - model.graph.ops.size();
  EXPECT_EQ(expected.size() - 1 - computed.size(), folded);
}

INSTANTIATE_TEST_SUITE_P(Models, TensorDump,
                         testing::Combine(testing::Values("person_detect", "vww_96_int8", "kws_ref_model",
                                                          "pretrainedresnet_quant", "mcunet_vww1_80", "ad01_int8",
                                                          "str_ww_ref_model"),
                                          testing::Values("ref", "dsp")),
                         [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

}  // namespace
