#pragma once
// What every part of the emitter shares: symbols, the memory plan, the lowered operators, and
// how each tensor's data is reached from the generated runner.
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "codegen/emit/c_writer.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/plan/memory_plan.hpp"

namespace aotbench::codegen {

struct EmitContext {
  // The model's graph after kernel selection: schedules may add constant tensors (repacked
  // weights) and scratch tensors (an extra output of their operator, live for that operator
  // only, so the memory plan places them like any activation). Constant data still points into
  // the model's storage or into the LoweredOps' generated constants.
  Graph scheduled;
  const Graph& g = scheduled;
  const Variant& variant;
  const EmitOptions& options;
  std::string prefix;                 // C identifier
  std::string base;                   // "tvmgen_<prefix>", TVM's mangling
  MemoryPlan plan;                    // inputs and outputs stay in the caller's buffers
  std::vector<LoweredOp> ops;         // one per Graph::ops entry
  std::vector<int> params;            // constant tensors passed to kernels, ascending ids, one per
                                      // distinct data (tensors sharing a buffer share a symbol)
  std::map<int, int> param_owner;     // every constant kernel argument -> its entry in `params`
  std::vector<std::string> input_fields, output_fields;  // sanitized, unique
  int64_t workspace_pool_bytes = 0;
  std::set<int> scratch_tensors;      // tensors that are an operator's scratch, not its output
  std::set<int> ram_params;           // entries of `params` kept in RAM (initialized data)
  std::map<int, int64_t> param_alignment;  // entries of `params` aligned beyond 8 bytes
  int model_tensors = 0;              // tensors of the model (with its bands' tensors under
                                      // patches); the ones after it are the schedules'
  int patch_bands = 0;                // patches=K: the first layers run in K bands of rows
  int patch_ops = 0;                  // operators of the model in that group
  int64_t recomputed_macs = 0;        // the bands' halos, computed twice

  EmitContext(const Graph& graph, const Variant& v, const EmitOptions& o);
  void reorder_if_smaller(const PlanOptions& po, const std::vector<OverlapPermit>& permits);

  std::string sym(std::string_view suffix) const { return base + "_" + std::string(suffix); }
  std::string upper_base() const;                // "TVMGEN_<PREFIX>" for macros
  // The C function that runs the operator (its parameter struct: `<function>_params`). Bands of a
  // layer whose calls differ only in their data pointers share the first such band's.
  std::string op_function(const LoweredOp& op) const;
  // Whether op_function(op) is op's own (written with op), not an earlier band's.
  bool writes_function(const LoweredOp& op) const { return function_band(op) == op.band; }
  int function_band(const LoweredOp& op) const;
  std::map<std::pair<int, int>, int> band_function;  // (operator index, band) -> band whose function it calls
  std::string param_symbol(int tensor) const { return sym("param_" + std::to_string(param_id(tensor))); }
  int param_id(int tensor) const { return param_owner.at(tensor); }
  std::string shape_symbol(int tensor) const { return sym("shape_" + std::to_string(tensor)); }
  // The tensor's element type in C, const-qualified when the kernel only reads it.
  std::string arg_c_type(const KernelArg& arg) const;
  // A short comment naming a tensor: its id, sanitized name and shape.
  std::string tensor_comment(int tensor) const;

  // The data arguments an operator function takes (omitted optional tensors are not passed),
  // with the C parameter name of each (input, input1, weights, bias, output, ...).
  std::vector<const KernelArg*> passed_args(const LoweredOp& op) const;
  std::vector<std::string> arg_names(const LoweredOp& op) const;
  // The operator function's prototype: typed pointers (api=unpacked) or TVM's packed signature.
  std::string op_signature(const LoweredOp& op) const;
  // Tensors passed to any operator, ascending ids (their shapes feed DLTensors, api=packed).
  std::vector<int> shape_tensors() const;
};

// TVM's packed-function prototype under the given name.
std::string packed_signature(const std::string& name);

// Parts of the output, one file each.
GeneratedFile emit_public_header(const EmitContext& c);
GeneratedFile emit_internal_header(const EmitContext& c);
GeneratedFile emit_params(const EmitContext& c);
GeneratedFile emit_operators(const EmitContext& c);
GeneratedFile emit_runner(const EmitContext& c);
GeneratedFile emit_adapter(const EmitContext& c);

// Pool bytes the runtime's first-fit allocator needs for the runner's allocation sequence
// (computed by running that very allocator at generation time).
int64_t simulate_workspace_pool(const EmitContext& c);

// workspace=dynamic: the arena buffers (indices into plan.buffers) the runner allocates just
// before operator position `op`, and frees just after it, in the order it does so.
std::vector<int> buffers_allocated_before(const EmitContext& c, int op);
std::vector<int> buffers_freed_after(const EmitContext& c, int op);

}  // namespace aotbench::codegen
