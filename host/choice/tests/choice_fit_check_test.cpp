// The fit check before building: lower bounds from code generation, and the overshoot message.
#include <gtest/gtest.h>

#include "host/choice/fit_check.hpp"
#include "codegen/emit/emitter.hpp"
#include "host/sweep/patch_axis.hpp"
#include "host/sweep/space.hpp"

using namespace aotbench;

namespace {

std::string error_of(const std::vector<choice::MinimumNeed>& needs, const choice::Limits& limits) {
  try {
    choice::check_something_fits(needs, limits, "tiny");
  } catch (const choice::NothingFits& e) {
    return e.what();
  }
  return "";
}

TEST(FitCheck, OneVariantThatMayFitIsEnough) {
  const std::vector<choice::MinimumNeed> needs = {{"workspace=static", 900, 500}, {"workspace=dynamic", 900, 90}};
  EXPECT_EQ(error_of(needs, {1000, 100, std::nullopt}), "");
  EXPECT_EQ(error_of(needs, {900, 90, std::nullopt}), "");  // exactly at the limits fits
}

TEST(FitCheck, NothingFitsNamesTheClosestAndItsOvershoot) {
  const std::vector<choice::MinimumNeed> needs = {{"api=packed,workspace=static", 3000, 700},    // misses 2000 + 600
                                                 {"api=unpacked,workspace=dynamic", 1200, 400}};  // misses 200 + 300
  const std::string e = error_of(needs, {1000, 100, std::nullopt});
  EXPECT_NE(e.find("nothing can fit tiny (flash <= 1000 B, RAM <= 100 B), found before building: all 2 variants"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("The closest, api=unpacked,workspace=dynamic, needs at least 1200 B of flash for its parameters "
                   "(200 B over the 1000 B limit) and 400 B of RAM for its workspace pool (300 B over the 100 B limit)"),
            std::string::npos)
      << e;
  const std::string ram_only = error_of({{"workspace=static", 10, 700}}, {1000, 0, std::nullopt});
  EXPECT_NE(ram_only.find("10 B of flash for its parameters (within the 1000 B limit) and 700 B of RAM for its arena "
                          "(700 B over the 0 B limit)"),
            std::string::npos)
      << ram_only;
}

// The bounds are the summary full code generation gives, for every knob combination of a space
// (opt and cc share their generated code and so their bounds).
TEST(FitCheck, BoundsAreTheGeneratedParametersAndArena) {
  const infer::LoadedModel model = infer::load_model("kws");
  const auto space = sweep::resolve_space("@corners;+workspace=*,plan=*");
  const auto needs = choice::minimum_needs(model, space, {"dsp"});
  ASSERT_EQ(needs.size(), space.size());
  for (std::size_t i = 0; i < space.size(); ++i) {
    codegen::EmitOptions eo;
    eo.model_name = model.name;
    eo.cpu_features = std::vector<std::string>{"dsp"};
    const codegen::EmitSummary s = codegen::emit_model(model.graph, space[i], eo).summary;
    EXPECT_EQ(needs[i].key, space[i].key());
    EXPECT_EQ(needs[i].flash, static_cast<uint64_t>(s.param_bytes)) << needs[i].key;
    EXPECT_EQ(needs[i].ram, static_cast<uint64_t>(space[i].static_workspace() ? s.arena_bytes : s.workspace_pool_bytes))
        << needs[i].key;
    EXPECT_GT(needs[i].ram, 0u);
  }
  // ../shared/models/SOURCES.md: kws has 24376 bytes of constant buffers (shape tensors included)
  // and 16000 bytes of peak live activations.
  EXPECT_LE(needs[0].flash, 24376u);
  EXPECT_GT(needs[0].flash, 22606u);  // at least its 22606 constant elements, a byte each or more
}

}  // namespace

// Under a RAM limit no variant of the space fits, the space gains the variants with the first
// layers in bands, and the fit check then finds one that may fit; with room to spare (and RAM not
// deciding), nothing is added; a space that sets patches itself is left alone.
TEST(PatchAxis, ATightRamLimitAddsBandedVariantsThatFit) {
  const infer::LoadedModel model = infer::load_model("mnv2");
  auto space = sweep::resolve_space("@none;+kernels=ref");
  ASSERT_EQ(space.size(), 1u);
  const uint64_t whole = choice::minimum_needs(model, space, {}).at(0).ram;
  const choice::Limits tight{1u << 30, whole / 2, std::nullopt};
  EXPECT_THROW(choice::check_something_fits(choice::minimum_needs(model, space, {}), tight, "tiny"), choice::NothingFits);
  EXPECT_FALSE(sweep::add_patch_variants(space, model, tight, false, {}).empty());
  ASSERT_EQ(space.size(), 1u + sweep::patch_axis_values().size());
  for (std::size_t i = 1; i < space.size(); ++i) EXPECT_NE(space[i].get("patches"), "0");
  EXPECT_NO_THROW(choice::check_something_fits(choice::minimum_needs(model, space, {}), tight, "tiny"));

  auto roomy = sweep::resolve_space("@none;+kernels=ref");
  EXPECT_TRUE(sweep::add_patch_variants(roomy, model, {1u << 30, 1u << 30, std::nullopt}, false, {}).empty());
  EXPECT_EQ(roomy.size(), 1u);
  auto chosen = sweep::resolve_space("@none;+kernels=ref,patches=2");
  sweep::add_patch_variants(chosen, model, tight, true, {});
  EXPECT_EQ(chosen.size(), 1u);
}
