#pragma once
// `--board host`: generate a variant's C, build it natively with the host runner and run one
// inference on input files. The sweep uses the same steps for its host reference outputs.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "codegen/emit/emitter.hpp"
#include "host/infer/host_build.hpp"
#include "codegen/ir/graph.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::infer {

struct LoadedModel {
  codegen::Graph graph;  // reshapes already aliased, PADs folded into convolutions
  std::string name;      // zoo model name or file stem: the default C prefix
  std::string source;    // the path, or the full zoo spec
};

// A zoo spec or a .tflite path (see codegen/zoo/model_arg.hpp); throws ZooError or ModelError.
LoadedModel load_model(const std::string& arg);

struct InferOptions {
  codegen::Variant variant;
  std::vector<std::filesystem::path> inputs, outputs;
  std::optional<std::filesystem::path> dump_dir;  // every tensor as t<id>.raw
  int jobs = 0;
};

// A variant built for the host: its sources (in a content-addressed folder of the cache) and
// the runner executable.
struct HostProgram {
  codegen::EmitSummary summary;
  std::filesystem::path generated_dir;
  HostBuild build;
};

HostProgram prepare_on_host(const LoadedModel& model, const codegen::Variant& variant, bool dump_tensors = false,
                            int jobs = 0);

// One inference; throws std::runtime_error with the runner's message on failure.
void run_on_host(const HostProgram& program, const std::vector<std::filesystem::path>& inputs,
                 const std::vector<std::filesystem::path>& outputs,
                 const std::optional<std::filesystem::path>& dump_dir = std::nullopt);

// prepare_on_host + run_on_host.
HostProgram infer_on_host(const LoadedModel& model, const InferOptions& options);

// Emits the variant and writes its sources to a content-addressed folder of the cache.
std::filesystem::path generate_to_cache(const LoadedModel& model, const codegen::Variant& variant,
                                        const codegen::EmitOptions& options, codegen::EmitSummary* summary);

}  // namespace aotbench::infer
