// Every kernel schedule on the device, against TFLite Micro's bytes: on an emulated board, every
// model of ../shared/oracle (those that fit it) with the reference kernels, the dsp family's
// default schedules, and each dsp schedule forced onto every layer it can run, each case's
// device outputs through the sweep's own measuring pipeline compared with the oracle files (not
// with a host build). The host runs the portable definitions of the intrinsics; this runs the
// real instructions (Cortex-M4, M7) or, on the Cortex-M3, proves the dsp family is never used.
//
// A second test builds the dsp kernels with a deliberate fault on the device only: the sweep
// must report a mismatch with the host reference and never select that variant; and the
// per-layer tuner must find the faulty schedules by bisecting its measurement images and compose
// a byte-exact variant without them.
#include <gtest/gtest.h>
#include <fmt/core.h>

#include <fstream>
#include <iterator>
#include <set>
#include <unistd.h>

#include "host/board/registry.hpp"
#include "host/choice/select.hpp"
#include "host/measure/measure.hpp"
#include "codegen/tests/needs_shared.hpp"
#include "results/tuning_log.hpp"
#include "host/search/layer_tuner/layer_tuner.hpp"
#include "codegen/select/select.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

const fs::path kShared = aotbench::test::shared_dir();

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The oracle cases of a model: <case>.in0.raw files (every model here has one input, one output).
std::vector<std::string> cases_of(const std::string& model) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(kShared / "oracle" / model)) {
    const std::string f = e.path().filename().string();
    if (f.size() > 8 && f.ends_with(".in0.raw")) names.insert(f.substr(0, f.size() - 8));
  }
  return {names.begin(), names.end()};
}

// The variants to run: ref, the dsp defaults, and from kForcedFrom on each dsp schedule forced
// wherever it applies.
constexpr std::size_t kForcedFrom = 2;
std::vector<codegen::Variant> schedule_variants(const infer::LoadedModel& m, const board::Profile& board) {
  const std::string base = "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2";
  std::vector<codegen::Variant> out = {codegen::Variant::parse(base)};
  if (!codegen::family_unsupported("dsp", board.cpu.features).empty()) return out;
  out.push_back(codegen::Variant::parse(base + ",kernels=dsp"));
  for (const auto& e : codegen::schedule_everywhere(m.graph, "dsp", board.cpu.features)) {
    out.push_back(codegen::Variant::parse(base + ",kernels=dsp"));
    out.back().set_layer_schedules(e.layers);
  }
  return out;
}

measure::MeasureSetup setup_for(const board::Profile& board, const infer::LoadedModel& model, const std::string& model_name,
                              const std::string& c) {
  measure::MeasureSetup s;
  s.board = board;
  s.model = &model;
  const fs::path in = kShared / "oracle" / model_name / (c + ".in0.raw");
  s.inputs = {read_bytes(in)};
  s.input_files = {in};
  s.reference = {read_bytes(kShared / "oracle" / model_name / (c + ".out0.raw"))};
  return s;
}

class DeviceOracle : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED("models");
    AOTBENCH_NEEDS_SHARED("oracle");
  }
};

// The fault tests run the real kws on TFLite Micro's rand1 input.
class DeviceFault : public testing::Test {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED("models/kws_ref_model.tflite");
    AOTBENCH_NEEDS_SHARED("oracle/kws_ref_model");
  }
};

TEST_P(DeviceOracle, EveryScheduleGivesTfliteMicrosBytesOnTheDevice) {
  const board::Profile board = board::Registry().get(GetParam(), {});
  std::atomic<bool> stop{false};
  int ran = 0;
  for (const std::string name : {"person_detect", "vww_96_int8", "kws_ref_model", "pretrainedresnet_quant",
                                 "mcunet_vww1_80", "ad01_int8", "str_ww_ref_model"}) {
    const infer::LoadedModel model = infer::load_model((kShared / "models" / (name + ".tflite")).string());
    const std::vector<std::string> cases = cases_of(name);
    const std::vector<codegen::Variant> variants = schedule_variants(model, board);
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const codegen::Variant& v = variants[i];
      // ref and the dsp defaults run every case; a schedule forced everywhere runs one, the cases
      // taken in turn (a boot per case and variant was most of this test's time)
      const bool forced = i >= kForcedFrom;
      for (std::size_t k = 0; k < cases.size(); ++k) {
        if (forced && k != i % cases.size()) continue;
        const std::string& c = cases[k];
        SCOPED_TRACE(name + " " + c + " " + v.key());
        const measure::Measurement m = measure::measure_variant(setup_for(board, model, name, c), v, [](measure::Stage) {}, stop);
        if (m.result.status == results::Status::does_not_fit) {
          std::printf("%s does not fit %s: %s\n", name.c_str(), board.name.c_str(), m.result.message.c_str());
          break;
        }
        ASSERT_EQ(m.result.status, results::Status::ok) << m.result.message;
        EXPECT_TRUE(m.result.outputs_match.value_or(false)) << m.result.message;
        const bool dsp = v.get("kernels") == "dsp";
        for (const auto& l : m.result.layers)  // the core decides: no dsp schedule runs on an M3
          EXPECT_EQ(l.schedule.rfind("dsp", 0) == 0, dsp && l.schedule != "ref") << l.index << " " << l.schedule;
        ++ran;
      }
    }
  }
  std::printf("%d model runs on %s matched the oracle\n", ran, board.name.c_str());
  EXPECT_GT(ran, 0);
}

INSTANTIATE_TEST_SUITE_P(Boards, DeviceOracle, testing::Values("netduinoplus2", "mps2-an500", "mps2-an385"),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

// Patch-based execution on the device: the first layers band by band, on every oracle model whose
// first layers can run in bands (kws, ad and the 224x224 mnv2 cannot), one input each, against
// TFLite Micro's bytes; the dsp kernels' real instructions on the Cortex-M4, the reference
// kernels on the Cortex-M3.
class DevicePatches : public testing::Test {
 protected:
  void SetUp() override {
    AOTBENCH_NEEDS_SHARED("models");
    AOTBENCH_NEEDS_SHARED("oracle");
  }
};

TEST_F(DevicePatches, BandsGiveTfliteMicrosBytesOnTheDevice) {
  struct Case {
    std::string board, model, knobs;
  };
  const std::string base = "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2";
  const std::vector<Case> runs = {{"netduinoplus2", "pretrainedresnet_quant", ",kernels=dsp,patches=4"},
                                  {"netduinoplus2", "mcunet_vww1_80", ",kernels=dsp,patches=8"},
                                  {"netduinoplus2", "vww_96_int8", ",kernels=dsp,patches=4"},
                                  {"netduinoplus2", "person_detect", ",kernels=dsp,patches=3"},
                                  {"mps2-an385", "pretrainedresnet_quant", ",patches=4"}};
  std::atomic<bool> stop{false};
  for (const Case& c : runs) {
    const board::Profile board = board::Registry().get(c.board, {});
    const infer::LoadedModel model = infer::load_model((kShared / "models" / (c.model + ".tflite")).string());
    const codegen::Variant v = codegen::Variant::parse(base + c.knobs);
    const std::string input = cases_of(c.model).front();
    SCOPED_TRACE(c.board + " " + c.model + " " + input + " " + v.key());
    const measure::Measurement m = measure::measure_variant(setup_for(board, model, c.model, input), v, [](measure::Stage) {}, stop);
    ASSERT_EQ(m.result.status, results::Status::ok) << m.result.message;
    EXPECT_TRUE(m.result.outputs_match.value_or(false)) << m.result.message;
  }
}

TEST_F(DeviceFault, AWrongDeviceResultIsAMismatchAndNeverSelected) {
  const board::Profile board = board::Registry().get("netduinoplus2", {});
  const infer::LoadedModel model = infer::load_model((kShared / "models" / "kws_ref_model.tflite").string());
  std::atomic<bool> stop{false};
  results::Run run;
  run.info.counter = results::CounterKind::instructions;
  for (const bool faulty : {false, true}) {
    measure::MeasureSetup s = setup_for(board, model, "kws_ref_model", "rand1");
    const auto v = codegen::Variant::parse(std::string("opt=O2,kernels=") + (faulty ? "dsp" : "ref"));
    if (faulty) {
      s.extra_cflags = {"-DAB_DSP_FAULT_INJECTION"};
      // As in a sweep, the reference is the variant's host build (the fault is device-only).
      const fs::path out = fs::temp_directory_path() / "aotbench_fault_reference.raw";
      infer::run_on_host(infer::prepare_on_host(model, v), s.input_files, {out});
      s.reference = {read_bytes(out)};
      EXPECT_EQ(s.reference, setup_for(board, model, "kws_ref_model", "rand1").reference);
    }
    measure::Measurement m = measure::measure_variant(s, v, [](measure::Stage) {}, stop);
    EXPECT_EQ(m.result.status, faulty ? results::Status::mismatch : results::Status::ok) << m.result.message;
    EXPECT_EQ(m.result.outputs_match, !faulty);
    run.variants.push_back(std::move(m.result));
  }
  // The faulty variant is far faster; it must still lose.
  ASSERT_LT(run.variants[1].counts->median, run.variants[0].counts->median);
  const auto winner = choice::select_winner(run, choice::board_limits(board, {}, {}, {}), choice::Objective::cycles);
  ASSERT_TRUE(winner.has_value());
  EXPECT_EQ(*winner, 0u);
  EXPECT_FALSE(run.variants[1].selected);
}

// In the sweep's pipeline a flash that does not verify (a byte of .text changed after loading) is
// the variant's flash_failed with the loader's message; the next variant on the board runs.
TEST_F(DeviceFault, AFlashThatDoesNotVerifyIsFlashFailedAndTheNextVariantRuns) {
  const board::Profile board = board::Registry().get("netduinoplus2", {});
  const infer::LoadedModel model = infer::load_model((kShared / "models" / "kws_ref_model.tflite").string());
  std::atomic<bool> stop{false};
  const measure::MeasureSetup s = setup_for(board, model, "kws_ref_model", "rand1");
  measure::MeasureSetup broken = s;
  broken.qemu.gdb.attempts = 2;
  broken.qemu.gdb.backoff = std::chrono::milliseconds(50);
  broken.qemu.gdb.after_load = {fmt::format("set {{unsigned char}}{:#x} = 0x5a", board.memory.flash.origin + 0x200)};
  const auto v = codegen::Variant::parse("opt=O2");
  const measure::Measurement bad = measure::measure_variant(broken, v, [](measure::Stage) {}, stop);
  EXPECT_EQ(bad.result.status, results::Status::flash_failed) << bad.result.message;
  EXPECT_NE(bad.result.message.find("verify failed: section(s) .text"), std::string::npos) << bad.result.message;
  EXPECT_FALSE(bad.result.counts.has_value());
  const measure::Measurement good = measure::measure_variant(s, v, [](measure::Stage) {}, stop);
  EXPECT_EQ(good.result.status, results::Status::ok) << good.result.message;
  EXPECT_EQ(good.result.outputs_match, true);
}

// The fault is in the 2x2 convolution loop every dsp CONV_2D schedule shares (device only).
TEST_F(DeviceFault, TheTunerBisectsToTheFaultySchedulesAndComposesWithoutThem) {
  const board::Profile board = board::Registry().get("netduinoplus2", {});
  const infer::LoadedModel model = infer::load_model((kShared / "models" / "kws_ref_model.tflite").string());
  std::atomic<bool> stop{false};
  measure::MeasureSetup s = setup_for(board, model, "kws_ref_model", "rand1");
  s.extra_cflags = {"-DAB_DSP_FAULT_INJECTION"};
  const std::vector<codegen::Variant> space = {codegen::Variant::parse("opt=O2")};
  results::Run run;
  run.info.counter = results::CounterKind::instructions;
  run.variants.push_back(measure::measure_variant(s, space[0], [](measure::Stage) {}, stop).result);
  ASSERT_EQ(run.variants[0].status, results::Status::ok) << run.variants[0].message;
  run.variants[0].fits = true;

  const fs::path db = fs::temp_directory_path() / ("aotbench_fault_tuning_" + std::to_string(getpid()) + ".sqlite");
  fs::remove(db);
  results::TuningLog log(db);
  search::LayerTuner tuner(log);
  const choice::Limits limits = choice::board_limits(board, {}, {}, {});
  std::optional<results::VariantResult> composed;
  for (int round = 0; round < 20; ++round) {
    const search::SearchState state{run, space, s, limits, choice::Objective::cycles};
    const auto batch = tuner.next(state);
    if (batch.empty()) break;
    for (const auto& p : batch) {
      const measure::Measurement m = measure::measure_variant(s, p.variant, [](measure::Stage) {}, stop);
      tuner.observe(p, m);
      if (p.result) composed = m.result;
    }
  }
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  ASSERT_TRUE(composed.has_value());
  EXPECT_EQ(composed->status, results::Status::ok) << composed->message;
  EXPECT_TRUE(composed->outputs_match.value_or(false));
  // The pointwise convolutions' faults reach the output: every dsp schedule of theirs is out.
  // (The first convolution's flipped bits do not reach kws's output; the output comparison cannot
  // see them, so whatever the tuner keeps for layer 0 still composes byte-exact outputs.)
  int dsp_elsewhere = 0;
  for (const auto& l : t->layers) {
    if (l.type == "CONV_2D" && l.index > 0) EXPECT_EQ(l.schedule, "ref") << l.index;
    else if (l.type != "CONV_2D" && l.schedule.rfind("dsp", 0) == 0) ++dsp_elsewhere;
  }
  EXPECT_GT(dsp_elsewhere, 0);  // the innocent schedules of the failed images were measured and kept
  EXPECT_NE(t->note.find("dsp_1x1 on CONV_2D excluded (mismatch"), std::string::npos) << t->note;
  EXPECT_GT(t->images, 5);  // the bisection's images beyond the first five
  EXPECT_LT(composed->counts->median, run.variants[0].counts->median);
  fs::remove(db);
}

}  // namespace
