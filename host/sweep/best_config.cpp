#include "sweep/best_config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <sstream>
#include <stdexcept>

#include "results/files.hpp"

namespace aotbench::sweep {

void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& w) {
  toml::table variant;
  for (const auto& [knob, value] : w.knobs) variant.insert(knob, value);
  toml::table measured{{"counter", results::to_string(run.info.counter)},
                       {"counts_median", static_cast<int64_t>(w.counts ? w.counts->median : 0)},
                       {"flash_bytes", static_cast<int64_t>(w.flash ? w.flash->total() : 0)},
                       {"ram_bytes", static_cast<int64_t>(w.ram ? w.ram->total() : 0)},
                       {"stack_bytes", static_cast<int64_t>(w.stack_bytes.value_or(0))},
                       {"arena_bytes", static_cast<int64_t>(w.arena_bytes.value_or(0))}};
  toml::table doc{{"model", model_arg},
                  {"board", run.info.board},
                  {"objective", run.info.objective},
                  {"run_id", run.info.run_id},
                  {"reason", run.selection_reason},
                  {"variant", variant},
                  {"measured", measured}};
  std::ostringstream text;
  text << "# The best variant found by aotbench (" << run.info.date_utc << ").\n"
       << "# Regenerate its sources with: aotbench codegen --config " << path.filename().string() << " --out DIR\n"
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
  return c;
}

}  // namespace aotbench::sweep
