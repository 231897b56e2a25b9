// libFuzzer target for the TFLite reader. Any input must end in a ModelError or in a graph the
// later stages accept (aliasing, a valid memory plan, MAC counts); everything else (a crash, a
// sanitizer report, another exception, an invalid plan) is a finding.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "codegen/plan/alias.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"
#include "codegen/reader/reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aotbench::codegen;
  try {
    Graph g = read_tflite_buffer(std::vector<uint8_t>(data, data + size), "fuzz.tflite");
    alias_reshapes(g);
    for (PlanAlgorithm a : all_plan_algorithms()) {
      if (!plan_problems(g, plan_memory(g, {a, true, true, 16})).empty()) std::abort();
    }
    if (total_macs(g) < 0 || param_bytes(g) < 0) std::abort();
  } catch (const ModelError&) {
    // The expected outcome for malformed input.
  }
  return 0;
}
