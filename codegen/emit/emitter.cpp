#include "codegen/emit/emitter.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/ranges.h>
#include <stdexcept>
#include <set>
#include <tuple>

#include "codegen/emit/emit_context.hpp"
#include "codegen/names/names.hpp"
#include "codegen/lower/render_c.hpp"
#include "codegen/plan/order.hpp"
#include "codegen/plan/patch_graph.hpp"
#include "codegen/plan/stats.hpp"
#include "codegen/select/registry.hpp"
#include "codegen/select/select.hpp"

namespace aotbench::codegen {
namespace {

// Sanitized names of the graph's inputs or outputs, made unique with a numeric suffix.
std::vector<std::string> io_fields(const Graph& g, const std::vector<int>& tensors,
                                   const char* fallback) {
  std::vector<std::string> fields;
  std::set<std::string> used;
  for (int t : tensors) {
    std::string name = c_identifier(g.tensors[t].name, fallback);
    const std::string stem = name;
    for (int n = 1; used.count(name); ++n) name = stem + "_" + std::to_string(n);
    used.insert(name);
    fields.push_back(name);
  }
  return fields;
}

// Constant kernel arguments; tensors whose data is the same buffer map to the first of them.
std::map<int, int> param_owners(const std::vector<LoweredOp>& ops, const Graph& g) {
  std::set<int> ids;
  for (const LoweredOp& op : ops) {
    if (op.is_noop) continue;
    for (const KernelArg& a : op.args)
      if (a.tensor >= 0 && g.tensors[a.tensor].is_constant()) ids.insert(a.tensor);
  }
  std::map<int, int> owner;
  std::map<std::tuple<const uint8_t*, std::size_t, DType>, int> by_data;
  for (int t : ids) {
    const Tensor& tensor = g.tensors[t];
    owner[t] = by_data.try_emplace({tensor.data.data(), tensor.data.size(), tensor.type}, t).first->second;
  }
  return owner;
}

// Turns the schedules' generated constants and scratch into tensors of the scheduled graph.
struct ConstantPlacement {
  std::set<int> in_ram;              // tensors kept in RAM
  std::map<int, int64_t> alignment;  // tensors aligned beyond 8 bytes
};

void add_schedule_tensors(Graph& g, std::vector<LoweredOp>& ops, std::set<int>& scratch, ConstantPlacement& placed) {
  // The bands of a layer (patch-based execution) repack its weights alike: one copy for all.
  std::map<std::pair<int, int>, int> band_constant;  // (operator index, constant) -> tensor
  for (std::size_t i = 0; i < ops.size(); ++i) {
    LoweredOp& op = ops[i];
    for (KernelArg& a : op.args) {
      if (a.constant < 0) continue;
      const GeneratedConstant& gc = op.constants.at(static_cast<std::size_t>(a.constant));
      if (op.band >= 0) {
        const auto [it, fresh] = band_constant.try_emplace({op.op_index, a.constant}, static_cast<int>(g.tensors.size()));
        const std::span<const uint8_t> seen = g.tensors[static_cast<std::size_t>(it->second)].data;
        if (!fresh && std::equal(seen.begin(), seen.end(), gc.bytes().begin(), gc.bytes().end())) {
          a.tensor = it->second;
          continue;
        }
      }
      Tensor t;
      t.id = static_cast<int>(g.tensors.size());
      t.name = (gc.source >= 0 ? g.tensors[gc.source].name + " " : std::string()) + gc.name;
      static const DType types[] = {DType::Int8, DType::Int16, DType::Int32};
      t.type = types[gc.values.index()];
      t.shape = {static_cast<int32_t>(gc.size())};
      t.data = gc.bytes();
      g.tensors.push_back(std::move(t));
      a.tensor = g.tensors.back().id;
      if (gc.in_ram) placed.in_ram.insert(a.tensor);
      if (gc.alignment > 8) placed.alignment[a.tensor] = gc.alignment;
    }
    if (op.scratch_bytes > 0) {
      Tensor t;
      t.id = static_cast<int>(g.tensors.size());
      t.name = "scratch of operator " + std::to_string(op.op_index);
      t.type = DType::Int8;
      t.shape = {static_cast<int32_t>(op.scratch_bytes)};
      g.tensors.push_back(std::move(t));
      g.ops[i].outputs.push_back(g.tensors.back().id);
      op.args.push_back({ArgRole::Scratch, g.tensors.back().id});
      scratch.insert(g.tensors.back().id);
    }
  }
}

// What the selected schedules allow in place: for every operator and every input its kernel may
// write the output over, a permit (the plan uses those whose input dies there).
std::vector<OverlapPermit> overlap_permits(const Graph& model, const std::vector<LoweredOp>& ops) {
  std::vector<OverlapPermit> permits;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Operator& node = model.ops[i];
    const LoweredOp& op = ops[i];
    if (op.is_noop || node.outputs.size() != 1) continue;
    const Schedule* s = find_schedule(node.type, op.schedule);
    if (!s || !s->overlap) continue;
    const ScheduleContext context{model, node};
    // A kernel's window over its input is about the tensor's own bytes, not those of a band of
    // rows inside a larger one (patch-based execution).
    auto band_view = [&](int t) {
      return model.tensors[t].alias_of >= 0 && model.tensors[t].num_bytes() != model.tensors[alias_root(model, t)].num_bytes();
    };
    if (band_view(node.outputs[0])) continue;
    for (std::size_t k = 0; k < node.inputs.size(); ++k) {
      const int t = node.inputs[k];
      if (t < 0 || model.tensors[t].is_constant() || model.tensors[t].is_variable || band_view(t)) continue;
      if (const auto w = s->overlap(context, op, k))
        permits.push_back({static_cast<int>(i), t, node.outputs[0], w->max_delta, w->modulus});
    }
  }
  return permits;
}

// The bands of a layer whose calls differ only in their data pointers: the same kernel, arguments
// and parameter values (the middle bands, mostly; the first and last meet the border). Each calls
// the first such band's function, specialized like any other on its constant parameters.
std::map<std::pair<int, int>, int> bands_sharing_a_function(const EmitContext& c) {
  // operator index -> its bands that own a function, with their calls
  std::map<int, std::vector<std::pair<const LoweredOp*, std::string>>> owners;
  std::map<std::pair<int, int>, int> shared;
  for (const LoweredOp& op : c.ops) {
    if (op.band < 0 || op.is_noop) continue;
    std::string call = op.kernel + (op.inputs_as_array ? " inputs[]" : "") + (op.outputs_as_array ? " outputs[]" : "");
    for (const KernelArg& a : op.args) {
      if (a.tensor < 0) {
        call += ", NULL";
        continue;
      }
      // Its shape too: api=packed checks every argument's shape against constants.
      call += ", " + c.arg_c_type(a) + " [" + fmt::format("{}", fmt::join(c.g.tensors[a.tensor].shape, "x")) + "]";
    }
    for (const std::string& name : c.arg_names(op)) call += " " + name;
    call += render_params_c(op, "params", "arrays").params;  // the values, arrays aside
    auto& mine = owners[op.op_index];
    const auto same = std::find_if(mine.begin(), mine.end(), [&](const auto& o) {
      return o.second == call && o.first->arrays.size() == op.arrays.size() &&
             std::equal(op.arrays.begin(), op.arrays.end(), o.first->arrays.begin(), [](const auto& x, const auto& y) {
               return x.field == y.field && x.values == y.values;
             });
    });
    if (same == mine.end()) {
      mine.emplace_back(&op, std::move(call));
    } else {
      shared[{op.op_index, op.band}] = same->first->band;
    }
  }
  return shared;
}

}  // namespace

std::string default_prefix(const std::string& model_name) {
  const std::string whole = c_identifier(model_name, "model");
  if (whole.size() <= Variant::kMaxPrefix) return whole;
  // A long file name: its start, and a digest of the whole to keep two such models apart.
  return whole.substr(0, Variant::kMaxPrefix - 9) + "_" + name_digest(whole).substr(0, 8);
}

int64_t emitted_arena_lower_bound(const Graph& g) {
  PlanOptions po;  // as EmitContext plans: the caller's inputs and outputs outside
  po.inputs_in_arena = po.outputs_in_arena = false;
  return arena_lower_bound_any_kernels(g, po);
}

// The model as it runs: the first layers in bands of rows under patches=K (K > 0), the group whose
// bands plan the smallest arena of this very variant (kernels' scratch and operators in place
// included), then the fewest recomputed MACs.
static Graph banded_model(const Graph& model, const Variant& v, EmitContext& c) {
  const int bands = std::stoi(v.get("patches"));
  if (bands == 0) return structure_copy(model);
  Variant whole = v;
  whole.set("patches", "0");
  auto arena_of = [&](const Graph& g) { return EmitContext(g, whole, c.options).plan.arena_bytes; };
  try {
    PatchedGraph p = patch_first_layers(model, bands, arena_of, emitted_arena_lower_bound);
    c.patch_bands = bands;
    c.patch_ops = p.group.ops;
    c.recomputed_macs = p.recomputed_macs;
    return std::move(p.graph);
  } catch (const PatchError& e) {
    throw VariantError(e.what());
  }
}

EmitContext::EmitContext(const Graph& model, const Variant& v, const EmitOptions& o) : variant(v), options(o) {
  prefix = v.get("prefix").empty() ? default_prefix(o.model_name) : v.get("prefix");
  base = "tvmgen_" + prefix;
  const Graph graph = banded_model(model, v, *this);
  scheduled = structure_copy(graph);
  model_tensors = static_cast<int>(graph.tensors.size());
  // Lower, then select kernels, then plan: the plan includes the schedules' scratch.
  ops = lower_graph(graph, o.lower);
  for (std::size_t i = 0; i < ops.size(); ++i) ops[i].band = graph.ops[i].band;
  SelectOptions so;
  so.kernels = v.get("kernels");
  so.layers = v.layer_schedules();
  so.features = o.cpu_features;
  select_kernels(graph, ops, so);
  ConstantPlacement placed;
  add_schedule_tensors(scheduled, ops, scratch_tensors, placed);
  PlanOptions po;
  po.algorithm = *parse_plan_algorithm(v.get("plan"));
  po.inputs_in_arena = false;  // TVM's AOT convention: the caller owns inputs and outputs
  po.outputs_in_arena = false;
  // In place only where the arena is planned: the dynamic workspace allocates every buffer apart.
  const bool in_place = v.static_workspace() && v.get("inplace") == "on";
  const std::vector<OverlapPermit> permits = in_place ? overlap_permits(graph, ops) : std::vector<OverlapPermit>{};
  plan = plan_memory(g, po, permits);
  if (v.static_workspace() && po.algorithm == PlanAlgorithm::Best) reorder_if_smaller(po, permits);
  // The plan is checked with its own lifetime analysis before any code uses it.
  if (const auto problems = plan_problems(g, plan); !problems.empty()) {
    throw std::logic_error(fmt::format("memory plan of {} is invalid: {}", o.model_name, fmt::join(problems, "; ")));
  }
  band_function = bands_sharing_a_function(*this);
  param_owner = param_owners(ops, g);
  for (const auto& [tensor, owner] : param_owner) {
    if (tensor == owner) params.push_back(tensor);
    if (placed.in_ram.count(tensor)) ram_params.insert(owner);
    if (const auto a = placed.alignment.find(tensor); a != placed.alignment.end())
      param_alignment[owner] = std::max(param_alignment[owner], a->second);
  }
  input_fields = io_fields(g, g.inputs, "input");
  output_fields = io_fields(g, g.outputs, "output");
}

// Runs independent operators in another order where that plans a smaller arena: the scheduled
// graph's operators and their lowered calls move together, the permits follow their operators.
void EmitContext::reorder_if_smaller(const PlanOptions& po, const std::vector<OverlapPermit>& permits) {
  const std::vector<int> order = memory_order(g);
  if (order.empty() || std::is_sorted(order.begin(), order.end())) return;
  if (!is_valid_order(g, order)) throw std::logic_error("memory_order gave an order that breaks a dependency");
  std::vector<int> position(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) position[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  auto permute = [&](const std::vector<int>& by) {
    std::vector<Operator> nodes;
    std::vector<LoweredOp> calls;
    for (int i : by) {
      nodes.push_back(std::move(scheduled.ops[static_cast<std::size_t>(i)]));
      calls.push_back(std::move(ops[static_cast<std::size_t>(i)]));
    }
    scheduled.ops = std::move(nodes);
    ops = std::move(calls);
  };
  permute(order);
  std::vector<OverlapPermit> moved = permits;
  for (OverlapPermit& p : moved) p.op = position[static_cast<std::size_t>(p.op)];
  // Planned only when it could be smaller: planning a banded graph's order can take a second.
  if (arena_lower_bound(g, po, moved) < plan.arena_bytes) {
    MemoryPlan other = plan_memory(g, po, moved);
    if (other.arena_bytes < plan.arena_bytes) {
      plan = std::move(other);
      return;
    }
  }
  std::vector<int> back(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) back[k] = position[k];
  permute(back);
}

std::string EmitContext::upper_base() const { return upper_case(base); }

int EmitContext::function_band(const LoweredOp& op) const {
  const auto it = band_function.find({op.op_index, op.band});
  return it == band_function.end() ? op.band : it->second;
}

std::string EmitContext::op_function(const LoweredOp& op) const {
  char index[16];
  std::snprintf(index, sizeof index, "%03d", op.op_index);
  const int band = function_band(op);
  const std::string suffix = band < 0 ? "" : "_band" + std::to_string(band);
  return sym(std::string("op") + index + "_" + c_identifier(op_name(op.op_type)) + suffix);
}

std::string EmitContext::arg_c_type(const KernelArg& arg) const {
  if (arg.tensor < 0) return "const int32_t";  // an omitted bias
  const std::string type = c_type(g.tensors[arg.tensor].type);
  const bool written = arg.role == ArgRole::Output || arg.role == ArgRole::Scratch || arg.role == ArgRole::State;
  return written ? type : "const " + type;
}

std::string EmitContext::tensor_comment(int tensor) const {
  const Tensor& t = g.tensors[tensor];
  std::string shape;
  for (std::size_t i = 0; i < t.shape.size(); ++i) shape += (i ? "x" : "") + std::to_string(t.shape[i]);
  return fmt::format("t{} {} [{}] {}", tensor, dtype_name(t.type), shape, c_comment_text(t.name, 60));
}

std::vector<const KernelArg*> EmitContext::passed_args(const LoweredOp& op) const {
  std::vector<const KernelArg*> out;
  for (const KernelArg& a : op.args)
    if (a.tensor >= 0) out.push_back(&a);
  return out;
}

std::vector<std::string> EmitContext::arg_names(const LoweredOp& op) const {
  const auto args = passed_args(op);
  // A role that several arguments share is numbered: input0, input1, weights0, ...
  std::map<ArgRole, int> count, seen;
  for (const KernelArg* a : args) ++count[a->role];
  std::vector<std::string> names;
  for (const KernelArg* a : args) {
    const std::string role = arg_role_name(a->role);
    names.push_back(count[a->role] == 1 ? role : role + std::to_string(seen[a->role]++));
  }
  return names;
}

std::string EmitContext::op_signature(const LoweredOp& op) const {
  if (variant.packed_api()) return packed_signature(op_function(op));
  const auto args = passed_args(op);
  const auto names = arg_names(op);
  std::string params;
  for (std::size_t i = 0; i < args.size(); ++i)
    params += fmt::format("{}{}* {}", i ? ", " : "", arg_c_type(*args[i]), names[i]);
  return fmt::format("int32_t {}({})", op_function(op), params);
}

std::vector<int> EmitContext::shape_tensors() const {
  std::set<int> ids;
  for (const LoweredOp& op : ops) {
    if (op.is_noop) continue;
    for (const KernelArg* a : passed_args(op)) ids.insert(a->tensor);
  }
  return {ids.begin(), ids.end()};
}

std::vector<int> buffers_allocated_before(const EmitContext& c, int op) {
  std::vector<int> out;
  for (std::size_t b = 0; b < c.plan.buffers.size(); ++b)
    if (c.plan.buffers[b].life.first_op == op) out.push_back(static_cast<int>(b));
  return out;
}

std::vector<int> buffers_freed_after(const EmitContext& c, int op) {
  std::vector<int> out;
  for (std::size_t b = 0; b < c.plan.buffers.size(); ++b)
    if (c.plan.buffers[b].life.last_op == op) out.push_back(static_cast<int>(b));
  return out;
}

namespace {

// Per operator, the arena's live bytes and top; at the fullest operator, what is there.
void memory_timeline(const EmitContext& c, EmitSummary& s) {
  if (!c.variant.static_workspace()) return;  // a dynamic workspace has no plan in bytes
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (std::size_t i = 0; i < s.ops.size(); ++i) {
    spans.clear();
    for (const PlannedBuffer& b : c.plan.buffers)
      if (b.life.first_op <= static_cast<int>(i) && static_cast<int>(i) <= b.life.last_op)
        spans.emplace_back(b.offset, b.offset + b.life.bytes);
    std::sort(spans.begin(), spans.end());
    int64_t live = 0, covered = 0;
    for (const auto& [begin, end] : spans) {
      live += std::max<int64_t>(0, end - std::max(begin, covered));
      covered = std::max(covered, end);
    }
    s.ops[i].arena_live_bytes = live;
    s.ops[i].arena_top = covered;
    if (s.peak_op < 0 || covered > s.ops[static_cast<std::size_t>(s.peak_op)].arena_top) s.peak_op = static_cast<int>(i);
  }
  if (s.peak_op < 0) return;
  const Operator& node = c.g.ops[static_cast<std::size_t>(s.peak_op)];
  auto has = [](const std::vector<int>& v, int t) { return std::find(v.begin(), v.end(), t) != v.end(); };
  for (const PlannedBuffer& b : c.plan.buffers) {
    if (b.life.first_op > s.peak_op || s.peak_op > b.life.last_op) continue;
    PeakTensor t{b.life.root, c.g.tensors[b.life.root].name, b.life.bytes, b.offset, "live"};
    for (int m : b.life.members) {
      if (c.scratch_tensors.count(m)) t.role = "scratch";
      else if (has(node.outputs, m)) t.role = "output";
      else if (has(node.inputs, m)) t.role = "input";
    }
    s.peak_tensors.push_back(std::move(t));
  }
  std::sort(s.peak_tensors.begin(), s.peak_tensors.end(),
            [](const PeakTensor& a, const PeakTensor& b) { return a.offset < b.offset; });
}

std::vector<IoSummary> io_summary(const EmitContext& c, const char* kind, const std::vector<int>& tensors,
                                  const std::vector<std::string>& fields) {
  std::vector<IoSummary> out;
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = c.g.tensors[tensors[i]];
    IoSummary io{fields[i], c.upper_base() + "_" + upper_case(kind) + "_" + upper_case(fields[i]),
                 dtype_name(t.type), c_type(t.type), t.shape, t.num_bytes(), {}, {}};
    if (t.quant && t.quant->scale.size() == 1 && t.quant->zero_point.size() == 1) {
      io.scale = t.quant->scale[0];
      io.zero_point = t.quant->zero_point[0];
    }
    out.push_back(std::move(io));
  }
  return out;
}

EmitSummary summary_of(const EmitContext& c, const Variant& variant, const EmitOptions& options) {
  const Graph& g = c.g;
  EmitSummary s;
  s.model = options.model_name;
  s.prefix = c.prefix;
  s.variant_key = variant.key();
  s.operators = static_cast<int>(g.ops.size()) - std::max(0, c.patch_bands - 1) * c.patch_ops;
  s.macs = total_macs(g);
  s.patch_bands = c.patch_bands;
  s.patch_ops = c.patch_ops;
  s.recomputed_macs = c.recomputed_macs;
  s.arena_bytes = c.plan.arena_bytes;
  s.workspace_pool_bytes = c.workspace_pool_bytes;
  s.state_bytes = c.plan.state_bytes;
  for (int t : c.params) s.param_bytes += g.tensors[t].num_bytes();
  for (int t : c.ram_params) s.ram_param_bytes += g.tensors[t].num_bytes();
  for (int t : g.inputs) s.input_bytes += g.tensors[t].num_bytes();
  for (int t : g.outputs) s.output_bytes += g.tensors[t].num_bytes();
  s.inputs = io_summary(c, "input", g.inputs, c.input_fields);
  s.outputs = io_summary(c, "output", g.outputs, c.output_fields);
  s.index_bits = variant.index_bits();
  s.uses_dlpack = variant.uses_dlpack();
  s.has_state = c.plan.state_bytes > 0;
  std::set<std::string> sources, include_dirs;
  for (std::size_t i = 0; i < g.ops.size(); ++i) {
    const LoweredOp& op = c.ops[i];
    if (!op.is_noop) ++s.kernel_calls;
    int64_t param_bytes = 0, ram_param_bytes = 0;
    for (const KernelArg& a : op.args) {
      if (a.tensor >= 0 && c.param_owner.count(a.tensor)) param_bytes += g.tensors[static_cast<std::size_t>(a.tensor)].num_bytes();
      else if (a.constant >= 0) param_bytes += static_cast<int64_t>(op.constants[static_cast<std::size_t>(a.constant)].bytes().size());
      if (a.constant >= 0 && op.constants[static_cast<std::size_t>(a.constant)].in_ram)
        ram_param_bytes += static_cast<int64_t>(op.constants[static_cast<std::size_t>(a.constant)].bytes().size());
    }
    s.ops.push_back({g.ops[i].index, op_name(g.ops[i].type), op.is_noop ? "" : c.op_function(op), op.band,
                     op_macs(g, g.ops[i]), op.is_noop ? "" : op.schedule, op.scratch_bytes, param_bytes});
    s.ops.back().ram_param_bytes = ram_param_bytes;
    sources.insert(op.sources.begin(), op.sources.end());
    include_dirs.insert(op.include_dirs.begin(), op.include_dirs.end());
  }
  memory_timeline(c, s);
  include_dirs.insert("include");  // ab_kernels.h's types, even when no operator runs a kernel
  s.kernel_sources.assign(sources.begin(), sources.end());
  s.kernel_include_dirs.assign(include_dirs.begin(), include_dirs.end());
  return s;
}

}  // namespace

EmitResult emit_model(const Graph& model, const Variant& variant, const EmitOptions& options) {
  EmitContext c(model, variant, options);
  c.workspace_pool_bytes = variant.static_workspace() ? 0 : simulate_workspace_pool(c);

  EmitResult r;
  r.files.push_back(emit_public_header(c));
  r.files.push_back(emit_internal_header(c));
  r.files.push_back(emit_params(c));
  r.files.push_back(emit_operators(c));
  r.files.push_back(emit_runner(c));
  if (options.device_adapter) r.files.push_back(emit_adapter(c));
  r.summary = summary_of(c, variant, options);
  return r;
}

EmitSummary summarize_model(const Graph& model, const Variant& variant, const EmitOptions& options) {
  EmitContext c(model, variant, options);
  c.workspace_pool_bytes = variant.static_workspace() ? 0 : simulate_workspace_pool(c);
  return summary_of(c, variant, options);
}

}  // namespace aotbench::codegen
