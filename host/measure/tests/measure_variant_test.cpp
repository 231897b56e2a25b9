// The per-variant pipeline's bookkeeping: a stage that fails still counts its time, so a sweep
// whose links all fail does not report "build 0.0 s"; and what a build knob asks of the compiler
// is what the image was compiled with.
#include <gtest/gtest.h>

#include <sstream>

#include "base/process.hpp"
#include "host/board/registry.hpp"
#include "host/measure/measure.hpp"

using namespace aotbench;

namespace {

TEST(Measure, AFailedBuildCountsItsTime) {
  const infer::LoadedModel model = infer::load_model("kws");
  measure::MeasureSetup setup;
  setup.board = board::Registry().get("netduinoplus2", {});
  setup.model = &model;
  // Every compile of this variant fails: a header that does not exist.
  setup.extra_cflags = {"-include", "/nonexistent/aotbench-measure-test.h"};
  std::atomic<bool> stop{false};
  std::vector<measure::Stage> stages;
  const measure::Measurement m = measure::measure_variant(
      setup, codegen::Variant::parse("opt=Os"), [&](measure::Stage s) { stages.push_back(s); }, stop);
  EXPECT_EQ(m.result.status, results::Status::build_failed) << m.result.message;
  EXPECT_NE(m.result.message.find("aotbench-measure-test.h"), std::string::npos) << m.result.message;
  EXPECT_EQ(stages, (std::vector<measure::Stage>{measure::Stage::generate, measure::Stage::build, measure::Stage::done}));
  EXPECT_GT(m.times.build, 0.0);  // the compiler ran (and failed) for a measurable time
  EXPECT_EQ(m.times.flash, 0.0);
  EXPECT_EQ(m.times.run, 0.0);
}

}  // namespace

namespace {

// The compile flags gcc records in the image's debug information (DW_AT_producer), one per
// compilation unit: what the compiler was really asked.
std::vector<std::string> producers(const std::filesystem::path& elf) {
  const base::CommandResult r =
      base::run_command({"arm-none-eabi-readelf", "--debug-dump=info", elf.string()}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 0) << r.output.substr(0, 500);
  std::vector<std::string> out;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);)
    if (line.find("DW_AT_producer") != std::string::npos) out.push_back(line);
  return out;
}

// Built only: stopped once the image exists, before any emulator starts.
measure::Measurement build_only(const measure::MeasureSetup& setup, const std::string& spec) {
  std::atomic<bool> stop{false};
  return measure::measure_variant(
      setup, codegen::Variant::parse(spec), [&](measure::Stage s) { stop = stop || s == measure::Stage::build; }, stop);
}

// align=loops16 reaches the compiler of the model and the kernels (not the device runtime's, a
// library built once), and its image is another entry of the build cache than the unaligned one.
TEST(Measure, LoopAlignmentReachesTheCompilerInAnImageOfItsOwn) {
  const infer::LoadedModel model = infer::load_model("kws");
  measure::MeasureSetup setup;
  setup.board = board::Registry().get("netduinoplus2", {});
  setup.model = &model;
  const measure::Measurement plain = build_only(setup, "opt=O2,kernels=dsp");
  const measure::Measurement aligned = build_only(setup, "opt=O2,kernels=dsp,align=loops16");
  for (const auto* m : {&plain, &aligned}) {
    ASSERT_EQ(m->result.status, results::Status::skipped) << m->result.message;  // stopped after the build
    ASSERT_TRUE(std::filesystem::exists(m->elf)) << m->result.key;
  }
  EXPECT_NE(plain.elf.parent_path(), aligned.elf.parent_path());
  // The variant's own sources are the ones built -std=c11 (the runtime's are gnu11, libgcc's C17).
  int plain_aligned = 0, variant_units = 0, aligned_units = 0;
  for (const std::string& p : producers(plain.elf)) plain_aligned += p.find("-falign-loops") != std::string::npos;
  for (const std::string& p : producers(aligned.elf)) {
    if (p.find(" -O2 -std=c11") == std::string::npos) continue;
    ++variant_units;
    aligned_units += p.find(" -falign-loops=16") != std::string::npos;
  }
  EXPECT_EQ(plain_aligned, 0);
  EXPECT_GT(variant_units, 1);                // the model's sources and its kernels
  EXPECT_EQ(aligned_units, variant_units);    // every one of them aligned
}

// A combination the compiler would ignore fails before anything is compiled, saying what to give.
TEST(Measure, AlignmentWhereTheCompilerIgnoresItIsRefused) {
  const infer::LoadedModel model = infer::load_model("kws");
  measure::MeasureSetup setup;
  setup.board = board::Registry().get("netduinoplus2", {});
  setup.model = &model;
  const measure::Measurement m = build_only(setup, "opt=Os,align=loops16");
  EXPECT_EQ(m.result.status, results::Status::build_failed);
  EXPECT_NE(m.result.message.find("give opt=O2 or O3"), std::string::npos) << m.result.message;
  EXPECT_TRUE(m.elf.empty());
}

}  // namespace
