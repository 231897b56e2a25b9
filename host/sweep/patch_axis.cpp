#include "host/sweep/patch_axis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

#include "codegen/emit/emitter.hpp"

namespace aotbench::sweep {

std::vector<std::string> add_patch_variants(std::vector<codegen::Variant>& space, const infer::LoadedModel& model,
                                            const choice::Limits& limits, bool ram_decides,
                                            const std::vector<std::string>& cpu_features) {
  for (const codegen::Variant& v : space)
    if (v.get("patches") != "0") return {};  // the user chose
  codegen::EmitOptions eo;
  eo.model_name = model.name;
  eo.cpu_features = cpu_features;
  std::map<std::string, int64_t> arenas;  // by the key of the generation part: same code
  auto arena = [&](const codegen::Variant& v) {
    const codegen::Variant code = v.generation_part();
    const auto it = arenas.find(code.key());
    if (it != arenas.end()) return it->second;
    return arenas[code.key()] = codegen::summarize_model(model.graph, code, eo).arena_bytes;
  };
  std::vector<codegen::Variant> added;
  std::set<std::string> keys;
  for (const codegen::Variant& v : space) keys.insert(v.key());
  std::vector<std::string> notes, refused;
  for (const codegen::Variant& v : std::vector<codegen::Variant>(space)) {
    if (!v.static_workspace()) continue;
    const int64_t whole = arena(v);
    if (!ram_decides && static_cast<uint64_t>(whole) <= limits.ram) continue;
    for (const std::string& k : patch_axis_values()) {
      codegen::Variant p = v;
      p.set("patches", k);
      if (keys.count(p.key())) continue;
      try {
        if (arena(p) >= whole) continue;
      } catch (const codegen::VariantError& e) {  // the model's first layers cannot be banded
        refused.push_back(e.what());
        continue;
      }
      keys.insert(p.key());
      added.push_back(std::move(p));
    }
  }
  if (!added.empty())
    notes.push_back(fmt::format("RAM decides (RAM <= {} B): {} variant{} with the first layers in bands of rows "
                                "(patches={}) added", limits.ram, added.size(), added.size() == 1 ? "" : "s",
                                fmt::join(patch_axis_values(), "|")));
  else if (!refused.empty())
    notes.push_back(fmt::format("RAM decides, but no patched variant: {}", refused.front()));
  space.insert(space.end(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
  return notes;
}

}  // namespace aotbench::sweep
