// The tuner's footprint prediction: a measured base plus what code generation says changes, and
// the correction a measured miss teaches it.
#include <gtest/gtest.h>

#include "host/choice/footprint.hpp"
#include "host/infer/infer.hpp"

using namespace aotbench;

namespace {

results::VariantResult measured(uint64_t flash, uint64_t ram, uint64_t stack) {
  results::VariantResult v;
  v.status = results::Status::ok;
  v.flash = results::SizeSplit{};
  v.flash->parameters = flash;
  v.ram = results::SizeSplit{};
  v.ram->model_code = ram;
  v.stack_bytes = stack;
  return v;
}

class Footprint : public ::testing::Test {
 protected:
  void SetUp() override {
    eo_.model_name = model_.name;
    eo_.cpu_features = std::vector<std::string>{"dsp"};
  }
  codegen::EmitSummary summary(const codegen::Variant& v) const { return codegen::summarize_model(model_.graph, v, eo_); }

  const infer::LoadedModel model_ = infer::load_model("kws");
  codegen::EmitOptions eo_;
  const codegen::Variant base_ = codegen::Variant::parse("kernels=dsp");
};

TEST_F(Footprint, TheBaseIsItsMeasurementAndChangesFollowTheGeneratedData) {
  const choice::FootprintModel m(model_.graph, eo_, base_, measured(60000, 20000, 300));
  EXPECT_EQ(m.predict(base_).flash, 60000);
  EXPECT_EQ(m.predict(base_).ram, 20300);
  // int16 weights: twice the bytes of int8 for every convolution that takes them
  const codegen::Variant wide = codegen::Variant::parse("kernels=dsp,layers=2:dsp_1x1_w16/4:dsp_1x1_w16");
  const int64_t more = summary(wide).param_bytes - summary(base_).param_bytes;
  EXPECT_GT(more, 0);
  EXPECT_EQ(m.predict(wide).flash, 60000 + more);
  const codegen::Variant reference = codegen::Variant::parse("kernels=ref");
  EXPECT_EQ(m.predict(reference).ram,
            20300 + summary(reference).arena_bytes - summary(base_).arena_bytes);
}

TEST_F(Footprint, AMeasuredMissWidensLaterPredictions) {
  choice::FootprintModel m(model_.graph, eo_, base_, measured(60000, 20000, 300));
  const choice::Limits limits{61000, 100000, std::nullopt};
  const codegen::Variant wide = codegen::Variant::parse("kernels=dsp,layers=2:dsp_1x1_w16");
  const int64_t predicted = m.predict(wide).flash;
  results::VariantResult missed;
  missed.status = results::Status::does_not_fit;
  missed.message = "ld: region `FLASH' overflowed by 5000 bytes";
  m.correct(wide, missed, limits);
  EXPECT_EQ(m.predict(wide).flash, 66000);                     // the limit plus the overflow
  EXPECT_EQ(m.predict(base_).flash, 60000 + 66000 - predicted);  // the same margin for everything
  EXPECT_FALSE(choice::FootprintModel::fits(m.predict(wide), limits));
  EXPECT_EQ(choice::FootprintModel::overshoot(m.predict(wide), limits).flash, 5000);
}

TEST(LinkerOverflow, ReadsTheRegionTheLinkerNamed) {
  const std::string msg = "section `.bss' will not fit in region `RAM'; region `RAM' overflowed by 1234 bytes\n"
                          "region `FLASH' overflowed by 77 bytes";
  EXPECT_EQ(choice::linker_overflow(msg, "RAM"), 1234);
  EXPECT_EQ(choice::linker_overflow(msg, "FLASH"), 77);
  EXPECT_EQ(choice::linker_overflow("undefined reference to `ab_x'", "FLASH"), 0);
}

}  // namespace
