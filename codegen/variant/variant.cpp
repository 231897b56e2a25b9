#include "codegen/variant/variant.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/names/names.hpp"
#include "codegen/select/registry.hpp"

namespace aotbench::codegen {

const char* stage_name(KnobStage s) { return s == KnobStage::build ? "build" : "generate"; }

const std::vector<KnobInfo>& knob_table() {
  static const std::vector<KnobInfo> table = {
      {"api", {"packed", "unpacked"}, "unpacked", true, KnobStage::generate,
       "operator calling convention: TVM packed (TVMValue + DLTensor) or plain typed pointers"},
      {"interface", {"packed", "c"}, "c", true, KnobStage::generate,
       "runner entry point: packed signature or int32_t <prefix>_run(inputs*, outputs*)"},
      {"workspace", {"static", "dynamic"}, "static", true, KnobStage::generate,
       "one planned arena, or TVMBackendAllocWorkspace/FreeWorkspace at run time"},
      {"params", {"direct", "lookup"}, "direct", true, KnobStage::generate,
       "weights by symbol, or through a <prefix>_lookup_linked_param(id) call"},
      {"index", {"i32", "i64"}, "i32", true, KnobStage::generate, "width of shapes, strides and loop indices"},
      {"opt", {"O0", "Os", "O2", "O3"}, "Os", true, KnobStage::build, "compiler optimization level"},
      {"kernels", kernel_families(), "ref", false, KnobStage::generate,
       "kernel family: every layer gets the family's preferred schedule (`aotbench variants` lists them)"},
      {"layers", {}, "", false, KnobStage::generate,
       "per-layer schedules overriding `kernels`, LAYER:SCHEDULE joined by '/', e.g. 3:dsp_1x1/12:ref",
       "INDEX:SCHEDULE/...", "(none)"},
      {"cc", {"gcc", "clang"}, "gcc", false, KnobStage::build,
       "C compiler of the model and kernels (the device runtime stays gcc-built; gcc links)"},
      {"align", {"off", "loops4", "loops8", "loops16", "loops32"}, "off", false, KnobStage::build,
       "start loops on an N-byte boundary (-falign-loops=N; refused at opt=O0, and at Os with gcc, which align "
       "none): 4 an M4 fetch word, 8 an M7 fetch or a 64-bit flash read, 16 and 32 a flash or cache line"},
      {"prefix", {}, "", false, KnobStage::generate, "name-mangling prefix of every global symbol (default: model name)", "<C identifier>",
       "(model name)"},
      {"profile", {"off", "ops"}, "off", false, KnobStage::generate, "hooks around every operator for per-op cycles"},
      {"plan", {"greedy_by_size", "greedy_by_conflicts", "greedy_by_lifetime", "greedy_by_last_use", "beam", "best"}, "best", false, KnobStage::generate,
       "static memory planner: one greedy order, or best: every order, the smallest arena"},
      {"inplace", {"on", "off"}, "on", false, KnobStage::generate,
       "operators write their output over an input they read last where their kernel allows it (workspace=static)"},
      {"patches", {"0", "2", "3", "4", "6", "8", "12", "16"}, "0", false, KnobStage::generate,
       "run the first layers (the group whose bands plan the smallest arena, then recompute the fewest MACs) in this "
       "many bands of rows, 0: whole"},
  };
  return table;
}

const KnobInfo& knob_info(std::string_view name) {
  for (const auto& k : knob_table())
    if (k.name == name) return k;
  std::vector<std::string> names;
  for (const auto& k : knob_table()) names.push_back(k.name);
  throw VariantError(fmt::format("unknown variant knob '{}'; known knobs: {}", name,
                                 fmt::join(names, ", ")));
}

Variant::Variant() {
  for (const auto& k : knob_table())
    if (k.name != "layers") values_[k.name] = k.default_value;
}

static std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

Variant Variant::parse(std::string_view spec) {
  Variant v;
  std::vector<std::string> seen;
  while (!trim(spec).empty()) {
    const auto comma = spec.find(',');
    const auto item = trim(spec.substr(0, comma));
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos)
      throw VariantError(fmt::format("variant item '{}' is not KNOB=VALUE (e.g. api=packed)", item));
    const std::string knob{trim(item.substr(0, eq))};
    if (std::find(seen.begin(), seen.end(), knob) != seen.end())
      throw VariantError(fmt::format("variant knob '{}' is given twice", knob));
    seen.push_back(knob);
    v.set(knob, trim(item.substr(eq + 1)));
  }
  return v;
}

const std::string& Variant::get(std::string_view knob) const {
  const auto it = values_.find(knob);
  if (it != values_.end()) return it->second;
  const KnobInfo& info = knob_info(knob);  // throws with the list of knobs
  throw VariantError(fmt::format("knob {} is a map of layers to schedules: read it with layer_schedules()", info.name));
}

std::string Variant::text(std::string_view knob) const {
  return knob == "layers" ? format_layer_schedules(layers_) : get(knob);
}

void Variant::set_layer_schedules(LayerSchedules layers) {
  for (const auto& [index, schedule] : layers)
    if (index < 0 || !valid_schedule_name(schedule))
      throw VariantError(fmt::format("layer {} cannot have schedule '{}': give a layer index >= 0 and a schedule "
                                     "name of a-z, 0-9 and '_' (`aotbench variants` lists them)", index, schedule));
  layers_ = std::move(layers);
}

void Variant::set(std::string_view knob, std::string_view value) {
  const KnobInfo& info = knob_info(knob);
  if (info.name == "layers") {
    if (!value.empty() && value[0] == '#') {
      throw VariantError(fmt::format(
          "layers={} is the digest a key shows for a long per-layer assignment; give the assignment itself "
          "(LAYER:SCHEDULE/...: the `layers` of results.json or best.toml)",
          value));
    }
    layers_ = parse_layer_schedules(value);
    return;
  } else if (info.name == "prefix") {
    if (!value.empty() && !is_c_identifier(value))
      throw VariantError(fmt::format(
          "prefix '{}' is not a C identifier (letters, digits and '_', not starting with a digit)",
          value));
    if (value.size() > kMaxPrefix)
      throw VariantError(fmt::format("prefix '{}...' has {} characters; give at most {}: a C compiler need tell "
                                     "identifiers apart only by their first 63, and the file names are made of it",
                                     value.substr(0, 20), value.size(), kMaxPrefix));
  } else if (std::find(info.values.begin(), info.values.end(), value) == info.values.end()) {
    throw VariantError(fmt::format("variant knob {} has no value '{}'; choose one of: {}", knob,
                                   value, fmt::join(info.values, ", ")));
  }
  values_[info.name] = std::string{value};
}

Variant Variant::generation_part() const {
  Variant code = *this;
  for (const auto& k : knob_table())
    if (k.stage == KnobStage::build) code.values_[k.name] = k.default_value;
  return code;
}

std::string Variant::spec() const {
  std::string spec;
  for (const auto& k : knob_table()) {
    const std::string value = text(k.name);
    if (!k.in_key_always && value == k.default_value) continue;
    spec += (spec.empty() ? "" : ",") + k.name + "=" + value;
  }
  return spec;
}

std::string Variant::key() const {
  std::string key;
  for (const auto& k : knob_table()) {
    std::string value = text(k.name);
    if (!k.in_key_always && value == k.default_value) continue;
    if (k.name == "layers" && value.size() > kMaxLayersInKey) value = "#" + name_digest(value);
    if (!key.empty()) key += ',';
    key += k.name + "=" + value;
  }
  return key;
}

}  // namespace aotbench::codegen
