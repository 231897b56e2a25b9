// Name mangling: two models with different prefixes link into one program (no adapter, the
// application's own main) and both produce TFLite Micro's outputs. A global symbol left
// unmangled would be defined twice and fail the link.
#include <gtest/gtest.h>

#include <fstream>

#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/tests/needs_shared.hpp"
#include "host/build/toolchain.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

const fs::path kShared = aotbench::test::shared_dir();

// The application: reads each model's input, runs both through their C interface.
const char* kMain = R"(#include <stdio.h>
#include "ab_aot_runtime.h"
#include "tvmgen_pd.h"
#include "tvmgen_kws.h"

static int8_t pd_in[TVMGEN_PD_INPUT_INPUT_SIZE], pd_out[2];
static int8_t kws_in[490], kws_out[12];

static int io(const char* path, void* data, size_t bytes, int writing) {
  FILE* f = fopen(path, writing ? "wb" : "rb");
  if (!f) return 0;
  size_t n = writing ? fwrite(data, 1, bytes, f) : fread(data, 1, bytes, f);
  fclose(f);
  return n == bytes;
}

int main(int argc, char** argv) {
  if (argc != 5 || !io(argv[1], pd_in, sizeof pd_in, 0) || !io(argv[3], kws_in, sizeof kws_in, 0)) return 2;
#if TVMGEN_PD_WORKSPACE_POOL_SIZE + TVMGEN_KWS_WORKSPACE_POOL_SIZE > 0
  static uint8_t pool[TVMGEN_PD_WORKSPACE_POOL_SIZE + TVMGEN_KWS_WORKSPACE_POOL_SIZE] __attribute__((aligned(16)));
  ab_workspace_init(pool, sizeof pool);
#endif
  struct tvmgen_pd_inputs pi = {pd_in};
  struct tvmgen_pd_outputs po = {pd_out};
  struct tvmgen_kws_inputs ki = {kws_in};
  struct tvmgen_kws_outputs ko = {kws_out};
  if (tvmgen_pd_run(&pi, &po) != 0 || tvmgen_kws_run(&ki, &ko) != 0) return 1;
  return io(argv[2], pd_out, sizeof pd_out, 1) && io(argv[4], kws_out, sizeof kws_out, 1) ? 0 : 2;
}
)";

void two_models_in_one_program(const std::string& knobs) {
  codegen::EmitOptions no_adapter;
  no_adapter.device_adapter = false;
  const infer::LoadedModel pd = infer::load_model((kShared / "models/person_detect.tflite").string());
  const infer::LoadedModel kws = infer::load_model((kShared / "models/kws_ref_model.tflite").string());
  const codegen::Variant vp = codegen::Variant::parse(knobs + ",prefix=pd");
  const codegen::Variant vk = codegen::Variant::parse(knobs + ",prefix=kws");

  const fs::path dir = scratch_dir("two_models");
  std::ofstream(dir / "app_main.c") << kMain;
  infer::HostBuildSpec spec;
  codegen::EmitSummary sp, sk;
  spec.generated_dirs = {infer::generate_to_cache(pd, vp, no_adapter, &sp),
                         infer::generate_to_cache(kws, vk, no_adapter, &sk)};
  spec.support = {codegen::support_files(sp), codegen::support_files(sk)};
  spec.main_source = dir / "app_main.c";
  const infer::HostBuild program = infer::build_host_runner(spec);

  const fs::path pd_case = kShared / "oracle/person_detect/img_person";
  const fs::path kws_case = kShared / "oracle/kws_ref_model/rand1";
  build::run_tool({program.runner.string(), pd_case.string() + ".in0.raw", (dir / "pd.out").string(),
                   kws_case.string() + ".in0.raw", (dir / "kws.out").string()});
  EXPECT_EQ(read_bytes(dir / "pd.out"), read_bytes(pd_case.string() + ".out0.raw"));
  EXPECT_EQ(read_bytes(dir / "kws.out"), read_bytes(kws_case.string() + ".out0.raw"));
}

// Both prefix tests read two models and their oracle cases.
class Prefix : public testing::Test {
 protected:
  void SetUp() override {
    for (const char* rel : {"models/person_detect.tflite", "models/kws_ref_model.tflite", "oracle/person_detect",
                            "oracle/kws_ref_model"})
      AOTBENCH_NEEDS_SHARED(rel);
  }
};

TEST_F(Prefix, TwoModelsLinkIntoOneProgramStaticDirectPacked) {
  two_models_in_one_program("api=packed,workspace=static,params=direct");
}

TEST_F(Prefix, TwoModelsLinkIntoOneProgramDynamicLookupUnpacked) {
  two_models_in_one_program("api=unpacked,workspace=dynamic,params=lookup");
}

}  // namespace
