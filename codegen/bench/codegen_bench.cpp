// Code generation speed: each stage of `aotbench codegen` on the built-in mnv2 and on the 3.8 MB
// MobileNetV2 1.0 of ../shared/models. Figures go in BENCHMARKS.md.
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>

#include "codegen/emit/emitter.hpp"
#include "codegen/lower/lower.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "codegen/reader/reader.hpp"
#include "codegen/zoo/zoo.hpp"

using namespace aotbench::codegen;

namespace {

std::vector<uint8_t> model_bytes(int which) {
  if (which == 0) return build_zoo_model("mnv2");
  std::ifstream in(AOTBENCH_SHARED_DIR "/models/mnv2_100_224_nchw_int8.tflite", std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
const char* kNames[] = {"mnv2", "mnv2_100_224"};

Graph graph(int which) {
  Graph g = read_tflite_buffer(model_bytes(which), kNames[which]);
  alias_reshapes(g);
  return g;
}

void BM_ZooBuild(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(build_zoo_model("mnv2"));
}
BENCHMARK(BM_ZooBuild)->Unit(benchmark::kMillisecond);

void BM_Read(benchmark::State& state) {
  const auto bytes = model_bytes(static_cast<int>(state.range(0)));
  state.SetLabel(kNames[state.range(0)]);
  for (auto _ : state) benchmark::DoNotOptimize(read_tflite_buffer(bytes, "bench"));
}
BENCHMARK(BM_Read)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_Plan(benchmark::State& state) {
  const Graph g = graph(static_cast<int>(state.range(0)));
  PlanOptions o;
  o.algorithm = state.range(1) ? PlanAlgorithm::GreedyByConflicts : PlanAlgorithm::GreedyBySize;
  state.SetLabel(std::string(kNames[state.range(0)]) + " " + plan_algorithm_name(o.algorithm));
  for (auto _ : state) benchmark::DoNotOptimize(plan_memory(g, o));
}
BENCHMARK(BM_Plan)->Args({0, 0})->Args({0, 1})->Args({1, 0})->Args({1, 1})->Unit(benchmark::kMicrosecond);

void BM_Lower(benchmark::State& state) {
  const Graph g = graph(static_cast<int>(state.range(0)));
  state.SetLabel(kNames[state.range(0)]);
  for (auto _ : state) benchmark::DoNotOptimize(lower_graph(g));
}
BENCHMARK(BM_Lower)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The whole emitter (plan, lowering, every file) for the packed and the unpacked corner.
void BM_Emit(benchmark::State& state) {
  const Graph g = graph(static_cast<int>(state.range(0)));
  const Variant v = state.range(1) ? Variant::parse("api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64")
                                   : Variant();
  EmitOptions o;
  o.model_name = kNames[state.range(0)];
  std::size_t bytes = 0;
  for (auto _ : state) {
    const EmitResult r = emit_model(g, v, o);
    bytes = 0;
    for (const auto& f : r.files) bytes += f.text.size();
  }
  state.SetLabel(std::string(kNames[state.range(0)]) + (state.range(1) ? " packed corner" : " unpacked corner"));
  state.counters["source_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_Emit)->Args({0, 0})->Args({0, 1})->Args({1, 0})->Args({1, 1})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
