// Zoo specs, --model arguments and model definition files: what is accepted, and that every
// mistake gets a message saying what is wrong and what would be right.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "codegen/zoo/model_arg.hpp"
#include "zoo_test_util.hpp"

namespace aotbench::codegen {
namespace {

namespace fs = std::filesystem;

// The message of the ZooError `f` throws ("" if it throws none).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const ZooError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_ZOO_ERROR(expr, ...)                                   \
  do {                                                                \
    std::string msg = error_of([&] { (void)(expr); });                \
    ASSERT_FALSE(msg.empty()) << #expr << " did not throw ZooError";  \
    for (const char* part : {__VA_ARGS__}) {                          \
      EXPECT_NE(msg.find(part), std::string::npos) << "'" << part << "' not in: " << msg; \
    }                                                                 \
  } while (0)

TEST(ZooSpec, UnknownModelListsTheKnownOnesAndTheirOptions) {
  EXPECT_ZOO_ERROR(build_zoo_model("resnet50"), "'resnet50' is not a zoo model",
                   "ad, ic, kws, mnv2, vww", "width=0.35", "NAME:OPTION=VALUE");
}

TEST(ZooSpec, UnknownOptionListsTheModelsOptions) {
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:depth=2"), "mnv2 has no option 'depth'", "width=0.35",
                   "res=96", "classes=2", "softmax=true");
  EXPECT_ZOO_ERROR(build_zoo_model("kws:res=96"), "kws has no option 'res'", "takes no options");
}

TEST(ZooSpec, BadValuesSayWhatIsAllowed) {
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:width=wide"), "width=wide is not a number", "0.1..1.4");
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:res=96.5"), "res=96.5 is not an integer");
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:width=3"), "width=3 is out of range", "0.1..1.4");
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:res=8"), "res=8 is out of range", "32..320");
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:softmax=maybe"), "softmax=maybe is not true or false");
}

TEST(ZooSpec, MalformedSpecsShowTheSyntax) {
  for (const char* bad : {"", "MNV2", "mnv2:", "mnv2:width", "mnv2:width=", "mnv2:=1",
                          "mnv2:width=0.5,,res=64", "mnv2 :width=0.5"}) {
    SCOPED_TRACE(bad);
    EXPECT_ZOO_ERROR(build_zoo_model(bad), "NAME:OPTION=VALUE");
  }
  EXPECT_ZOO_ERROR(build_zoo_model("mnv2:res=64,res=96"), "sets option res twice");
}

TEST(ZooSpec, CanonicalSpecsSpellOutEveryOption) {
  EXPECT_EQ(canonical_zoo_spec("mnv2:width=0.5,res=128"),
            "mnv2:width=0.5,res=128,classes=2,softmax=true");
  EXPECT_EQ(canonical_zoo_spec("mnv2:width=1"), "mnv2:width=1.0,res=96,classes=2,softmax=true");
  EXPECT_EQ(canonical_zoo_spec("vww"), "vww:width=0.25,res=96,classes=2");
  EXPECT_EQ(canonical_zoo_spec("kws"), "kws");
}

TEST(ZooHelp, ListsEveryModelAndOption) {
  std::string help = zoo_help();
  for (const char* part : {"mnv2", "vww", "kws", "ic", "ad", "MobileNetV2", "width=0.35 (0.1..1.4)",
                           "res=96 (32..320)", "softmax=true (true/false)"}) {
    EXPECT_NE(help.find(part), std::string::npos) << part;
  }
}

class ModelArg : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / fmt::format("aotbench_zoo_arg_{}", ::getpid());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(ModelArg, ZooSpecBuildsTheModel) {
  ModelBytes m = load_model_arg("kws");
  EXPECT_TRUE(m.from_zoo);
  EXPECT_EQ(m.source, "kws");
  EXPECT_TRUE(m.bytes == zoo_bytes("kws"));
  EXPECT_EQ(load_model_arg("mnv2:res=64").source, "mnv2:width=0.35,res=64,classes=2,softmax=true");
}

TEST_F(ModelArg, ExistingFileWinsOverTheZoo) {
  AOTBENCH_NEEDS_SHARED("models/kws_ref_model.tflite");
  std::string file = shared_model("kws_ref_model.tflite");
  ModelBytes m = load_model_arg(file);
  EXPECT_FALSE(m.from_zoo);
  EXPECT_EQ(m.source, file);
  EXPECT_EQ(m.bytes.size(), fs::file_size(file));
  // A file named like a zoo model, in the working directory, is read as a file.
  fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  { std::ofstream("kws") << "not a model"; }
  ModelBytes local = load_model_arg("kws");
  fs::current_path(cwd);
  EXPECT_FALSE(local.from_zoo);
  EXPECT_EQ(std::string(local.bytes.begin(), local.bytes.end()), "not a model");
}

TEST_F(ModelArg, MissingFilesAreReportedAsFiles) {
  EXPECT_ZOO_ERROR(load_model_arg("models/mine.tflite"), "model file models/mine.tflite does not exist",
                   "zoo model (ad, ic, kws, mnv2, vww)");
  EXPECT_ZOO_ERROR(load_model_arg("mine.tflite"), "model file mine.tflite does not exist");
  EXPECT_ZOO_ERROR(load_model_arg(dir_.string()), "is not a regular file");
}

TEST_F(ModelArg, AFolderNamedLikeAZooModelDoesNotHideIt) {
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  fs::create_directories("kws");    // what `aotbench --model kws --out kws` leaves
  fs::create_directories("mnv3");
  const ModelBytes m = load_model_arg("kws");
  std::string error;
  try {
    load_model_arg("mnv3");
  } catch (const ZooError& e) {
    error = e.what();
  }
  fs::current_path(cwd);
  EXPECT_TRUE(m.from_zoo);
  EXPECT_TRUE(m.bytes == zoo_bytes("kws"));
  EXPECT_NE(error.find("model mnv3: that is a folder, not a .tflite file, and as a zoo spec"), std::string::npos) << error;
}

TEST_F(ModelArg, NeitherFileNorZooModelSaysBoth) {
  EXPECT_ZOO_ERROR(load_model_arg("mnv3"), "model mnv3: there is no such file",
                   "'mnv3' is not a zoo model", "ad, ic, kws, mnv2, vww");
  EXPECT_ZOO_ERROR(load_model_arg("mnv2:res=8"), "res=8 is out of range");
}

// Definition files: a scratch zoo folder with one broken definition per test.
class ZooDefinition : public ModelArg {
 protected:
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / (name + ".toml")) << text;
  }
  static std::string valid(const std::string& name) {
    return "name = \"" + name + R"("
title = "test"
[input]
shape = [8]
scale = 0.5
zero_point = 0
[[layers]]
kind = "dense"
name = "fc"
units = 4
)";
  }
};

TEST_F(ZooDefinition, AValidDefinitionBuilds) {
  write("tiny", valid("tiny"));
  EXPECT_EQ(zoo_model_names(dir_), std::vector<std::string>{"tiny"});
  Graph g = read_tflite_buffer(build_zoo_model("tiny", dir_), "tiny");
  EXPECT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.tensors[g.outputs[0]].shape, (std::vector<int32_t>{1, 4}));
}

TEST_F(ZooDefinition, ErrorsNameTheFileAndTheKey) {
  write("a", valid("b"));
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "a.toml", "`name` is \"b\"");
  fs::remove(dir_ / "a.toml");

  std::string text = valid("a");
  write("a", text + "activaton = \"relu\"\n");
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "layers[0] has unknown key `activaton`", "activation");

  write("a", text.substr(0, text.find("[[layers]]")) + "[[layers]]\nkind = \"lstm\"\nname = \"x\"\n");
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "`layers[0].kind` is \"lstm\"", "inverted_residual");

  write("a", text + "units = \"classes\"\n");
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "a.toml", "not valid TOML");

  std::string by_option = text;
  by_option.replace(by_option.find("units = 4"), 9, "units = \"classes\"");
  write("a", by_option);
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "`layers[0].units` names `classes`",
                   "not an integer option");

  write("a", text + "[options.n]\ndefault = 5\nmin = 1\nmax = 4\nhelp = \"n\"\n");
  EXPECT_ZOO_ERROR(zoo_model_names(dir_), "`options.n`: default 5 is outside min..max");
}

TEST_F(ZooDefinition, ArchitectureErrorsNameTheLayer) {
  write("a", valid("a") + "[[layers]]\nkind = \"conv\"\nname = \"c\"\nfilters = 4\nkernel = 3\n");
  EXPECT_ZOO_ERROR(build_zoo_model("a", dir_), "layer 'c' needs an image-shaped [1,H,W,C] input");
}

TEST(ZooDirectory, MissingFolderSaysHowToSetIt) {
  EXPECT_ZOO_ERROR(zoo_model_names("/nonexistent/models"), "/nonexistent/models does not exist",
                   "AOTBENCH_MODELS_DIR");
}

}  // namespace
}  // namespace aotbench::codegen
