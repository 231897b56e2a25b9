#include "sweep/best_config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <sstream>
#include <stdexcept>

#include "results/files.hpp"
#include "select/select.hpp"

namespace aotbench::sweep {

void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& w) {
  toml::table variant, layers;
  for (const auto& [knob, value] : w.knobs) variant.insert(knob, value);
  for (const auto& l : w.layers) layers.insert(std::to_string(l.index), l.schedule);
  toml::table measured{{"counter", results::to_string(run.info.counter)},
                       {"counts_median", static_cast<int64_t>(w.counts ? w.counts->median : 0)},
                       {"flash_bytes", static_cast<int64_t>(w.flash ? w.flash->total() : 0)},
                       {"ram_bytes", static_cast<int64_t>(w.ram ? w.ram->total() : 0)},
                       {"stack_bytes", static_cast<int64_t>(w.stack_bytes.value_or(0))},
                       {"arena_bytes", static_cast<int64_t>(w.arena_bytes.value_or(0))}};
  toml::table doc{{"model", model_arg},
                  {"board", run.info.board},
                  {"objective", run.info.objective},
                  {"counter", results::to_string(run.info.counter)},  // what the objective's counts counted
                  {"run_id", run.info.run_id},
                  {"reason", run.selection_reason},
                  {"variant", variant},
                  {"layers", layers},
                  {"measured", measured}};
  std::ostringstream text;
  text << "# The best variant found by aotbench (" << run.info.date_utc << ").\n"
       << "# Regenerate its sources with: aotbench codegen --config " << path.filename().string() << " --out DIR\n"
       << "# [layers] is the kernel schedule of every layer (operator index = schedule); edit one to change\n"
       << "# that layer (`aotbench variants` lists the schedules).\n"
       << doc << "\n";
  results::write_file(path, text.str());  // atomic
}

BestConfig read_best_config(const std::filesystem::path& path) {
  toml::table t;
  try {
    t = toml::parse_file(path.string());
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(fmt::format("{}: {}", path.string(), e.description()));
  }
  BestConfig c;
  c.model = t["model"].value_or(std::string{});
  if (c.model.empty()) throw std::runtime_error(fmt::format("{}: no `model`", path.string()));
  const toml::table* variant = t["variant"].as_table();
  if (!variant) throw std::runtime_error(fmt::format("{}: no [variant] table", path.string()));
  for (const auto& [knob, value] : *variant) {
    auto s = value.value<std::string>();
    if (!s) throw std::runtime_error(fmt::format("{}: variant.{} must be a string", path.string(), knob.str()));
    try {
      c.variant.set(knob.str(), *s);
    } catch (const codegen::VariantError& e) {
      throw std::runtime_error(fmt::format("{}: {}", path.string(), e.what()));
    }
  }
  c.board = t["board"].value_or(std::string{});
  if (const toml::table* layers = t["layers"].as_table()) {
    for (const auto& [index, value] : *layers) {
      auto name = value.value<std::string>();
      int i = -1;
      try {
        i = std::stoi(std::string(index.str()));
      } catch (const std::exception&) {
      }
      if (!name || i < 0 || std::to_string(i) != index.str())
        throw std::runtime_error(fmt::format("{}: layers.{} must be an operator index set to a schedule name",
                                             path.string(), index.str()));
      c.layers[i] = *name;
    }
  }
  return c;
}

codegen::Variant variant_of(const BestConfig& c, const std::map<int, std::string>& chosen) {
  std::map<int, std::string> overrides = c.variant.layer_schedules();
  for (const auto& [index, schedule] : c.layers) {
    const auto it = chosen.find(index);
    if (it == chosen.end() || it->second != schedule) overrides[index] = schedule;
  }
  codegen::Variant v = c.variant;
  v.set("layers", codegen::format_layer_schedules(overrides));
  return v;
}

}  // namespace aotbench::sweep
