// write_outputs: the files a sweep leaves in --out, and that they agree with each other.
#include <gtest/gtest.h>

#include <filesystem>

#include "results/files.hpp"
#include "results/gbench_json.hpp"
#include "results/outputs.hpp"
#include "results/tests/same_run.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  fs::path p = fs::path(::testing::TempDir()) / "results_outputs" / name;
  fs::remove_all(p);
  return p;
}

std::size_t lines(const std::string& text) {
  std::size_t n = 0;
  for (std::size_t p = text.find("\r\n"); p != std::string::npos; p = text.find("\r\n", p + 2)) ++n;
  return n;
}

TEST(Outputs, WritesEveryFileAndTheyAgree) {
  const results::Run run = testing::sample_run();
  const fs::path dir = fresh("all");
  auto written = write_outputs(run, dir);
  ASSERT_EQ(written.size(), 4u);
  for (const char* f : {"results.json", "results.csv", "report.html", "ops.csv"}) EXPECT_TRUE(fs::exists(dir / f)) << f;
  testing::expect_same_run(run, read_gbench_json(dir / "results.json"));
  // Records end in CRLF; the build failure's message holds a bare LF inside quotes.
  EXPECT_EQ(lines(read_file(dir / "results.csv")), run.variants.size() + 1);
  EXPECT_EQ(lines(read_file(dir / "ops.csv")), run.winner()->ops.size() + 1);
  for (const auto& v : run.variants) EXPECT_NE(read_file(dir / "results.csv").find(v.key), std::string::npos);
}

TEST(Outputs, NoOpsCsvWithoutAProfile) {
  results::Run run = testing::sample_run();
  for (auto& v : run.variants) v.ops.clear();
  const fs::path dir = fresh("noops");
  EXPECT_EQ(write_outputs(run, dir).size(), 3u);
  EXPECT_FALSE(fs::exists(dir / "ops.csv"));
}

TEST(Outputs, UnwritableFolderIsAClearError) {
  try {
    write_outputs(testing::sample_run(), "/proc/aotbench-results");
    FAIL() << "no exception";
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("/proc/aotbench-results"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace aotbench::results
