// The per-layer tuner's decisions, fed per-operator profiles made up here to show what QEMU's
// exact counts never do: noise between repeats, as DWT cycles on a real board have, and a board
// whose flash the fastest choices overflow. (sweep.tune runs the same tuner on QEMU for real.)
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <ranges>
#include <set>
#include <string>

#include <unistd.h>

#include "host/board/registry.hpp"
#include "results/sqlite_db.hpp"
#include "host/infer/infer.hpp"
#include "host/search/layer_tuner/layer_tuner.hpp"
#include "codegen/select/select.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

// Cycles per layer by schedule: int16 weights a little faster than int8, int8 widened into RAM
// a little slower, all far below the reference kernels, the depthwise kernel with the least
// scratch clearly slower than its twin and the 3x3 ones clearly faster; every dsp figure varies
// by 300 cycles between repeats.
uint64_t cycles_of(const std::string& schedule) {
  if (schedule == "ref") return 10000;
  if (schedule == "dsp_dw_small") return 5000;
  if (schedule == "dsp_dw3x3") return 3400;
  if (schedule == "dsp_dw3x3_image") return 2800;
  return schedule.ends_with("_w16") ? 4000 : schedule.ends_with("_ram") ? 4200 : 4100;
}
uint64_t spread_of(const std::string& schedule) { return schedule == "ref" ? 0 : 300; }

class Tuner : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::remove(db_);
    setup_.board = board::Registry().get("netduinoplus2", {});
    setup_.model = &model_;
    setup_.repeat = 5;
    results::VariantResult base;
    base.key = space_[0].key();
    base.knobs = measure::knobs_of(space_[0]);
    base.status = results::Status::ok;
    base.outputs_match = true;
    base.fits = true;
    base.counts = results::summarize({900000});
    base.flash = results::SizeSplit{};
    base.flash->parameters = 60000;
    base.ram = results::SizeSplit{};
    base.ram->model_code = 30000;
    base.stack_bytes = 400;
    run_.info.counter = results::CounterKind::cycles_dwt;
    run_.variants.push_back(base);
  }
  void TearDown() override { fs::remove(db_); }

  // Measures what the tuner proposes with the made-up profiles, until it proposes nothing.
  // Returns the batches' sizes, the composed variants' marked negative.
  std::vector<int> drive(search::LayerTuner& tuner, const choice::Limits& limits) {
    std::vector<int> batches;
    for (int round = 0; round < 50; ++round) {
      const search::SearchState state{run_, space_, setup_, limits, choice::Objective::cycles};
      const auto batch = tuner.next(state);
      if (batch.empty()) break;
      batches.push_back(batch[0].result ? -static_cast<int>(batch.size()) : static_cast<int>(batch.size()));
      for (const auto& p : batch) tuner.observe(p, measure(p));
    }
    return batches;
  }

  measure::Measurement measure(const search::Proposal& p) const {
    measure::Measurement m;
    // A variant in bands has the figures of the banded one a test added (the second result).
    const bool banded = p.variant.get("patches") != "0" && run_.variants.size() > 1;
    m.result = run_.variants[banded ? 1 : 0];
    m.result.key = p.variant.key();
    // Code built at -O3 runs every dsp layer `o3_dsp_` cycles faster, where a test says so.
    const bool o3 = p.variant.get("opt") == "O3";
    uint64_t total = 0;
    for (const auto& [index, schedule] : p.variant.layer_schedules()) {
      const auto faster = faster_.find(schedule);
      const uint64_t cycles = (faster != faster_.end() ? faster->second : cycles_of(schedule)) -
                              (o3 && schedule != "ref" ? o3_dsp_ : 0);
      m.ops.push_back({index, "", cycles, 0, schedule, spread_of(schedule)});
      total += cycles;
    }
    m.result.counts = results::summarize({total});
    return m;
  }

  // One database per test and process: CTest runs the tests of this file side by side.
  const fs::path db_ = fs::temp_directory_path() /
                       ("aotbench_tuner_" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) +
                        "_" + std::to_string(getpid()) + ".sqlite");
  const infer::LoadedModel model_ = infer::load_model("kws");
  std::vector<codegen::Variant> space_ = {codegen::Variant::parse("opt=O2,kernels=dsp")};
  measure::MeasureSetup setup_;
  results::Run run_;
  const choice::Limits roomy_{1 << 20, 1 << 20, std::nullopt};
  uint64_t o3_dsp_ = 0;
  std::map<std::string, uint64_t> faster_;  // cycles of schedules a test makes faster than cycles_of's

  // An untuned -O3 variant beside the -O2 one, counted `counts`.
  codegen::Variant add_o3(uint64_t counts) { return add_untuned("opt=O3,kernels=dsp", counts); }

  // An untuned variant of the space beside the first, counted `counts`.
  codegen::Variant add_untuned(const std::string& spec, uint64_t counts) {
    const codegen::Variant v = codegen::Variant::parse(spec);
    space_.push_back(v);
    results::VariantResult r = run_.variants[0];
    r.key = v.key();
    r.knobs = measure::knobs_of(v);
    r.counts = results::summarize({counts});
    run_.variants.push_back(r);
    return v;
  }

  // The space's one variant and its result become `spec`'s.
  void use_base(const std::string& spec) {
    space_[0] = codegen::Variant::parse(spec);
    run_.variants[0].key = space_[0].key();
    run_.variants[0].knobs = measure::knobs_of(space_[0]);
  }
};

TEST_F(Tuner, AsManyImagesAsTheMostCandidatesThenOneComposition) {
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  const std::vector<int> batches = drive(tuner, roomy_);
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  std::size_t most = 0;
  for (const auto& l : t->layers) most = std::max(most, l.candidates.size());
  // a pointwise convolution: ref, dsp_1x1(_w16|_ram), dsp_im2col(_w16|_ram), dsp_1x1_3px(_dual)(_w16|_ram|_kept)
  EXPECT_EQ(most, 13u);
  EXPECT_EQ(batches, (std::vector<int>{13, -1}));
  EXPECT_EQ(t->images, 13);
  for (const auto& l : t->layers) {
    EXPECT_EQ(l.counts, cycles_of(l.schedule)) << l.index;
    if (l.candidates.size() > 1) {
      EXPECT_NE(l.schedule, "ref") << l.index;
    }
  }
}

// int8 and int16 weights 100 cycles apart with 300 of spread: the choice is flagged, not trusted;
// a dsp schedule 6000 cycles below the reference one is not a close call.
TEST_F(Tuner, ChoicesWithinTheNoiseAreFlagged) {
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  drive(tuner, roomy_);
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  int flagged = 0, clear = 0;
  for (const auto& l : t->layers) {
    const bool has_twin = std::any_of(l.candidates.begin(), l.candidates.end(), [](const auto& c) {
      return c.first.ends_with("_w16");
    });
    EXPECT_EQ(l.close_call, has_twin) << l.index << " " << l.schedule;
    (l.close_call ? flagged : clear) += 1;
    if (l.close_call) {
      EXPECT_EQ(l.spread, 300u);
    }
  }
  EXPECT_GT(flagged, 0);
  EXPECT_GT(clear, 0);
}

TEST_F(Tuner, ASecondTuningOnTheSameLogBuildsNoImage) {
  results::TuningLog log(db_);
  search::LayerTuner first(log);
  drive(first, roomy_);
  search::LayerTuner second(log);
  EXPECT_EQ(drive(second, roomy_), (std::vector<int>{-1}));
  const auto t = second.tuning();
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->images, 0);
  EXPECT_EQ(t->measured, 0);
  EXPECT_EQ(t->from_log, first.tuning()->measured);
  EXPECT_EQ(t->tuned_key, first.tuning()->tuned_key);
}

// Flash for the first convolution's int16 weights or the classifier's, not both, and not for the
// pointwise convolutions': those are ruled out before building, and the composition gives the
// first convolution (the fewer cycles saved per byte) int8 weights, all predicted before building.
// The same log under another build of the timing model (another fingerprint): its figures are
// another model's, so every layer is measured again; back under the first, none is.
TEST_F(Tuner, FiguresOfAnotherTimingModelAreNotReused) {
  run_.info.counter = results::CounterKind::cycles_model;
  setup_.counter_version = "0123456789ab";
  results::TuningLog log(db_);
  search::LayerTuner first(log);
  const std::vector<int> measured = drive(first, roomy_);
  setup_.counter_version = "ba9876543210";
  search::LayerTuner other(log);
  EXPECT_EQ(drive(other, roomy_), measured);
  ASSERT_TRUE(other.tuning().has_value());
  EXPECT_EQ(other.tuning()->from_log, 0);
  setup_.counter_version = "0123456789ab";
  search::LayerTuner again(log);
  EXPECT_EQ(drive(again, roomy_), (std::vector<int>{-1}));
}

// Aligned loops are another build: the layers' unaligned figures are not theirs, so every layer is
// measured again and logged under a build key of its own; the unaligned figures keep the key a log
// written before the knob has ("O2,index=i32"), and are found again.
TEST_F(Tuner, FiguresOfAnotherLoopAlignmentAreNotReused) {
  results::TuningLog log(db_);
  search::LayerTuner plain(log);
  const std::vector<int> measured = drive(plain, roomy_);
  const std::size_t entries = log.size();
  use_base("opt=O2,kernels=dsp,align=loops16");
  search::LayerTuner aligned(log);
  EXPECT_EQ(drive(aligned, roomy_), measured);
  ASSERT_TRUE(aligned.tuning().has_value()) << aligned.note();
  EXPECT_EQ(aligned.tuning()->from_log, 0);
  EXPECT_NE(aligned.tuning()->tuned_key.find(",align=loops16"), std::string::npos) << aligned.tuning()->tuned_key;
  EXPECT_EQ(log.size(), 2 * entries);
  const fs::path exported = fs::path(db_).replace_extension(".jsonl");
  log.export_jsonl(exported);
  std::ifstream in(exported);
  std::size_t unaligned = 0, aligned_entries = 0;
  for (std::string line; std::getline(in, line);) {
    unaligned += line.find(R"("opt":"O2,index=i32")") != std::string::npos;
    aligned_entries += line.find(R"("opt":"O2,index=i32,align=loops16")") != std::string::npos;
  }
  fs::remove(exported);
  EXPECT_EQ(unaligned, entries);
  EXPECT_EQ(aligned_entries, entries);
  use_base("opt=O2,kernels=dsp");
  search::LayerTuner again(log);
  EXPECT_EQ(drive(again, roomy_), (std::vector<int>{-1}));
}

// The same opt level aligned, 0.5 % behind untuned, is another build close behind: tuned too.
TEST_F(Tuner, AnAlignedBuildCloseBehindIsTunedToo) {
  const codegen::Variant aligned = add_untuned("opt=O2,kernels=dsp,align=loops16", 904500);
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, roomy_), (std::vector<int>{13, -1, 13, -1}));
  ASSERT_TRUE(tuner.tuning().has_value()) << tuner.note();
  EXPECT_NE(tuner.tuning()->note.find("composed from " + aligned.key() + " too"), std::string::npos)
      << tuner.tuning()->note;
}

// A space that asked for alignment where gcc aligns nothing (-Os) holds that variant as a failed
// build; the tuner tunes the rest.
TEST_F(Tuner, ARefusedAlignmentInTheSpaceLeavesTheTuningAsItWas) {
  add_untuned("kernels=dsp,align=loops16", 0);
  run_.variants.back().status = results::Status::build_failed;
  run_.variants.back().counts.reset();
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, roomy_), (std::vector<int>{13, -1}));
  ASSERT_TRUE(tuner.tuning().has_value()) << tuner.note();
}

TEST_F(Tuner, TheLimitsAreMetBeforeBuilding) {
  codegen::EmitOptions eo;
  eo.model_name = model_.name;
  eo.cpu_features = setup_.board.cpu.features;
  const choice::FootprintModel f(model_.graph, eo, space_[0], run_.variants[0]);
  auto more_flash = [&](const std::string& layers) {
    codegen::Variant v = space_[0];
    v.set("layers", layers);
    return f.predict(v).flash - 60000;
  };
  const auto& ops = codegen::summarize_model(model_.graph, space_[0], eo).ops;
  int first = -1, fc = -1, pointwise = -1;
  for (const auto& op : ops) {
    if (op.schedule == "dsp_im2col" && first < 0) first = op.index;
    if (op.schedule == "dsp_fc") fc = op.index;
    if (op.schedule == "dsp_1x1" && pointwise < 0) pointwise = op.index;
  }
  ASSERT_TRUE(first >= 0 && fc >= 0 && pointwise >= 0);
  const int64_t d_first = more_flash(std::to_string(first) + ":dsp_im2col_w16");
  const int64_t d_fc = more_flash(std::to_string(fc) + ":dsp_fc_w16");
  const int64_t d_pointwise = more_flash(std::to_string(pointwise) + ":dsp_1x1_w16");
  ASSERT_GT(d_first, d_fc);
  ASSERT_GT(d_pointwise, d_first + d_fc);  // one pointwise layer alone takes more than both
  const choice::Limits tight{static_cast<uint64_t>(60000 + d_first + d_fc - 1), 1 << 20, std::nullopt};

  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, tight).back(), -1);  // one composition: predicted to fit, and it did
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  std::map<int, std::string> chosen;
  for (const auto& l : t->layers) chosen[l.index] = l.schedule;
  EXPECT_EQ(chosen[first], "dsp_im2col");
  EXPECT_EQ(chosen[fc], "dsp_fc_w16");
  EXPECT_EQ(chosen[pointwise], "dsp_1x1");
  EXPECT_NE(t->note.find("1 layer shape(s) on a leaner schedule than their fastest"), std::string::npos) << t->note;
  EXPECT_NE(t->note.find("dsp_1x1_w16 on CONV_2D excluded (would need"), std::string::npos) << t->note;
}

// The pointwise layers' fastest schedule keeps int16 weights in RAM (flash and RAM both), the
// next widens them into RAM per call (working memory the layers share in the arena), the int16
// ones in flash are slower still. Under a flash limit below what the fastest schedules take, the
// composition is the fastest of all that are predicted to fit, found here by trying every one
// (schedules of equal bytes stand for each other). Shedding from the fastest alone frees more
// than it must and ends 100 cycles behind.
TEST_F(Tuner, UnderALimitTheCompositionIsTheFastestThatFits) {
  faster_ = {{"dsp_1x1_3px_kept", 3500}, {"dsp_1x1_3px_ram", 3700}};
  const auto cycles = [&](const std::string& s) { return faster_.contains(s) ? faster_.at(s) : cycles_of(s); };
  codegen::EmitOptions eo;
  eo.model_name = model_.name;
  eo.cpu_features = setup_.board.cpu.features;
  const choice::FootprintModel f(model_.graph, eo, space_[0], run_.variants[0]);
  const auto groups = codegen::layer_groups(model_.graph, space_[0], eo);
  std::vector<std::vector<std::string>> options;  // per group: the fastest schedule of each size
  for (const auto& g : groups) {
    std::map<std::pair<int64_t, int64_t>, std::string> by_bytes;
    for (const auto& c : g.choices) {
      auto& s = by_bytes[{c.param_bytes, c.scratch_bytes}];
      if (s.empty() || cycles(c.schedule) < cycles(s)) s = c.schedule;
    }
    options.emplace_back(std::views::values(by_bytes).begin(), std::views::values(by_bytes).end());
  }
  struct Composition {
    choice::Footprint footprint;
    uint64_t cycles = 0;
  };
  std::vector<Composition> every;
  for (std::vector<std::size_t> pick(groups.size(), 0);;) {
    std::string layers;
    Composition c;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      for (int op : groups[gi].ops) {
        layers += (layers.empty() ? "" : "/") + std::to_string(op) + ":" + options[gi][pick[gi]];
        c.cycles += cycles(options[gi][pick[gi]]);
      }
    }
    codegen::Variant v = space_[0];
    v.set("layers", layers);
    c.footprint = f.predict(v);
    every.push_back(c);
    std::size_t gi = 0;
    while (gi < groups.size() && ++pick[gi] == options[gi].size()) pick[gi++] = 0;
    if (gi == groups.size()) break;
  }
  const auto [least, most] = std::ranges::minmax(every | std::views::transform([](const Composition& c) { return c.footprint.flash; }));
  const auto ram = std::ranges::max(every | std::views::transform([](const Composition& c) { return c.footprint.ram; }));
  const choice::Limits limits{static_cast<uint64_t>(least + (most - least) * 4 / 5), static_cast<uint64_t>(ram), std::nullopt};
  uint64_t fastest_fit = std::numeric_limits<uint64_t>::max();
  for (const Composition& c : every)
    if (choice::FootprintModel::fits(c.footprint, limits)) fastest_fit = std::min(fastest_fit, c.cycles);

  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, limits).back(), -1);
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  uint64_t composed = 0;
  for (const auto& l : t->layers) composed += cycles(l.schedule);
  EXPECT_EQ(composed, fastest_fit) << t->note;
  EXPECT_NE(t->note.find("on a leaner schedule than their fastest"), std::string::npos) << t->note;
}

// Only a variant in bands of rows fits the RAM, nothing whole even on its leanest schedules: the
// tuner composes from the banded winner, whose band group keeps its schedules while the other
// layers are measured in images of it and take their fastest.
TEST_F(Tuner, WhereOnlyABandedVariantFitsItIsTunedFromIt) {
  const codegen::Variant banded = codegen::Variant::parse("opt=O2,kernels=ref,patches=8");
  space_.push_back(banded);
  results::VariantResult b = run_.variants[0];
  b.key = banded.key();
  b.knobs = measure::knobs_of(banded);
  b.counts = results::summarize({2000000});
  b.ram->model_code = 20000;
  run_.variants.push_back(b);
  const choice::Limits tight{1 << 20, 25000, std::nullopt};

  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  const std::vector<int> batches = drive(tuner, tight);
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  EXPECT_EQ(t->base_key, banded.key());
  EXPECT_NE(t->tuned_key.find("patches=8"), std::string::npos) << t->tuned_key;
  ASSERT_FALSE(batches.empty());
  EXPECT_GT(batches.front(), 0);  // images of the banded variant: none fitted beside dsp whole
  EXPECT_EQ(batches.back(), -1);
  codegen::EmitOptions eo;
  eo.model_name = model_.name;
  eo.cpu_features = setup_.board.cpu.features;
  const int band_ops = codegen::summarize_model(model_.graph, banded, eo).patch_ops;
  ASSERT_GT(band_ops, 0);
  std::set<int> in_bands;
  for (int i = 0; i < band_ops; ++i) in_bands.insert(model_.graph.ops[static_cast<std::size_t>(i)].index);
  ASSERT_FALSE(t->layers.empty());
  bool faster = false;
  for (const auto& l : t->layers) {
    EXPECT_EQ(in_bands.count(l.index), 0u) << "layer " << l.index << " runs in bands: it keeps the winner's schedule";
    faster = faster || l.counts < cycles_of("ref");
  }
  EXPECT_TRUE(faster) << "no layer left the reference kernels";
}

// Poisons every `ref` entry of the log the way a hand edit or a broken import would.
void poison_ref_entries(const fs::path& db, const std::string& counts_sql) {
  results::Database(db, "test database").exec("UPDATE tuning_log SET counts = " + counts_sql + " WHERE schedule = 'ref'");
}

std::size_t ref_groups(const results::Tuning& t) {
  std::set<std::string> shapes;
  for (const auto& l : t.layers)
    if (l.reference) shapes.insert(l.type + l.shape);
  return shapes.size();
}

// The adversarial run's case: `ref` figures of 0 or 1e30 (stored as a REAL) in the log. They are
// not used: every one is measured again (one image: the ref candidates), replaced in the log with
// the old entry kept as superseded, and the tuning ends where a clean log's does.
// -O3 is 1 % behind -O2 untuned, but its dsp layers tune 300 cycles faster each: the tuner composes
// from both builds, each measured in images of its own, and keeps the -O3 composition.
TEST_F(Tuner, ABuildCloseBehindIsTunedTooAndWinsWhereItsLayersAreFaster) {
  const codegen::Variant o3 = add_o3(909000);
  o3_dsp_ = 300;
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  const std::vector<int> batches = drive(tuner, roomy_);
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  EXPECT_EQ(batches, (std::vector<int>{13, -1, 13, -1}));  // -O2's images and composition, then -O3's
  EXPECT_EQ(t->base_key, o3.key());
  EXPECT_EQ(t->images, 26);  // both passes'
  EXPECT_NE(t->tuned_key.find("opt=O3"), std::string::npos) << t->tuned_key;
  EXPECT_NE(t->note.find("composed from " + space_[0].key() + " too"), std::string::npos) << t->note;
  for (const auto& l : t->layers) {
    if (l.schedule != "ref") {
      EXPECT_EQ(l.counts, cycles_of(l.schedule) - 300) << l.index << " " << l.schedule;
    }
  }

  // The same figures, -O3 no faster: the -O2 composition stays (the earlier pass wins a tie).
  fs::remove(db_);
  o3_dsp_ = 0;
  results::TuningLog fresh(db_);
  search::LayerTuner again(fresh);
  drive(again, roomy_);
  const auto kept = again.tuning();
  ASSERT_TRUE(kept.has_value()) << again.note();
  EXPECT_EQ(kept->base_key, space_[0].key());
}

// A build 10 % behind untuned is not worth its images: one pass.
TEST_F(Tuner, ABuildFarBehindIsNotTuned) {
  add_o3(990000);
  o3_dsp_ = 300;
  results::TuningLog log(db_);
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, roomy_), (std::vector<int>{13, -1}));
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  EXPECT_EQ(t->base_key, space_[0].key());
  EXPECT_EQ(t->note.find("composed from"), std::string::npos) << t->note;
}

TEST_F(Tuner, ZeroOrHugeRefFiguresAreMeasuredAgainAndReplaced) {
  for (const std::string poison : {"0", "1e30"}) {
    fs::remove(db_);
    results::TuningLog log(db_);
    search::LayerTuner clean(log);
    drive(clean, roomy_);
    poison_ref_entries(db_, poison);
    search::LayerTuner tuner(log);
    EXPECT_EQ(drive(tuner, roomy_), (std::vector<int>{1, -1})) << poison;
    const auto t = tuner.tuning();
    ASSERT_TRUE(t.has_value()) << tuner.note();
    EXPECT_EQ(t->tuned_key, clean.tuning()->tuned_key) << poison;
    EXPECT_EQ(t->corrections.size(), ref_groups(*t)) << poison;
    for (const auto& c : t->corrections) {
      EXPECT_EQ(c.schedule, "ref");
      EXPECT_EQ(c.measured, 10000u);
      EXPECT_NE(c.why.find(poison == "0" ? "counts: 0" : "not a whole number"), std::string::npos) << c.why;
    }
    EXPECT_NE(t->note.find("the tuning log was wrong about"), std::string::npos) << t->note;
    EXPECT_EQ(log.superseded(), t->corrections.size());
    // The log is right again: a third tuning trusts it and measures nothing.
    search::LayerTuner third(log);
    EXPECT_EQ(drive(third, roomy_), (std::vector<int>{-1})) << poison;
    EXPECT_TRUE(third.tuning()->corrections.empty());
  }
}

// A plausible but wrong `ref` figure (below the dsp ones, as plausible per MAC as its siblings):
// the tuner picks ref, the composed variant counts far more than the logged layers add up to, so
// its logged layers are measured again in one image, the log is corrected and the choice made
// again: the second composition is the clean log's.
TEST_F(Tuner, ACompositionTheLogDoesNotAddUpToIsMeasuredAgain) {
  results::TuningLog log(db_);
  search::LayerTuner clean(log);
  drive(clean, roomy_);
  poison_ref_entries(db_, "3000");
  search::LayerTuner tuner(log);
  EXPECT_EQ(drive(tuner, roomy_), (std::vector<int>{-1, 1, -1}));
  const auto t = tuner.tuning();
  ASSERT_TRUE(t.has_value()) << tuner.note();
  EXPECT_EQ(t->tuned_key, clean.tuning()->tuned_key);
  ASSERT_FALSE(t->corrections.empty());
  for (const auto& c : t->corrections) {
    EXPECT_EQ(c.schedule, "ref");
    EXPECT_EQ(c.logged, "3000");
    EXPECT_EQ(c.measured, 10000u);
    EXPECT_NE(c.why.find("the composed variant counted"), std::string::npos) << c.why;
  }
  EXPECT_EQ(t->note.find("not explained"), std::string::npos) << t->note;
}

}  // namespace
