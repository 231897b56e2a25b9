// <base>_ops.c: one function per operator that runs code. api=unpacked takes typed pointers;
// api=packed takes TVM's packed arguments, checks each DLTensor as TVM's generated code does
// (type code, rank, dtype, shape, offset), then unpacks the data pointers.
#include <map>
#include <stdexcept>

#include "codegen/emit/dl_types.hpp"
#include "codegen/emit/emit_context.hpp"
#include "codegen/names/names.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen {

DlType dl_type(DType t) {
  switch (t) {
    case DType::Int8: return {"kDLInt", 8};
    case DType::Int16: return {"kDLInt", 16};
    case DType::Int32: return {"kDLInt", 32};
    case DType::Int64: return {"kDLInt", 64};
    case DType::UInt8:
    case DType::Bool: return {"kDLUInt", 8};
    case DType::UInt32: return {"kDLUInt", 32};
    case DType::UInt64: return {"kDLUInt", 64};
    case DType::Float32: return {"kDLFloat", 32};
  }
  throw std::logic_error("dl_type: unknown dtype");
}

namespace {

std::string params_name(const EmitContext& c, const LoweredOp& op) {
  return c.op_function(op) + "_params";
}

// The kernel call, given the C expression of each passed argument's data. Kernels that take
// their inputs (CONCATENATION) or outputs (SPLIT) as one array get a local array of them.
void kernel_call(CWriter& w, const EmitContext& c, const LoweredOp& op,
                 const std::vector<std::string>& data) {
  std::vector<std::string> args{"&" + params_name(c, op)};
  std::vector<std::string> inputs, outputs;
  std::size_t next = 0;
  for (const KernelArg& a : op.args) {
    const std::string expr = a.tensor < 0 ? "NULL" : data.at(next++);
    if (op.inputs_as_array && a.role == ArgRole::Input) {
      if (inputs.empty()) args.push_back("inputs");
      inputs.push_back(expr);
    } else if (op.outputs_as_array && a.role == ArgRole::Output) {
      if (outputs.empty()) args.push_back("outputs");
      outputs.push_back(expr);
    } else {
      args.push_back(expr);
    }
  }
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  };
  if (!inputs.empty()) w.line("const void* const inputs[{}] = {{{}}};", inputs.size(), list(inputs));
  if (!outputs.empty()) w.line("void* const outputs[{}] = {{{}}};", outputs.size(), list(outputs));
  w.line("{}({});", op.kernel, list(args));
}

// The checks TVM's MakePackedAPI puts in front of an operator's body, for one argument.
void packed_arg_check(CWriter& w, const EmitContext& c, const LoweredOp& op, std::size_t i,
                      const KernelArg& a, const std::string& name) {
  const Tensor& t = c.g.tensors[a.tensor];
  const DlType dl = dl_type(t.type);
  std::vector<std::string> bad = {
      fmt::format("type_codes[{}] != kTVMDLTensorHandle", i),
      fmt::format("{}->ndim != {}", name, t.shape.size()),
      fmt::format("{0}->dtype.code != {1} || {0}->dtype.bits != {2} || {0}->dtype.lanes != 1",
                  name, dl.code, dl.bits),
      fmt::format("{}->byte_offset != 0", name)};
  for (std::size_t d = 0; d < t.shape.size(); ++d)
    bad.push_back(fmt::format("{}->shape[{}] != {}", name, d, t.shape[d]));
  w.raw(fmt::format("  if ({}", bad[0]));
  for (std::size_t k = 1; k < bad.size(); ++k) w.raw(fmt::format(" ||\n      {}", bad[k]));
  w.raw(") {\n");
  w.line("  TVMAPISetLastError(\"{}: argument {} ({}) is not the expected tensor\");",
         c.op_function(op), i, name);
  w.line("  return -1;");
  w.put("}");
}

bool same_arrays(const LoweredOp& a, const LoweredOp& b) {
  if (a.schedule != b.schedule || a.arrays.size() != b.arrays.size()) return false;
  for (std::size_t i = 0; i < a.arrays.size(); ++i)
    if (a.arrays[i].field != b.arrays[i].field || a.arrays[i].values != b.arrays[i].values) return false;
  return true;
}

void unpacked_body(CWriter& w, const EmitContext& c, const LoweredOp& op) {
  kernel_call(w, c, op, c.arg_names(op));
}

void packed_body(CWriter& w, const EmitContext& c, const LoweredOp& op) {
  const auto args = c.passed_args(op);
  const auto names = c.arg_names(op);
  w.line("(void)out_ret_value;").line("(void)out_ret_tcode;").line("(void)resource_handle;");
  w.open(fmt::format("if (num_args != {})", args.size()));
  w.line("TVMAPISetLastError(\"{}: expected {} arguments\");", c.op_function(op), args.size());
  w.line("return -1;");
  w.close();
  for (std::size_t i = 0; i < args.size(); ++i)
    w.line("const DLTensor* {} = (const DLTensor*)args[{}].v_handle;", names[i], i);
  w.blank();
  for (std::size_t i = 0; i < args.size(); ++i) {
    packed_arg_check(w, c, op, i, *args[i], names[i]);
  }
  std::vector<std::string> data;
  for (std::size_t i = 0; i < args.size(); ++i)
    data.push_back(fmt::format("({}*){}->data", c.arg_c_type(*args[i]), names[i]));
  kernel_call(w, c, op, data);
}

}  // namespace

GeneratedFile emit_operators(const EmitContext& c) {
  CWriter w;
  w.line("/* Operators of model {} ({}). Generated by aotbench. */",
         c_comment_text(c.options.model_name),
         c.variant.packed_api() ? "TVM packed calling convention, api=packed"
                                : "typed pointers, api=unpacked");
  w.line("#include \"{}_internal.h\"", c.base).blank();
  if (c.variant.packed_api()) {
    for (int t : c.shape_tensors()) {
      std::string dims;
      const auto& shape = c.g.tensors[t].shape;
      for (std::size_t d = 0; d < shape.size(); ++d) dims += (d ? ", " : "") + std::to_string(shape[d]);
      w.line("const int64_t {}[{}] = {{{}}};", c.shape_symbol(t), std::max<std::size_t>(1, shape.size()),
             shape.empty() ? "1" : dims);
    }
    w.blank();
  }
  std::map<int, const LoweredOp*> first_band;  // operator index -> its first band written
  for (const LoweredOp& op : c.ops) {
    if (op.is_noop || !c.writes_function(op)) continue;  // a band calling an earlier band's function
    w.line("/* Operator {}: {}{}", op.op_index, op_name(op.op_type),
           op.note.empty() ? "" : " (" + c_comment_text(op.note) + ")");
    for (const KernelArg* a : c.passed_args(op))
      w.line(" *   {}: {}", arg_role_name(a->role), c.tensor_comment(a->tensor));
    w.line(" */");
    // The bands of a layer share its per-channel arrays: written once, with the first band.
    std::string arrays_of;
    if (op.band >= 0) {
      const auto [first, fresh] = first_band.try_emplace(op.op_index, &op);
      if (!fresh && same_arrays(*first->second, op)) arrays_of = params_name(c, *first->second);
    }
    const RenderedParams rendered = render_params_c(op, params_name(c, op), arrays_of);
    w.raw(rendered.arrays).raw(rendered.params);
    w.open(c.op_signature(op));
    if (c.variant.packed_api()) {
      packed_body(w, c, op);
    } else {
      unpacked_body(w, c, op);
    }
    w.line("return 0;");
    w.close().blank();
  }
  return {c.base + "_ops.c", w.str()};
}

}  // namespace aotbench::codegen
