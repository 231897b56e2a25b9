#include "host/choice/fit_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "codegen/emit/emitter.hpp"

namespace aotbench::choice {
namespace {

uint64_t over(uint64_t need, uint64_t limit) { return need > limit ? need - limit : 0; }

// "3541984 B of flash for its parameters (2493408 B over the 1048576 B limit)"
std::string need(uint64_t bytes, const char* memory, const std::string& what, uint64_t limit) {
  return fmt::format("{} B of {} for its {} ({})", bytes, memory, what,
                     over(bytes, limit) ? fmt::format("{} B over the {} B limit", over(bytes, limit), limit)
                                        : fmt::format("within the {} B limit", limit));
}

}  // namespace

std::vector<MinimumNeed> minimum_needs(const infer::LoadedModel& model, const std::vector<codegen::Variant>& space,
                                       const std::vector<std::string>& cpu_features) {
  std::map<std::string, MinimumNeed> generated;  // by the key of the variant's generation part
  std::vector<MinimumNeed> needs;
  for (const codegen::Variant& v : space) {
    const codegen::Variant code = v.generation_part();
    auto it = generated.find(code.key());
    if (it == generated.end()) {
      codegen::EmitOptions eo;
      eo.model_name = model.name;
      eo.cpu_features = cpu_features;
      const codegen::EmitSummary s = codegen::summarize_model(model.graph, code, eo);
      MinimumNeed n;
      n.flash = static_cast<uint64_t>(s.param_bytes);
      n.ram = static_cast<uint64_t>((code.static_workspace() ? s.arena_bytes : s.workspace_pool_bytes) + s.state_bytes +
                                   s.ram_param_bytes);
      it = generated.emplace(code.key(), n).first;
    }
    MinimumNeed n = it->second;
    n.key = v.key();
    needs.push_back(n);
  }
  return needs;
}

void check_something_fits(const std::vector<MinimumNeed>& needs, const Limits& limits, const std::string& board) {
  const MinimumNeed* closest = nullptr;
  for (const MinimumNeed& n : needs) {
    const uint64_t miss = over(n.flash, limits.flash) + over(n.ram, limits.ram);
    if (miss == 0) return;  // this one may fit: measure them
    if (!closest || miss < over(closest->flash, limits.flash) + over(closest->ram, limits.ram)) closest = &n;
  }
  if (!closest) return;
  throw NothingFits(fmt::format(
      "nothing can fit {} (flash <= {} B, RAM <= {} B), found before building: all {} variant{} need more than that "
      "for the model's parameters and activations alone. The closest, {}, needs at least {} and {}. Give a board with "
      "more memory, a smaller model, or other --max-flash/--max-ram",
      board, limits.flash, limits.ram, needs.size(), needs.size() == 1 ? "" : "s", closest->key,
      need(closest->flash, "flash", "parameters", limits.flash),
      need(closest->ram, "RAM", codegen::Variant::parse(closest->key).static_workspace() ? "arena" : "workspace pool",
           limits.ram)));
}

}  // namespace aotbench::choice
