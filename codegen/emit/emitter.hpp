#pragma once
// The C emitter: a graph + a variant -> readable C sources implementing the model with the
// variant's calling conventions (see ../shared/DESIGN.md, "Variants").
#include <cstdint>
#include <string>
#include <vector>

#include "emit/variant.hpp"
#include "ir/graph.hpp"
#include "lower/lower.hpp"

namespace aotbench::codegen {

struct EmitOptions {
  std::string model_name;       // shown in comments and the adapter's key; default prefix source
  bool device_adapter = true;   // also emit the model_iface.h adapter (<base>_adapter.c)
  bool dump_tensors = false;    // call ab_debug_tensor() after every operator (host debugging)
  LowerOptions lower;
};

struct GeneratedFile {
  std::string name;  // file name, no directory
  std::string text;
};

struct OpSummary {
  int index;            // node index in the model
  std::string type;     // TFLite operator name
  std::string function; // generated C function ("" for an aliased RESHAPE)
  int64_t macs;
};

struct EmitSummary {
  std::string model;
  std::string prefix;          // the C prefix actually used
  std::string variant_key;
  int operators = 0;           // operators in the model
  int kernel_calls = 0;        // operators that run code (aliased reshapes run none)
  int64_t macs = 0;
  int64_t arena_bytes = 0;     // static plan (workspace=static)
  int64_t workspace_pool_bytes = 0;  // pool the dynamic allocator needs (workspace=dynamic)
  int64_t param_bytes = 0;     // constant data emitted (weights, biases)
  int64_t input_bytes = 0, output_bytes = 0;
  std::vector<OpSummary> ops;
};

struct EmitResult {
  std::vector<GeneratedFile> files;
  EmitSummary summary;
};

// `g` must have gone through alias_reshapes(). Throws LowerError for an operator the kernels
// cannot run and VariantError for an unusable variant.
EmitResult emit_model(const Graph& g, const Variant& variant, const EmitOptions& options);

// The C prefix a model gets when the variant does not set one: its sanitized name.
std::string default_prefix(const std::string& model_name);

}  // namespace aotbench::codegen
