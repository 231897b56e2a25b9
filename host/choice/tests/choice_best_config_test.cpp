// best.toml names the model so that `codegen --config` finds it from anywhere, and says so when
// the file moved or changed since the sweep measured it.
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <unistd.h>

#include <fstream>

#include "host/choice/best_config.hpp"

namespace fs = std::filesystem;

namespace aotbench::choice {
namespace {

struct InFolder {  // the working folder for a scope, as a user's shell would have it
  explicit InFolder(const fs::path& dir) : was(fs::current_path()) { fs::current_path(dir); }
  ~InFolder() { fs::current_path(was); }
  fs::path was;
};

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(no error)";
}

class BestToml : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::path(::testing::TempDir()) / fmt::format("best_toml_{}", getpid());
    fs::remove_all(root);
    fs::create_directories(root / "models");
    fs::create_directories(root / "elsewhere");
    std::ofstream(root / "models" / "net.tflite") << "the model's bytes";
    run.info.board = "netduinoplus2";
    run.info.model_sha256 = "5f1d";
    winner.key = "api=packed";
    winner.knobs = {{"api", "packed"}};
  }
  void TearDown() override { fs::remove_all(root); }

  // A sweep run in `root` with --model models/net.tflite (relative, as users type it).
  fs::path sweep_writes_best_toml() {
    InFolder in(root);
    write_best_config(root / "best.toml", "models/net.tflite", run, winner);
    return root / "best.toml";
  }

  fs::path root;
  results::Run run;
  results::VariantResult winner;
};

TEST_F(BestToml, AModelFileIsRecordedByAbsolutePathAndHash) {
  const fs::path toml = sweep_writes_best_toml();
  InFolder in(root / "elsewhere");
  const BestConfig c = read_best_config(toml);
  EXPECT_EQ(c.model, (root / "models" / "net.tflite").string());
  EXPECT_EQ(c.model_sha256, "5f1d");
  EXPECT_EQ(error_of([&] { check_model_is_there(c, toml); }), "(no error)");
  EXPECT_EQ(error_of([&] { check_model_unchanged(c, toml, "5f1d"); }), "(no error)");
}

TEST_F(BestToml, AZooSpecStaysASpec) {
  write_best_config(root / "best.toml", "kws", run, winner);
  const BestConfig c = read_best_config(root / "best.toml");
  EXPECT_EQ(c.model, "kws");
  EXPECT_EQ(c.model_sha256, "");
  EXPECT_EQ(error_of([&] { check_model_is_there(c, root / "best.toml"); }), "(no error)");
}

TEST_F(BestToml, AMovedModelIsNamedWithWhatToDo) {
  const fs::path toml = sweep_writes_best_toml();
  fs::rename(root / "models", root / "moved");
  const std::string why = error_of([&] { check_model_is_there(read_best_config(toml), toml); });
  EXPECT_NE(why.find("the model " + (root / "models" / "net.tflite").string() + " is not there any more"),
            std::string::npos) << why;
  EXPECT_NE(why.find("set `model` in best.toml"), std::string::npos) << why;
}

TEST_F(BestToml, AChangedModelIsRefused) {
  const fs::path toml = sweep_writes_best_toml();
  const std::string why = error_of([&] { check_model_unchanged(read_best_config(toml), toml, "77aa"); });
  EXPECT_NE(why.find("changed since the sweep measured it (sha256 5f1d, now 77aa)"), std::string::npos) << why;
}

}  // namespace
}  // namespace aotbench::choice
