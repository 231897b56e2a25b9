// <base>.h, the public API a user's application includes, and <base>_internal.h, what the
// generated files share among themselves.
#include <set>

#include "codegen/emit/emit_context.hpp"
#include "codegen/names/names.hpp"

namespace aotbench::codegen {
namespace {

void io_struct(CWriter& w, const EmitContext& c, const char* kind, const std::vector<int>& tensors,
               const std::vector<std::string>& fields) {
  w.open(fmt::format("struct {}_{}", c.base, kind));
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    w.line("void* {};  /* {} */", fields[i], c.tensor_comment(tensors[i]));
  }
  w.close("};");
}

// Per input or output: bytes, element type, shape and, when quantized per tensor, the scale and
// zero point an application needs to quantize its data (q = real / SCALE + ZERO_POINT).
void io_macros(CWriter& w, const EmitContext& c, const char* kind, const std::vector<int>& tensors,
               const std::vector<std::string>& fields) {
  w.line("#define {}_{}_COUNT {}", c.upper_base(), upper_case(kind), tensors.size());
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = c.g.tensors[tensors[i]];
    const std::string name = fmt::format("{}_{}_{}", c.upper_base(), upper_case(kind), upper_case(fields[i]));
    std::string shape;
    for (std::size_t d = 0; d < t.shape.size(); ++d) shape += fmt::format("{}{}", d ? ", " : "", t.shape[d]);
    const bool per_tensor = t.quant && t.quant->scale.size() == 1 && t.quant->zero_point.size() == 1;
    w.line("/* {} `{}`: {} [{}]{} */", kind, fields[i], dtype_name(t.type), shape,
           per_tensor ? "; real value = SCALE * (q - ZERO_POINT)" : "");
    w.line("#define {}_SIZE {}", name, t.num_bytes());
    w.line("#define {}_TYPE {}", name, c_type(t.type));
    w.line("#define {}_RANK {}", name, t.shape.size());
    w.line("#define {}_SHAPE {{{}}}", name, shape);
    if (per_tensor) {
      w.line("#define {}_SCALE {:.9g}f", name, t.quant->scale[0]);
      w.line("#define {}_ZERO_POINT {}", name, t.quant->zero_point[0]);
    }
  }
}

const char* packed_signature_args() {
  return "TVMValue* args, int32_t* type_codes, int32_t num_args, TVMValue* out_ret_value, "
         "int32_t* out_ret_tcode, void* resource_handle";
}

}  // namespace

std::string packed_signature(const std::string& name) {
  return fmt::format("int32_t {}({})", name, packed_signature_args());
}

GeneratedFile emit_public_header(const EmitContext& c) {
  const std::string guard = c.upper_base() + "_H_";
  int64_t param_bytes = 0;
  for (int t : c.params) param_bytes += c.g.tensors[t].num_bytes();

  CWriter w;
  w.line("/* Model {}, compiled ahead of time by aotbench.", c_comment_text(c.options.model_name));
  w.line(" * Variant: {} */", c.variant.key());
  w.line("#ifndef {}", guard).line("#define {}", guard).blank();
  w.line("#include <stdint.h>");
  if (c.variant.packed_interface()) w.line("#include \"ab_aot_runtime.h\"");
  w.blank();
  w.line("/* Bytes of the static workspace (the planned activation arena; workspace=static). */");
  w.line("#define {}_WORKSPACE_SIZE {}", c.upper_base(),
         c.variant.static_workspace() ? c.plan.arena_bytes : 0);
  w.line("/* Bytes the TVMBackendAllocWorkspace pool needs for one inference (workspace=dynamic). */");
  w.line("#define {}_WORKSPACE_POOL_SIZE {}", c.upper_base(), c.workspace_pool_bytes);
  w.line("/* Bytes of constant data (weights and biases). */");
  w.line("#define {}_PARAMS_SIZE {}", c.upper_base(), param_bytes);
  w.line("/* Bytes of the model's state (variable tensors: SVDF and LSTM memories, the audio front end's noise estimate), kept across runs. */");
  w.line("#define {}_STATE_SIZE {}", c.upper_base(), c.plan.state_bytes);
  io_macros(w, c, "input", c.g.inputs, c.input_fields);
  io_macros(w, c, "output", c.g.outputs, c.output_fields);
  w.blank().line("#ifdef __cplusplus").put("extern \"C\" {").line("#endif").blank();
  io_struct(w, c, "inputs", c.g.inputs, c.input_fields);
  io_struct(w, c, "outputs", c.g.outputs, c.output_fields);
  w.blank();
  if (c.variant.packed_interface()) {
    w.line("/* Runs one inference. args: one DLTensor handle (kTVMDLTensorHandle) per input, then");
    w.line(" * per output, in the order of the structs above. Returns 0, or -1 with TVMGetLastError(). */");
    w.line("{};", packed_signature(c.sym("run_packed")));
  } else {
    w.line("/* Runs one inference. Returns 0, or -1 (see TVMGetLastError() in ab_aot_runtime.h). With");
    w.line(" * workspace=dynamic, reset the pool (ab_workspace_init) before each run, as after a failure. */");
    w.line("int32_t {0}_run(struct {0}_inputs* inputs, struct {0}_outputs* outputs);", c.base);
  }
  if (c.plan.state_bytes > 0) {
    w.blank();
    w.line("/* The model has state (variable tensors): each run continues from the state");
    w.line(" * the previous run left, as TFLite Micro's interpreter does. This resets it to its initial");
    w.line(" * values (TFLite Micro's ResetVariableTensors): call it once before the first run, and");
    w.line(" * whenever a new sequence starts. */");
    w.line("void {}(void);", c.sym("reset"));
  }
  w.blank().line("#ifdef __cplusplus").put("}").line("#endif").line("#endif");
  return {c.base + ".h", w.str()};
}

GeneratedFile emit_internal_header(const EmitContext& c) {
  const std::string guard = c.upper_base() + "_INTERNAL_H_";
  CWriter w;
  w.line("/* Declarations shared by the generated files of model {}. */",
         c_comment_text(c.options.model_name));
  w.line("#ifndef {}", guard).line("#define {}", guard).blank();
  w.line("#include <stddef.h>").line("#include <stdint.h>").blank();
  if (!c.variant.uses_dlpack()) {
    w.line("/* Neither operators nor entry point take TVM's packed arguments: no dlpack.h needed. */");
    w.line("#ifndef AB_AOT_NO_DLPACK").line("#define AB_AOT_NO_DLPACK").line("#endif");
  }
  w.line("#include \"ab_aot_runtime.h\"");
  std::set<std::string> headers;
  for (const LoweredOp& op : c.ops) headers.insert(op.headers.begin(), op.headers.end());
  for (const std::string& h : headers) w.line("#include \"{}\"", h);
  w.blank();
  w.line("#if !defined(AB_INDEX_BITS) || AB_INDEX_BITS != {}", c.variant.index_bits());
  w.line("#error \"compile the generated code and the kernels with -DAB_INDEX_BITS={} (variant index={})\"",
         c.variant.index_bits(), c.variant.get("index"));
  w.line("#endif").blank();
  if (c.variant.lookup_params()) {
    w.line("const void* {}_lookup_linked_param(int32_t id);", c.base);
  } else {
    for (int t : c.params) {
      const Tensor& tensor = c.g.tensors[t];
      w.line("extern const {} {}[{}];", c_type(tensor.type), c.param_symbol(t), tensor.num_elements());
    }
  }
  w.blank();
  if (c.variant.packed_api()) {
    w.line("/* Shapes of the tensors passed to operators, for their DLTensors. */");
    for (int t : c.shape_tensors()) {
      w.line("extern const int64_t {}[{}];", c.shape_symbol(t), std::max<std::size_t>(1, c.g.tensors[t].shape.size()));
    }
    w.blank();
  }
  for (const LoweredOp& op : c.ops) {
    if (!op.is_noop && c.writes_function(op)) w.line("{};", c.op_signature(op));
  }
  w.blank().line("#endif");
  return {c.base + "_internal.h", w.str()};
}

}  // namespace aotbench::codegen
