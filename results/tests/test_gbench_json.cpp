// results.json: Google Benchmark's layout checked with nlohmann-json, the round trip, bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "results/gbench_json.hpp"
#include "results/tests/same_run.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

using nlohmann::json;

std::string error_of(const std::string& text) {
  try {
    parse_gbench_json(text, "in.json");
  } catch (const ResultsError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(GbenchJson, ContextLooksLikeGoogleBenchmarks) {
  const results::Run run = testing::sample_run();
  json j = json::parse(gbench_json(run));
  const json& c = j.at("context");
  for (const char* k : {"date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "caches",
                        "load_avg", "library_build_type"})
    EXPECT_TRUE(c.contains(k)) << k;
  EXPECT_EQ(c["mhz_per_cpu"], 168);
  EXPECT_EQ(c["board"], "stm32");
  EXPECT_EQ(c["counter"], "instructions");
  EXPECT_EQ(c["target"], "emulated");
  EXPECT_EQ(c["model"], testing::kHostileModel);
  EXPECT_EQ(c["model_sha256"], run.info.model_sha256);
}

TEST(GbenchJson, OneBenchmarkPerVariantWithTimesAndCounters) {
  const results::Run run = testing::sample_run();
  json j = json::parse(gbench_json(run));
  const json& b = j.at("benchmarks");
  ASSERT_EQ(b.size(), run.variants.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    const VariantResult& v = run.variants[i];
    SCOPED_TRACE(v.key);
    EXPECT_EQ(b[i]["name"], v.key);
    EXPECT_EQ(b[i]["run_type"], "iteration");
    EXPECT_EQ(b[i]["time_unit"], "us");
    if (v.counts) {
      EXPECT_NEAR(b[i]["real_time"].get<double>(), double(v.counts->median) / 168.0, 1e-6);
      EXPECT_EQ(b[i]["cpu_time"], b[i]["real_time"]);
      EXPECT_EQ(b[i]["counts_median"].get<double>(), double(v.counts->median));
      EXPECT_EQ(b[i]["iterations"], v.counts->repeats.size());
    } else {
      EXPECT_FALSE(b[i].contains("counts_median"));
    }
    if (v.flash) {
      const SizeSplit& f = *v.flash;
      EXPECT_EQ(b[i]["flash_total"].get<double>(), double(f.model_code + f.parameters + f.kernels + f.runtime + f.rpc_server));
    }
    EXPECT_EQ(b[i].value("error_occurred", false), v.status != Status::ok);
    EXPECT_EQ(b[i]["aotbench"]["status"], to_string(v.status));
  }
}

TEST(GbenchJson, RoundTripKeepsEverything) {
  for (const results::Run& run : {testing::sample_run(), testing::changed_run()}) {
    results::Run back = parse_gbench_json(gbench_json(run), "mem");
    testing::expect_same_run(run, back);
  }
}

// --resume reuses a variant only when its fingerprint matches: it must survive results.json, and
// results of older aotbench versions (no fingerprint) read as empty, never as a match.
TEST(GbenchJson, KeepsEachVariantsFingerprint) {
  results::Run run = testing::sample_run();
  run.variants[0].fingerprint = "0123abcd";
  const std::string text = gbench_json(run);
  const results::Run back = parse_gbench_json(text, "mem");
  EXPECT_EQ(back.variants[0].fingerprint, "0123abcd");
  EXPECT_EQ(back.variants[1].fingerprint, "");
  json j = json::parse(text);
  j["benchmarks"][0]["aotbench"].erase("fingerprint");
  EXPECT_EQ(parse_gbench_json(j.dump(), "old").variants[0].fingerprint, "");
}

// Each layer's arena in use (the memory timeline) survives results.json; older results read as
// unknown.
TEST(GbenchJson, KeepsEachLayersArena) {
  results::Run run = testing::sample_run();
  std::size_t v = 0;
  while (v < run.variants.size() && run.variants[v].layers.size() < 2) ++v;
  ASSERT_LT(v, run.variants.size());
  run.variants[v].layers[1].arena_top = 40960;
  const std::string text = gbench_json(run);
  EXPECT_EQ(parse_gbench_json(text, "mem").variants[v].layers[1].arena_top, 40960);
  EXPECT_EQ(parse_gbench_json(text, "mem").variants[v].layers[0].arena_top, -1);
  json j = json::parse(text);
  j["benchmarks"][v]["aotbench"]["layers"][1].erase("arena_top");
  EXPECT_EQ(parse_gbench_json(j.dump(), "old").variants[v].layers[1].arena_top, -1);
}

// A run shared out over a farm's boards says where each variant ran; others say nothing.
TEST(GbenchJson, KeepsWhereEachVariantRan) {
  results::Run run = testing::sample_run();
  run.variants[0].measured_on = MeasuredOn{"rack-2", "pi-7", "0670FF3"};
  const std::string text = gbench_json(run);
  const results::Run back = parse_gbench_json(text, "mem");
  ASSERT_TRUE(back.variants[0].measured_on.has_value());
  EXPECT_EQ(back.variants[0].measured_on->place, "rack-2");
  EXPECT_EQ(back.variants[0].measured_on->host, "pi-7");
  EXPECT_EQ(back.variants[0].measured_on->probe, "0670FF3");
  EXPECT_FALSE(back.variants[1].measured_on.has_value());
  EXPECT_FALSE(json::parse(text)["benchmarks"][1]["aotbench"].contains("measured_on"));
}

TEST(GbenchJson, FileRoundTrip) {
  auto dir = std::filesystem::path(::testing::TempDir()) / "results_gbench_file";
  std::filesystem::remove_all(dir);
  const results::Run run = testing::sample_run();
  write_gbench_json(run, dir / "sub" / "results.json");  // creates the folder
  testing::expect_same_run(run, read_gbench_json(dir / "sub" / "results.json"));
  EXPECT_FALSE(std::filesystem::exists(dir / "sub" / "results.json.tmp"));
}

TEST(GbenchJson, BadInputIsAClearError) {
  EXPECT_NE(error_of("{ not json").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of("[1,2]").find("not a Google Benchmark JSON"), std::string::npos);
  // What Google Benchmark itself writes: readable JSON, but not ours.
  std::string plain = R"({"context": {"date": "x"}, "benchmarks": [{"name": "BM_a", "real_time": 1}]})";
  EXPECT_NE(error_of(plain).find("not written by aotbench"), std::string::npos);

  json j = json::parse(gbench_json(testing::sample_run()));
  json bad = j;
  bad["benchmarks"][0]["aotbench"]["status"] = "exploded";
  EXPECT_NE(error_of(bad.dump()).find("exploded"), std::string::npos);
  bad = j;
  bad["benchmarks"][1]["counts_median"] = -5;
  EXPECT_NE(error_of(bad.dump()).find("counts_median"), std::string::npos);
  bad = j;
  bad["benchmarks"][1]["aotbench"]["key"] = bad["benchmarks"][2]["aotbench"]["key"];
  EXPECT_NE(error_of(bad.dump()).find("twice"), std::string::npos);
  bad = j;
  bad["benchmarks"][1]["aotbench"].erase("knobs");
  EXPECT_NE(error_of(bad.dump()).find("in.json"), std::string::npos);
  bad = j;
  bad["context"]["aotbench_schema"] = 99;
  EXPECT_NE(error_of(bad.dump()).find("update aotbench"), std::string::npos);
  EXPECT_THROW(read_gbench_json("/nonexistent/results.json"), ResultsError);
}

}  // namespace
}  // namespace aotbench::results
