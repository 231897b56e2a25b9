// The run-time firmware builder (what the sweep calls): a variant ELF from the board's device
// runtime plus extra sources, flags from the profile, a path-independent fingerprint, caching,
// clear errors; and the variant booted in QEMU answering SetInput/Run/GetOutput/GetProfile.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "host/board/registry.hpp"
#include "host/build/elf_info.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/session.hpp"

namespace {

using namespace aotbench;
namespace fs = std::filesystem;

const fs::path kData = fs::path(AOTBENCH_SOURCE_DIR) / "host" / "tests" / "data" / "device_model";

class FirmwareBuild : public testing::Test {
 protected:
  void SetUp() override {
    tmp_ = fs::temp_directory_path() / ("aotbench-build-test-" + std::to_string(getpid()));
    fs::remove_all(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }
  const board::Profile& board(const std::string& name) {
    static board::Registry reg;
    return reg.get(name, {});
  }
  build::VariantSpec spec(std::vector<std::string> cflags = {"-O3"}) {
    build::VariantSpec v;
    v.sources = {kData / "model_offset.c"};
    v.include_dirs = {kData / "include"};
    v.cflags = std::move(cflags);
    v.name = "variant";
    return v;
  }
  fs::path tmp_;
  build::FirmwareBuilder builder_;
};

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST_F(FirmwareBuild, PlanUsesTheProfileFlags) {
  auto plan = builder_.plan(board("mps2-an500"), spec(), tmp_ / "a");
  ASSERT_EQ(plan.compile.size(), 1u);
  const auto& cc = plan.compile[0];
  EXPECT_EQ(cc[0], "arm-none-eabi-gcc");
  EXPECT_TRUE(has(cc, "-mcpu=cortex-m7") && has(cc, "-mfpu=fpv5-d16") && has(cc, "-mfloat-abi=hard"));
  EXPECT_TRUE(has(cc, "-O3"));
  EXPECT_TRUE(has(cc, "-I" + (kData / "include").string()));
  EXPECT_TRUE(has(plan.link, "-T" + (builder_.runtime_dir() / "gen" / "mps2-an500" / "link.ld").string()));
  EXPECT_TRUE(has(plan.link, (builder_.runtime_dir() / "mps2-an500" / "libabdevice.a").string()));
  EXPECT_EQ(plan.elf, tmp_ / "a" / "variant.elf");
  auto m4 = builder_.plan(board("netduinoplus2"), spec(), tmp_ / "a");
  EXPECT_TRUE(has(m4.compile[0], "-mcpu=cortex-m4"));
}

// cc=clang: clang compiles the extra sources for the board's core (triple from its architecture),
// arm-none-eabi-gcc still links them with the gcc-built device runtime.
TEST_F(FirmwareBuild, ClangCompilesAndGccLinks) {
  const build::FirmwareBuilder clang(builder_.runtime_dir(), build::Toolchain::cross("clang"));
  for (auto [name, triple] : {std::pair{"mps2-an385", "thumbv7m-none-eabi"}, std::pair{"netduinoplus2", "thumbv7em-none-eabi"}}) {
    SCOPED_TRACE(name);
    auto plan = clang.plan(board(name), spec(), tmp_ / "c");
    const auto& cc = plan.compile.at(0);
    EXPECT_EQ(cc[0], "clang");
    EXPECT_TRUE(has(cc, std::string("--target=") + triple));
    EXPECT_TRUE(has(cc, "-mcpu=" + board(name).cpu.core) && has(cc, "-O3") && has(cc, "-fshort-enums"));
    EXPECT_TRUE(has(cc, "-idirafter"));  // newlib's headers
    EXPECT_EQ(plan.link.at(0), "arm-none-eabi-gcc");
    EXPECT_NE(plan.fingerprint, builder_.plan(board(name), spec(), tmp_ / "c").fingerprint);
  }
}

TEST_F(FirmwareBuild, FingerprintDependsOnInputsNotPaths) {
  auto a = builder_.plan(board("netduinoplus2"), spec(), tmp_ / "a");
  auto b = builder_.plan(board("netduinoplus2"), spec(), tmp_ / "b");
  EXPECT_EQ(a.fingerprint, b.fingerprint);
  EXPECT_EQ(a.fingerprint.size(), 40u);
  EXPECT_NE(a.fingerprint, builder_.plan(board("netduinoplus2"), spec({"-O2"}), tmp_ / "a").fingerprint);
  EXPECT_NE(a.fingerprint, builder_.plan(board("mps2-an386"), spec(), tmp_ / "a").fingerprint);
  // A changed header changes it too.
  fs::create_directories(tmp_ / "inc");
  fs::copy_file(kData / "include" / "device_model_params.h", tmp_ / "inc" / "device_model_params.h");
  auto v = spec();
  v.include_dirs = {tmp_ / "inc"};
  EXPECT_EQ(builder_.plan(board("netduinoplus2"), v, tmp_ / "a").fingerprint, a.fingerprint);
  std::ofstream(tmp_ / "inc" / "device_model_params.h", std::ios::app) << "/* changed */\n";
  EXPECT_NE(builder_.plan(board("netduinoplus2"), v, tmp_ / "a").fingerprint, a.fingerprint);
}

TEST_F(FirmwareBuild, BuildsDeterministicallyAndCaches) {
  auto a = builder_.build(board("netduinoplus2"), spec(), tmp_ / "a");
  EXPECT_FALSE(a.cached);
  ASSERT_TRUE(fs::exists(a.plan.elf));
  auto again = builder_.build(board("netduinoplus2"), spec(), tmp_ / "a");
  EXPECT_TRUE(again.cached);
  auto b = builder_.build(board("netduinoplus2"), spec(), tmp_ / "b");
  EXPECT_FALSE(b.cached);
  // Same inputs in another folder: the same firmware, to the build-id.
  EXPECT_EQ(build::elf_build_id(a.plan.elf), build::elf_build_id(b.plan.elf));
  EXPECT_EQ(build::elf_build_id(a.plan.elf).size(), 40u);
  EXPECT_NO_THROW(build::elf_symbol(a.plan.elf, "ab_model_run"));
}

TEST_F(FirmwareBuild, ErrorsSayWhatWentWrong) {
  auto v = spec();
  v.sources = {kData / "broken.c"};
  try {
    builder_.build(board("netduinoplus2"), v, tmp_ / "x");
    FAIL();
  } catch (const build::BuildError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("broken.c"), std::string::npos) << msg;
    EXPECT_NE(msg.find("missing_symbol"), std::string::npos) << msg;  // the compiler's own words
  }
  build::FirmwareBuilder nowhere(tmp_ / "no-runtime");
  try {
    nowhere.plan(board("netduinoplus2"), spec(), tmp_ / "y");
    FAIL();
  } catch (const build::BuildError& e) {
    EXPECT_NE(std::string(e.what()).find("no device runtime for board netduinoplus2"), std::string::npos) << e.what();
  }
  v.sources.clear();
  EXPECT_THROW(builder_.plan(board("netduinoplus2"), v, tmp_ / "z"), build::BuildError);
}

// The whole path the sweep takes: build, boot, set the input, run, read the output and profile.
TEST_F(FirmwareBuild, VariantRunsInQemu) {
  const auto& p = board("netduinoplus2");
  auto r = builder_.build(p, spec(), tmp_ / "q");
  flash::Session s(p, r.plan.elf);
  EXPECT_EQ(s.info().model_key, "test-offset:opt=O3");
  EXPECT_EQ(s.info().num_ops, 3u);
  EXPECT_EQ(s.info().build_id, build::elf_build_id(r.plan.elf));
  std::vector<std::uint8_t> in(1500), want(1500);
  std::mt19937 rng(4);
  for (std::size_t i = 0; i < in.size(); ++i) {
    in[i] = static_cast<std::uint8_t>(rng());
    want[i] = static_cast<std::uint8_t>(in[i] + 11 + i % 3);
  }
  s.rpc().set_input(0, in);
  auto run = s.rpc().run({3, 1, transport::Workload::model, 0, true, false});
  EXPECT_EQ(run.model_status, 0);
  EXPECT_EQ(run.counter, results::CounterKind::instructions);
  ASSERT_EQ(run.counts.size(), 3u);
  EXPECT_TRUE(run.counts[0] == run.counts[1] && run.counts[1] == run.counts[2]);
  EXPECT_GT(run.counts[0], 3u * 1500u / 4);
  EXPECT_GT(run.stack_bytes, 0u);
  EXPECT_EQ(s.rpc().get_output(0), want);
  s.rpc().run({1, 0, transport::Workload::model, 0, false, true});
  auto prof = s.rpc().get_profile();
  ASSERT_EQ(prof.op_counts.size(), 3u);
  for (auto c : prof.op_counts) EXPECT_GT(c, 100u);
  s.shutdown();
  EXPECT_FALSE(s.qemu()->running());
  EXPECT_EQ(s.qemu()->exit_code(), 0);  // exited through semihosting, not killed
}

// A clang-built model on the Cortex-M3 (soft float, no DSP) beside the gcc-built runtime: the
// runtime reads the model's tables and buffers and the outputs are right.
TEST_F(FirmwareBuild, ClangVariantRunsOnTheCortexM3) {
  const auto& p = board("mps2-an385");
  const build::FirmwareBuilder clang(builder_.runtime_dir(), build::Toolchain::cross("clang"));
  auto r = clang.build(p, spec(), tmp_ / "m3");
  const std::string comment = build::run_tool({"arm-none-eabi-readelf", "-p", ".comment", r.plan.elf.string()});
  EXPECT_NE(comment.find("clang"), std::string::npos) << comment;
  flash::Session s(p, r.plan.elf);
  EXPECT_EQ(s.info().model_key, "test-offset:opt=O3");
  EXPECT_EQ(s.info().num_ops, 3u);
  ASSERT_EQ(s.info().inputs.size(), 1u);
  EXPECT_EQ(s.info().inputs[0].bytes, 1500u);
  std::vector<std::uint8_t> in(1500), want(1500);
  std::mt19937 rng(9);
  for (std::size_t i = 0; i < in.size(); ++i) {
    in[i] = static_cast<std::uint8_t>(rng());
    want[i] = static_cast<std::uint8_t>(in[i] + 11 + i % 3);
  }
  s.rpc().set_input(0, in);
  auto run = s.rpc().run({2, 0, transport::Workload::model, 0, false, false});
  EXPECT_EQ(run.model_status, 0);
  EXPECT_EQ(run.counts.at(0), run.counts.at(1));
  EXPECT_EQ(s.rpc().get_output(0), want);
  s.shutdown();
}

// A model that crashes the firmware: the Run fails with the link closed and QEMU's status says
// why (3: the firmware's fault handler), instead of a hang.
TEST_F(FirmwareBuild, CrashingModelIsDetected) {
  const auto& p = board("mps2-an386");
  auto v = spec();
  v.sources = {kData / "model_fault.c"};
  auto r = builder_.build(p, v, tmp_ / "f");
  flash::Session s(p, r.plan.elf);
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(s.rpc().run({1, 0, transport::Workload::model, 0, false, false}), transport::LinkClosed);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  EXPECT_EQ(s.qemu()->wait_for(std::chrono::seconds(2)), 3);
}

}  // namespace
