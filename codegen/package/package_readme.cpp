// The package's README.md: what the folder is, how to build it in, the API, the memory it needs
// and a short example that the package test compiles.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/package/package.hpp"
#include "codegen/variant/build_config.hpp"

namespace aotbench::codegen {
namespace {

std::string shape_text(const std::vector<int32_t>& shape) { return fmt::format("{}", fmt::join(shape, "x")); }

std::string io_table(const std::vector<IoSummary>& list, const char* kind) {
  std::string out = fmt::format("| {} | type | shape | bytes | scale | zero point | macros |\n|---|---|---|---:|---:|---:|---|\n", kind);
  for (const IoSummary& io : list)
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} | `{}_SIZE`, `_TYPE`, `_SHAPE`{} |\n", io.field, io.type,
                       shape_text(io.shape), io.bytes, io.scale ? fmt::format("{:.9g}", *io.scale) : "–",
                       io.zero_point ? std::to_string(*io.zero_point) : "–", io.macro,
                       io.scale ? ", `_SCALE`, `_ZERO_POINT`" : "");
  return out;
}

// The clamp range of an integer element type, for quantizing.
std::pair<std::string, std::string> type_range(const std::string& type) {
  if (type == "int8") return {"-128", "127"};
  if (type == "uint8") return {"0", "255"};
  if (type == "int16") return {"-32768", "32767"};
  return {"", ""};
}

// dlpack's type code of an element type.
std::string dl_type(const std::string& type) {
  if (type.starts_with("float")) return fmt::format("{{kDLFloat, {}, 1}}", type.substr(5));
  if (type.starts_with("uint")) return fmt::format("{{kDLUInt, {}, 1}}", type.substr(4));
  if (type == "bool") return "{kDLUInt, 8, 1}";
  return fmt::format("{{kDLInt, {}, 1}}", type.substr(3));
}

// A C example: quantize real inputs, run, leave quantized outputs. Compiled by the package test.
std::string example(const EmitSummary& s, const std::string& upper, bool packed_interface, bool dynamic) {
  const std::string base = "tvmgen_" + s.prefix;
  std::string c = fmt::format("#include <math.h>\n#include <stddef.h>\n#include \"{}.h\"\n", base);
  if (dynamic || !packed_interface) c += "#include \"ab_aot_runtime.h\" /* TVMGetLastError, ab_workspace_init */\n";
  c += "\n";
  for (const IoSummary& io : s.inputs)
    c += fmt::format("static {0}_TYPE {1}[{0}_SIZE / sizeof({0}_TYPE)];\n", io.macro, "in_" + io.field);
  for (const IoSummary& io : s.outputs)
    c += fmt::format("static {0}_TYPE {1}[{0}_SIZE / sizeof({0}_TYPE)];\n", io.macro, "out_" + io.field);
  if (dynamic) c += fmt::format("static uint8_t pool[{}_WORKSPACE_POOL_SIZE] __attribute__((aligned(16)));\n", upper);
  c += "\n/* x: the first input's real values. Returns 0, or -1 (TVMGetLastError() says why). */\n";
  c += "int run_model(const float* x) {\n";
  if (!s.inputs.empty()) {
    const IoSummary& in = s.inputs.front();
    const auto [lo, hi] = type_range(in.type);
    c += fmt::format("  for (size_t i = 0; i < sizeof in_{0} / sizeof in_{0}[0]; ++i) {{\n", in.field);
    if (in.scale && !lo.empty()) {
      c += fmt::format("    long q = lroundf(x[i] / {0}_SCALE) + {0}_ZERO_POINT; /* quantize */\n", in.macro);
      c += fmt::format("    in_{}[i] = ({}_TYPE)(q < {} ? {} : q > {} ? {} : q);\n", in.field, in.macro, lo, lo, hi, hi);
    } else {
      c += fmt::format("    in_{}[i] = ({}_TYPE)x[i];\n", in.field, in.macro);
    }
    c += "  }\n";
  } else {
    c += "  (void)x;\n";
  }
  if (s.has_state) c += fmt::format("  /* {}_reset(): once before the first run, and whenever a new sequence starts. */\n", base);
  if (dynamic) c += "  ab_workspace_init(pool, sizeof pool); /* before every run */\n";
  if (!packed_interface) {
    std::string ins, outs;
    for (const IoSummary& io : s.inputs) ins += fmt::format("{}.{} = in_{}", ins.empty() ? "" : ", ", io.field, io.field);
    for (const IoSummary& io : s.outputs) outs += fmt::format("{}.{} = out_{}", outs.empty() ? "" : ", ", io.field, io.field);
    c += fmt::format("  struct {0}_inputs inputs = {{{1}}};\n  struct {0}_outputs outputs = {{{2}}};\n", base, ins, outs);
    c += fmt::format("  return {}_run(&inputs, &outputs);\n}}\n", base);
    return c;
  }
  std::vector<const IoSummary*> all;
  std::vector<std::string> names;
  for (const IoSummary& io : s.inputs) all.push_back(&io), names.push_back("in_" + io.field);
  for (const IoSummary& io : s.outputs) all.push_back(&io), names.push_back("out_" + io.field);
  for (std::size_t i = 0; i < all.size(); ++i)
    c += fmt::format("  static int64_t shape{}[] = {}_SHAPE;\n", i, all[i]->macro);
  c += fmt::format("  DLTensor t[{}] = {{\n", all.size());
  for (std::size_t i = 0; i < all.size(); ++i)
    c += fmt::format("    {{{}, {{kDLCPU, 0}}, {}_RANK, {}, shape{}, NULL, 0}},\n", names[i], all[i]->macro,
                     dl_type(all[i]->type), i);
  c += "  };\n";
  c += fmt::format("  TVMValue args[{}];\n  int32_t codes[{}];\n", all.size(), all.size());
  c += fmt::format("  for (int i = 0; i < {}; ++i) {{\n    args[i].v_handle = &t[i];\n    codes[i] = kTVMDLTensorHandle;\n  }}\n",
                   all.size());
  c += "  TVMValue ret;\n  int32_t ret_code;\n";
  c += fmt::format("  return {}_run_packed(args, codes, {}, &ret, &ret_code, NULL);\n}}\n", base, all.size());
  return c;
}

std::string memory_section(const EmitSummary& s, const PackageOptions& o, const std::string& upper) {
  std::string out = "## Memory\n\n| what | bytes | where |\n|---|---:|---|\n";
  out += fmt::format("| parameters (weights, biases) | {} | flash: `const` arrays in `src/` (`{}_PARAMS_SIZE`) |\n",
                     s.param_bytes, upper);
  if (s.workspace_pool_bytes > 0)
    out += fmt::format("| workspace pool | {} | RAM: yours, given to `ab_workspace_init()` before every run (`{}_WORKSPACE_POOL_SIZE`) |\n",
                       s.workspace_pool_bytes, upper);
  else
    out += fmt::format("| activation arena | {} | RAM: a static array in `src/` (`{}_WORKSPACE_SIZE`) |\n", s.arena_bytes, upper);
  if (s.state_bytes > 0)
    out += fmt::format("| state (SVDF/LSTM) | {} | RAM: static, kept across runs (`{}_STATE_SIZE`) |\n", s.state_bytes, upper);
  out += fmt::format("| inputs + outputs | {} + {} | RAM: your buffers |\n", s.input_bytes, s.output_bytes);
  if (o.measured) {
    const MeasuredFigures& m = *o.measured;
    out += fmt::format("\nMeasured by the sweep on `{}` (aotbench's measurement firmware around the model): flash "
                       "{} B, static RAM {} B, stack of one inference {} B, {} {} per inference. Code size depends on "
                       "your compiler and flags; the stack figure is what to add to your task's stack.\n",
                       m.board, m.flash_bytes, m.ram_bytes, m.stack_bytes, m.counts_median, m.counter);
  } else {
    out += "\nCode size and stack depend on the board and compiler: `aotbench --board B --model M` measures them "
           "(its best.toml then regenerates this folder with the figures).\n";
  }
  return out;
}

}  // namespace

std::string package_readme(const EmitSummary& s, const Package& p, const PackageOptions& o) {
  const Variant& v = o.variant;
  std::string upper = p.library;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  std::string out = fmt::format("# Model `{}`, compiled ahead of time to C\n\n", s.model);
  out += fmt::format("Generated by {} with\n\n    {}\n\nVariant `{}`. {} operators, {} MACs per inference.\n\n",
                     o.generator, o.command, s.variant_key, s.operators, s.macs);
  out += "Everything it needs is in this folder: plain C11, no allocation, no libm, no other library.\n\n";
  out += "| path | what |\n|---|---|\n";
  out += fmt::format("| `include/{}.h` | the API: the only header your code includes |\n", p.library);
  out += "| `src/` | the model: operators, parameters, the runner |\n";
  out += "| `runtime/` | the small AOT runtime: errors (`TVMGetLastError`), the workspace pool |\n";
  out += "| `kernels/` | the int8 kernels the model calls |\n";
  if (s.uses_dlpack) out += "| `third_party/dlpack/` | `dlpack.h` (TVM's packed convention uses `DLTensor`) |\n";
  out += "| `CMakeLists.txt`, `model.mk` | build files: CMake, or make variables for a Makefile or an IDE |\n";
  out += "| `aotbench/` | aotbench's own measurement glue; not part of the library, leave it out |\n";
  out += "| `summary.txt`, `summary.json` | operators, schedules, memory; `package` lists every file |\n\n";

  out += "## Building it in\n\n";
  out += fmt::format("CMake: `add_subdirectory(path/to/this/folder)` and `target_link_libraries(your_app PRIVATE {})`.\n"
                     "The target carries its include folders and defines. Your toolchain gives the CPU flags.\n\n",
                     p.library);
  out += fmt::format("make: `include path/to/this/folder/model.mk`, then add `$({0}_SRCS)` to your sources and "
                     "`$({0}_CFLAGS)` to your C flags.\n\n", upper);
  out += "An IDE: add the sources, include folders and defines below.\n\n";
  out += fmt::format("- sources: {}\n", fmt::join(p.model_sources, ", "));
  out += fmt::format("  and {}\n", fmt::join(p.support_sources, ", "));
  std::vector<std::string> incs = p.public_include_dirs;
  incs.insert(incs.end(), p.private_include_dirs.begin(), p.private_include_dirs.end());
  out += fmt::format("- include folders: {}\n", fmt::join(incs, ", "));
  out += fmt::format("- defines: {}\n\n", fmt::join(p.defines, ", "));
  out += fmt::format("`AB_INDEX_BITS={}` is the width of shapes and loop indices the model was generated for (knob "
                     "`index`): the generated code stops with `#error` if compiled otherwise.", s.index_bits);
  if (!s.uses_dlpack) out += " `AB_AOT_NO_DLPACK`: nothing here needs dlpack.h.";
  out += fmt::format("\nThe variant is built with `{}`{}, the flags aotbench measures it with; `{}_MEASURED_OPT` (CMake, "
                     "on by default) and `$({}_OPT)` (make) give them.\n",
                     fmt::join(p.code_flags, " "), build_config(v).cc == "clang" ? " with clang" : "", upper, upper);
  if (v.get("kernels") == "dsp" || s.variant_key.find("dsp") != std::string::npos)
    out += "Some layers use the Cortex-M DSP extension (SMLAD): build with your core's `-mcpu` (cortex-m4, m7, m33, "
           "m55); without `__ARM_FEATURE_DSP` the same kernels run as portable C, slower.\n";
  out += "\nTwo models in one firmware: generate each with its own `prefix=` knob; compile the runtime and kernels "
         "once (model.mk's `_MODEL_SRCS` has a model's own files only).\n\n";

  out += "## API\n\n```c\n";
  if (v.packed_interface())
    out += fmt::format("int32_t {}_run_packed(TVMValue* args, int32_t* type_codes, int32_t num_args, TVMValue* ret,\n"
                       "                          int32_t* ret_code, void* resource_handle);\n", p.library);
  else
    out += fmt::format("int32_t {0}_run(struct {0}_inputs* inputs, struct {0}_outputs* outputs);\n", p.library);
  if (s.has_state) out += fmt::format("void {}_reset(void);  /* the model has state: reset it before a new sequence */\n", p.library);
  out += "```\n\n";
  out += v.packed_interface()
             ? "The packed entry point takes one `DLTensor` per input, then per output, in the order below.\n"
             : "Each field of the structs points at your buffer for that input or output.\n";
  out += "A run returns 0, or -1 with `TVMGetLastError()` saying why.";
  if (s.workspace_pool_bytes > 0) out += " The workspace is dynamic: call `ab_workspace_init(pool, bytes)` before every run.";
  out += " Quantize an input as `q = round(x / SCALE) + ZERO_POINT` (clamped to the type); an output's real value is "
         "`SCALE * (q - ZERO_POINT)`.\n\n";
  out += io_table(s.inputs, "input") + "\n" + io_table(s.outputs, "output") + "\n";
  out += memory_section(s, o, upper) + "\n";
  out += "## Example\n\n```c\n" + example(s, upper, v.packed_interface(), s.workspace_pool_bytes > 0) + "```\n";
  return out;
}

}  // namespace aotbench::codegen
