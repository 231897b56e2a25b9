#pragma once
// The C emitter: a graph + a variant -> readable C sources implementing the model with the
// variant's calling conventions (see ../shared/DESIGN.md, "Variants").
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"
#include "codegen/lower/lower.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::codegen {

struct EmitOptions {
  std::string model_name;       // shown in comments and the adapter's key; default prefix source
  bool device_adapter = true;   // also emit the model_iface.h adapter (<base>_adapter.c)
  bool dump_tensors = false;    // call ab_debug_tensor() after every operator (host debugging)
  LowerOptions lower;
  // CPU features of the target (its board profile's); nullopt: the host, which runs any schedule.
  std::optional<std::vector<std::string>> cpu_features;
};

struct GeneratedFile {
  std::string name;  // file name, no directory
  std::string text;
};

struct OpSummary {
  int index;            // node index in the model
  std::string type;     // TFLite operator name
  std::string function; // generated C function ("" for an aliased RESHAPE)
  int band = -1;        // patches: the band of rows this call computes (one entry per band)
  int64_t macs;
  std::string schedule;       // the implementation selected for it, e.g. "ref", "dsp_1x1"
  int64_t scratch_bytes = 0;  // its working memory (in the arena or the pool)
  int64_t param_bytes = 0;    // the constants it reads (weights, biases, what its schedule generated)
  int64_t ram_param_bytes = 0;  // of those, kept in RAM too (initialized data)
  // The static arena while it runs: bytes of the tensors alive (where two overlap in place,
  // counted once) and the highest byte in use. The memory timeline of the plan.
  int64_t arena_live_bytes = 0;
  int64_t arena_top = 0;
};

// A tensor in the arena at the operator where the arena is fullest.
struct PeakTensor {
  int tensor = -1;
  std::string name;   // as in the model (not sanitized)
  int64_t bytes = 0, offset = 0;
  std::string role;   // "input", "output", "scratch" of the peak operator, or "live" (kept for later)
};

// One input or output of the generated entry point, as the public header describes it.
struct IoSummary {
  std::string field;           // member of <base>_inputs / <base>_outputs
  std::string macro;           // prefix of its macros: <BASE>_INPUT_<FIELD> (_SIZE, _SCALE, ...)
  std::string type;            // int8, int16, float32, ...
  std::string c_type;          // int8_t, ...
  std::vector<int32_t> shape;
  int64_t bytes = 0;
  std::optional<float> scale;  // per-tensor quantization, when it has one
  std::optional<int64_t> zero_point;
};

struct EmitSummary {
  std::string model;
  std::string prefix;          // the C prefix actually used
  std::string variant_key;
  int operators = 0;           // operators in the model
  int kernel_calls = 0;        // operators that run code (aliased reshapes run none)
  int64_t macs = 0;            // executed, the bands' recomputed halos included
  int patch_bands = 0;         // patches=K: the first patch_ops operators run in K bands of rows
  int patch_ops = 0;
  int64_t recomputed_macs = 0; // MACs of halo rows computed by more than one band
  int64_t arena_bytes = 0;     // static plan (workspace=static)
  int64_t workspace_pool_bytes = 0;  // pool the dynamic allocator needs (workspace=dynamic)
  int64_t state_bytes = 0;     // variable tensors (SVDF/LSTM state), static whatever the workspace
  int64_t param_bytes = 0;     // constant data emitted (weights, biases)
  int64_t ram_param_bytes = 0; // of those, kept in RAM too (initialized data: its image in flash)
  int64_t input_bytes = 0, output_bytes = 0;
  std::vector<OpSummary> ops;  // in execution order
  int peak_op = -1;            // position in `ops` where the arena is fullest (its first such)
  std::vector<PeakTensor> peak_tensors;  // what is in the arena there, by offset
  std::vector<IoSummary> inputs, outputs;
  int index_bits = 32;         // AB_INDEX_BITS the sources and kernels must be compiled with
  bool uses_dlpack = false;    // TVM's packed convention somewhere: dlpack.h is needed
  bool has_state = false;      // <base>_reset() exists (SVDF/LSTM state)
  // What the generated sources are compiled and linked with: kernel sources and header folders
  // (relative to codegen/kernels), and the AOT runtime's (codegen/runtime).
  std::vector<std::string> kernel_sources;
  std::vector<std::string> kernel_include_dirs;
};

// Absolute paths of the support files a generated model needs, from its summary.
struct SupportFiles {
  std::vector<std::filesystem::path> kernel_sources;  // the kernels its schedules call
  std::vector<std::filesystem::path> runtime_sources; // the AOT runtime (workspace, errors)
  std::vector<std::filesystem::path> include_dirs;    // kernel and runtime headers
};
SupportFiles support_files(const EmitSummary& s);

struct EmitResult {
  std::vector<GeneratedFile> files;
  EmitSummary summary;
};

// `g` must have gone through alias_reshapes(). Throws LowerError for an operator the kernels
// cannot run and VariantError for an unusable variant.
EmitResult emit_model(const Graph& g, const Variant& variant, const EmitOptions& options);
// The summary emit_model() would give, without writing any C: what a fit check needs (arena,
// pool and parameter bytes) at a fraction of the cost for a model with megabytes of weights.
EmitSummary summarize_model(const Graph& g, const Variant& variant, const EmitOptions& options);

// No more than the arena any variant plans for `g` as it is (already banded or not): what
// patches=K uses to skip candidate groups that cannot plan the smallest arena.
int64_t emitted_arena_lower_bound(const Graph& g);

// The C prefix a model gets when the variant does not set one: its sanitized name, at most
// Variant::kMaxPrefix characters (a longer one is cut, with a digest of the whole).
std::string default_prefix(const std::string& model_name);

}  // namespace aotbench::codegen
