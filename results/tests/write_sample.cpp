// results_write_sample OUTDIR base|changed [HISTORY.sqlite]: writes the sample runs of
// sample_run.hpp with every writer, for the tests that drive outside tools (Google Benchmark's
// compare.py, Chromium, `aotbench report`).
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "results/history.hpp"
#include "results/outputs.hpp"
#include "results/tests/sample_run.hpp"

int main(int argc, char** argv) {
  namespace res = aotbench::results;
  if (argc < 3 || (std::string(argv[2]) != "base" && std::string(argv[2]) != "changed")) {
    std::fprintf(stderr, "usage: %s OUTDIR base|changed [HISTORY.sqlite]\n", argv[0]);
    return 64;
  }
  try {
    const std::filesystem::path out = argv[1];
    const res::Run run = std::string(argv[2]) == "base" ? res::testing::sample_run() : res::testing::changed_run();
    res::write_outputs(run, out);
    if (argc > 3) res::History(argv[3]).append(run);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "results_write_sample: %s\n", e.what());
    return 1;
  }
  return 0;
}
